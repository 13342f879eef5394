import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  BASE_USDC,
  type Chain,
  createLocalFacilitator,
  probedListingRow,
  startChain,
} from "@tollgate/devnet";
import { createLogger, createSafeHttpClient, type SafeHttpClient } from "@tollgate/platform";
import { recordProbe, type ScoutPolicy, scoutCandidates } from "@tollgate/registry";
import { type ChainFacilitator, createSettlementReader } from "@tollgate/x402";
import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProbe } from "../../prober/src/probe.js";
import { buyOne, reconcile, type ScoutDeps } from "../src/scout.js";

// Round 3 of third-party sellers against the scout's wallet: terms split or disagreeing between header and body,
// odd amounts, addresses and signing domains, and sellers that misbehave once paid (402 again, 200 without
// settling, a receipt naming someone else's transaction, a brotli bomb, a redirect to a private address, a
// connection cut mid-body). Real chain (anvil), real facilitator, real HTTP sellers on loopback, the real scout.
// The money rules are checked on the chain: never more than listed, never twice, every unit moved on a record.

const HOST = "tp3.test";
const FORECAST = { city: "Lisbon", forecast: [{ hour: 0, temp_c: 17 }] };
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");

let chain: Chain;
let facilitator: ChainFacilitator;
let tdb: TestDatabase;
let http: SafeHttpClient;
let deps: ScoutDeps;
let port = 0;
let privatePort = 0;
let payTo = "";
let otherPayTo = "";
const policy: ScoutPolicy = {
  perPurchaseCapUsd: 0.5,
  dailyBudgetUsd: 50,
  perSellerDailyUsd: 50,
  rebuyAfterS: 60,
};
const url = (path: string) => `http://${HOST}:${port}${path}`;

const canonical = (over: Record<string, unknown> = {}) => ({
  scheme: "exact",
  network: "eip155:8453",
  amount: "10000",
  asset: BASE_USDC,
  payTo,
  maxTimeoutSeconds: 60,
  extra: { name: "USD Coin", version: "2" },
  ...over,
});
const v1Offer = (path: string, over: Record<string, unknown> = {}) => ({
  scheme: "exact",
  network: "base",
  maxAmountRequired: "10000",
  resource: url(path),
  description: "hand-written v1",
  mimeType: "application/json",
  payTo,
  maxTimeoutSeconds: 60,
  asset: BASE_USDC,
  extra: { name: "USD Coin", version: "2" },
  ...over,
});
const v2Required = (path: string, accepts: unknown[]) => ({
  x402Version: 2,
  error: "Payment required",
  resource: { url: url(path), mimeType: "application/json" },
  accepts,
});

interface Paid {
  payload: PaymentPayload;
  req: IncomingMessage;
  res: ServerResponse;
  /** Settles the payment through the facilitator against the canonical Base USDC terms. */
  settle(): Promise<{ success: boolean; transaction?: string; errorReason?: string }>;
}
interface Seller {
  /** The unpaid 402. */
  challenge(path: string): {
    headers: Record<string, string>;
    body?: string;
    twice?: string;
    trickle?: boolean;
  };
  /** What the seller does with a payment; default: settle it and deliver with PAYMENT-RESPONSE. */
  paid?(p: Paid): Promise<void>;
}

/** Payments each seller received (every authorization the scout sent it). */
const received: Record<string, PaymentPayload[]> = {};
let privateHits = 0;
let lastTx: string | null = null;

const deliver = async (p: Paid) => {
  const done = await p.settle();
  if (!done.success) {
    p.res.writeHead(402, { "content-type": "application/json" });
    return void p.res.end(JSON.stringify({ error: done.errorReason }));
  }
  p.res.writeHead(200, {
    "content-type": "application/json",
    "PAYMENT-RESPONSE": encodePaymentResponseHeader(done as never),
  });
  p.res.end(JSON.stringify(FORECAST));
};
const headerOnly =
  (over: Record<string, unknown> = {}) =>
  (path: string) => ({
    headers: { "PAYMENT-REQUIRED": b64(v2Required(path, [canonical(over)])) },
  });

const sellers: Record<string, Seller> = {
  // v2 terms in the header, v1 terms in the body naming another payee and nine times the price.
  "/both-disagree": {
    challenge: (p) => ({
      headers: { "PAYMENT-REQUIRED": b64(v2Required(p, [canonical()])), "content-type": "application/json" },
      body: JSON.stringify({
        x402Version: 1,
        accepts: [v1Offer(p, { payTo: otherPayTo, maxAmountRequired: "90000" })],
      }),
    }),
  },
  "/leading-zeros": { challenge: headerOnly({ amount: "0010000" }) },
  // Other chains and a non-USDC token on Base before the Base USDC offer, each far cheaper.
  "/other-offers": {
    challenge: (p) => ({
      headers: {
        "PAYMENT-REQUIRED": b64(
          v2Required(p, [
            canonical({
              network: "eip155:1",
              asset: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
              amount: "1",
            }),
            canonical({ network: "eip155:137", amount: "1" }),
            canonical({ asset: "0x4200000000000000000000000000000000000006", amount: "1" }),
            canonical(),
          ]),
        ),
      },
    }),
  },
  // The same PAYMENT-REQUIRED header twice (node joins nothing: two header lines on the wire).
  "/header-twice": {
    challenge: (p) => ({
      headers: {},
      twice: b64(v2Required(p, [canonical()])),
    }),
  },
  // The 402's body is labelled gzip and is not: the terms are in the header, as an x402 client reads them.
  "/corrupt-gzip": {
    challenge: (p) => ({
      headers: { "PAYMENT-REQUIRED": b64(v2Required(p, [canonical()])), "content-encoding": "gzip" },
      body: "not gzip",
    }),
  },
  // The unpaid 402's body trickles a byte at a time, forever.
  "/trickle": {
    challenge: (p) => ({ headers: { "PAYMENT-REQUIRED": b64(v2Required(p, [canonical()])) }, trickle: true }),
  },
  // Only offers the scout never pays: another token on Base, USDC on another chain.
  "/weth-only": {
    challenge: headerOnly({
      asset: "0x4200000000000000000000000000000000000006",
      extra: { name: "Wrapped Ether", version: "1" },
    }),
  },
  "/other-chain-only": {
    challenge: headerOnly({ network: "eip155:1", asset: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" }),
  },
  // Terms in a version of x402 nobody speaks, or with `accepts` not a list.
  "/version-3": {
    challenge: (p) => ({
      headers: { "PAYMENT-REQUIRED": b64({ ...v2Required(p, [canonical()]), x402Version: 3 }) },
    }),
  },
  "/version-word": {
    challenge: (p) => ({
      headers: { "PAYMENT-REQUIRED": b64({ ...v2Required(p, [canonical()]), x402Version: "v2" }) },
    }),
  },
  "/accepts-object": {
    challenge: (p) => ({
      headers: { "PAYMENT-REQUIRED": b64({ ...v2Required(p, []), accepts: canonical() }) },
    }),
  },
  "/amount-negative": { challenge: headerOnly({ amount: "-10000" }) },
  "/amount-empty": { challenge: headerOnly({ amount: "" }) },
  "/amount-decimals": { challenge: headerOnly({ amount: "10000.5" }) },
  "/amount-huge": { challenge: headerOnly({ amount: (2n ** 256n + 10000n).toString() }) },
  "/timeout-zero": { challenge: headerOnly({ maxTimeoutSeconds: 0 }) },
  "/bad-checksum": { challenge: headerOnly() },
  "/wrong-domain": { challenge: headerOnly({ extra: { name: "USDC", version: "1" } }) },
  // Takes the money, then answers 402 again.
  "/402-after-settling": {
    challenge: headerOnly(),
    async paid(p) {
      await p.settle();
      p.res.writeHead(402, { "PAYMENT-REQUIRED": b64(v2Required("/402-after-settling", [canonical()])) });
      p.res.end("{}");
    },
  },
  // Refuses the payment without settling and asks again.
  "/402-again": {
    challenge: headerOnly(),
    async paid(p) {
      p.res.writeHead(402, { "PAYMENT-REQUIRED": b64(v2Required("/402-again", [canonical()])) });
      p.res.end("{}");
    },
  },
  // Delivers without settling, with a receipt naming a made-up transaction.
  "/200-unsettled": {
    challenge: headerOnly(),
    async paid(p) {
      p.res.writeHead(200, {
        "content-type": "application/json",
        "PAYMENT-RESPONSE": b64({
          success: true,
          transaction: `0x${"ab".repeat(32)}`,
          network: "eip155:8453",
        }),
      });
      p.res.end(JSON.stringify(FORECAST));
    },
  },
  // Settles, but its receipt names someone else's transaction.
  "/someone-elses-tx": {
    challenge: headerOnly(),
    async paid(p) {
      const done = await p.settle();
      p.res.writeHead(200, {
        "content-type": "application/json",
        "PAYMENT-RESPONSE": b64({ success: true, transaction: lastTx, network: "eip155:8453" }),
      });
      p.res.end(JSON.stringify({ ...FORECAST, settled: done.success }));
    },
  },
  // 103 Early Hints before the 402 and before the paid answer, which has no length and ends when the connection
  // closes (as an HTTP/1.0 server answers).
  "/early-hints-close": {
    challenge: headerOnly(),
    async paid(p) {
      p.res.writeEarlyHints({ link: "</style.css>; rel=preload; as=style" });
      const done = await p.settle();
      p.res.useChunkedEncodingByDefault = false;
      p.res.shouldKeepAlive = false;
      p.res.writeHead(200, {
        "content-type": "application/json",
        connection: "close",
        "PAYMENT-RESPONSE": encodePaymentResponseHeader(done as never),
      });
      p.res.end(JSON.stringify(FORECAST));
    },
  },
  // Settles, then answers a brotli bomb.
  "/br-bomb": {
    challenge: headerOnly(),
    async paid(p) {
      await p.settle();
      p.res.writeHead(200, { "content-type": "application/json", "content-encoding": "br" });
      p.res.end(BR_BOMB);
    },
  },
  // Settles, then redirects the paid request to a private address.
  "/redirect-private": {
    challenge: headerOnly(),
    async paid(p) {
      await p.settle();
      p.res.writeHead(307, { location: `http://127.0.0.1:${privatePort}/steal` });
      p.res.end();
    },
  },
  // Settles, then promises 4000 bytes, sends 20 and drops the connection.
  "/cut-short": {
    challenge: headerOnly(),
    async paid(p) {
      await p.settle();
      p.res.writeHead(200, { "content-type": "application/json", "content-length": "4000" });
      p.res.write('{"city":"Lisbon","f');
      setTimeout(() => p.res.socket?.destroy(), 50);
    },
  },
};

// The same sellers under other paths, for the tests where they settle what they held.
sellers["/402-settle-later"] = sellers["/402-again"]!;
sellers["/200-settle-later"] = sellers["/200-unsettled"]!;

let BR_BOMB: Buffer;

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  const seller = sellers[path];
  if (!seller) {
    res.writeHead(404);
    return res.end();
  }
  const header = (req.headers["payment-signature"] ?? req.headers["x-payment"]) as string | undefined;
  if (!header) {
    const c = seller.challenge(path);
    if (c.twice) res.setHeader("PAYMENT-REQUIRED", [c.twice, c.twice]);
    res.writeHead(402, c.headers);
    if (c.trickle) {
      const t = setInterval(() => res.write(" "), 100);
      return void res.on("close", () => clearInterval(t));
    }
    return res.end(c.body ?? "");
  }
  const payload = decodePaymentSignatureHeader(header) as PaymentPayload;
  received[path] = [...(received[path] ?? []), payload];
  await (seller.paid ?? deliver)({ payload, req, res, settle: () => settleNow(payload) });
}

/** Settles a payment the seller holds, through the facilitator, against the canonical Base USDC terms. */
async function settleNow(payload: PaymentPayload) {
  const terms = canonical() as unknown as PaymentRequirements;
  const checked = { ...payload, x402Version: 2, accepted: terms } as PaymentPayload;
  const v = await facilitator.verify(checked, terms);
  if (!v.isValid) return { success: false, errorReason: v.invalidReason };
  const done = await facilitator.settle(checked, terms);
  if (done.success) lastTx = done.transaction;
  return done;
}

let server: Server;
let privateServer: Server;
beforeAll(async () => {
  BR_BOMB = brotliCompressSync(Buffer.alloc(64 * 1024 * 1024, "["), {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
  });
  chain = await startChain();
  facilitator = createLocalFacilitator(chain);
  payTo = chain.wallets.sellers[4]!.address;
  otherPayTo = chain.wallets.sellers[5]!.address;
  tdb = await createTestDatabase();
  server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  port = (server.address() as AddressInfo).port;
  privateServer = createServer((_req, res) => {
    privateHits++;
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
  await new Promise<void>((r) => privateServer.listen(0, "127.0.0.1", () => r()));
  privatePort = (privateServer.address() as AddressInfo).port;
  http = createSafeHttpClient({
    verifiedBy: "tollgate-test",
    timeoutMs: 5000,
    maxBodyBytes: 1024 * 1024,
    allowance: { hosts: { [HOST]: "127.0.0.1" }, cidrs: [] },
    allowHttp: true,
  });
  deps = {
    db: tdb.db,
    log: createLogger("scout-round3", "silent"),
    http,
    account: privateKeyToAccount(chain.wallets.scout.privateKey),
    publicClient: chain.publicClient as never,
    settlements: createSettlementReader(chain.rpcUrl),
    policy,
    timeoutMs: 5000,
  };
});
afterAll(async () => {
  await http?.close();
  for (const s of [server, privateServer]) {
    s?.closeAllConnections();
    await new Promise<void>((r) => (s ? s.close(() => r()) : r()));
  }
  await tdb?.drop();
  await chain?.stop();
});

let slot = 1;
/** Lists the endpoint (0.01 USDC), probes it for real and returns the scout's candidate. */
async function listAndProbe(path: string) {
  const id = randomUUID();
  await tdb.db
    .insertInto("listings")
    .values(
      probedListingRow(
        { url: url(path), host: HOST },
        { id, payTo },
        {
          obs_pay_to: null,
          amount_atomic: null,
          amount_usd: null,
          score: 0.95,
          probe_count: 40,
          probes_passed: 40,
        },
      ) as never,
    )
    .execute();
  const outcome = await runProbe(http, { id, endpoint_url: url(path), sample_query: null }, slot++, {
    timeoutMs: 5000,
  });
  expect(outcome.passed).toBe(true);
  await recordProbe(tdb.db, outcome);
  return candidate(id);
}
/** A listing the prober saw at 0.01 USDC to `seen` (the seller may serve other terms by now). */
async function listSeen(path: string, seen = payTo) {
  const id = randomUUID();
  await tdb.db
    .insertInto("listings")
    .values(
      probedListingRow(
        { url: url(path), host: HOST },
        { id, payTo: seen },
        { response_schema: null },
      ) as never,
    )
    .execute();
  return candidate(id);
}
async function candidate(id: string) {
  const c = (await scoutCandidates(tdb.db, new Date(), policy, 1000)).find((x) => x.id === id);
  if (!c) throw new Error(`listing ${id} is not a scout candidate`);
  return c;
}
const purchasesOf = (id: string) =>
  tdb.db.selectFrom("purchases").selectAll().where("listing_id", "=", id).orderBy("at").execute();
const scoutBalance = () => chain.balanceOf(chain.wallets.scout.address);
/** Atomic USDC the listing's purchase records say were paid (a record with a transaction). */
async function recordedSpend(listingId: string) {
  const rows = await purchasesOf(listingId);
  return rows.reduce(
    (s, r) => s + (r.tx_hash ? BigInt(Math.round(Number(r.amount_usdc ?? 0) * 1e6)) : 0n),
    0n,
  );
}
/** Buys once; returns what left the wallet and the listing's purchase rows. */
async function buy(c: Awaited<ReturnType<typeof candidate>>) {
  const before = await scoutBalance();
  const result = await buyOne(deps, c);
  const spent = before - (await scoutBalance());
  return { result, spent, rows: await purchasesOf(c.id) };
}

describe("round 3: the scout reads odd terms as the prober does", () => {
  it("terms in the header and the body disagreeing: the header's are paid, once, at the listed price", async () => {
    const c = await listAndProbe("/both-disagree");
    expect(c.obs_pay_to).toBe(payTo);
    const { result, spent, rows } = await buy(c);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "delivered", amount_usdc: 0.01 });
    expect(received["/both-disagree"]).toHaveLength(1);
  });

  it("an amount with leading zeros is the same price", async () => {
    const c = await listAndProbe("/leading-zeros");
    const { result, spent, rows } = await buy(c);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(rows[0]).toMatchObject({ outcome: "delivered" });
  });

  it("offers on other chains and in another token beside Base USDC: only the Base USDC one is paid", async () => {
    const c = await listAndProbe("/other-offers");
    const { result, spent, rows } = await buy(c);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(rows[0]).toMatchObject({ outcome: "delivered" });
    const [sent] = received["/other-offers"]!;
    expect(sent!.accepted).toMatchObject({ network: "eip155:8453", asset: BASE_USDC, amount: "10000" });
  });

  it("the same PAYMENT-REQUIRED header sent twice: read once, paid once", async () => {
    const c = await listAndProbe("/header-twice");
    const { result, spent, rows } = await buy(c);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(rows[0]).toMatchObject({ outcome: "delivered" });
    expect(received["/header-twice"]).toHaveLength(1);
  });

  it("a 402 whose body is labelled gzip and is not: the header's terms are paid, once", async () => {
    const c = await listAndProbe("/corrupt-gzip");
    const { result, spent, rows } = await buy(c);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(rows[0]).toMatchObject({ outcome: "delivered" });
  });

  it("an unpaid 402 trickled past the scout's time limit: nothing signed, nothing recorded, no stall", async () => {
    const c = await listSeen("/trickle");
    const started = performance.now();
    const before = await scoutBalance();
    expect(await buyOne({ ...deps, timeoutMs: 1500 }, c)).toBe("client_error");
    expect(performance.now() - started).toBeLessThan(3000);
    expect(before - (await scoutBalance())).toBe(0n);
    expect(received["/trickle"]).toBeUndefined();
    expect(await purchasesOf(c.id)).toHaveLength(0);
  });

  it.each([
    ["/weth-only", "unparseable_402_quote"],
    ["/version-3", "unparseable_402_quote"],
    ["/version-word", "unparseable_402_quote"],
    ["/accepts-object", "unparseable_402_quote"],
    ["/other-chain-only", "unparseable_402_quote"],
    ["/amount-negative", "unparseable_402_quote"],
    ["/amount-empty", "unparseable_402_quote"],
    ["/amount-decimals", "unparseable_402_quote"],
    ["/amount-huge", "price_drift"],
    ["/timeout-zero", "unparseable_402_quote"],
  ])("at purchase the seller serves %s: nothing is signed, a dry run says why", async (path, outcome) => {
    const c = await listSeen(path);
    const { result, spent, rows } = await buy(c);
    expect(result).toBe("not_paid");
    expect(spent).toBe(0n);
    expect(received[path]).toBeUndefined();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome, dry_run: true, tx_hash: null });
  });

  it("a payTo with a broken EIP-55 checksum is never signed for: one dry run, not a re-run every round", async () => {
    // The seen payTo with one letter's case flipped: the same twenty bytes, a checksum that fails.
    const i = payTo.slice(2).search(/[a-fA-F]/) + 2;
    const ch = payTo[i]!;
    const broken = `${payTo.slice(0, i)}${ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()}${payTo.slice(i + 1)}`;
    expect(broken.toLowerCase()).toBe(payTo.toLowerCase());
    expect(broken).not.toBe(payTo);
    sellers["/bad-checksum"] = { challenge: headerOnly({ payTo: broken }) };
    const c = await listSeen("/bad-checksum", broken);
    const { result, spent, rows } = await buy(c);
    expect(spent).toBe(0n);
    expect(received["/bad-checksum"]).toBeUndefined();
    expect(result).toBe("not_paid");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "unparseable_402_quote", dry_run: true, tx_hash: null });
  });

  it("an EIP-712 domain that is not Base USDC's is never signed (the authorization could not be valid)", async () => {
    const c = await listSeen("/wrong-domain");
    const { result, spent, rows } = await buy(c);
    expect(spent).toBe(0n);
    expect(received["/wrong-domain"]).toBeUndefined();
    expect(result).toBe("not_paid");
    expect(rows).toEqual([
      expect.objectContaining({ outcome: "unparseable_402_quote", dry_run: true, state: "recorded" }),
    ]);
  });
});

describe("round 3: sellers that misbehave once paid", () => {
  it("takes the money and answers 402 again: paid once, recorded paid_but_status_402, never re-signed", async () => {
    const c = await listSeen("/402-after-settling");
    const { result, spent, rows } = await buy(c);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(received["/402-after-settling"]).toHaveLength(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "paid_but_status_402", delivered: false, amount_usdc: 0.01 });
    expect(rows[0]!.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("refuses the payment and asks again: one authorization only, no money, the listing not re-bought while it is open", async () => {
    const c = await listSeen("/402-again");
    const { spent } = await buy(c);
    expect(spent).toBe(0n);
    expect(received["/402-again"]).toHaveLength(1);
    expect(await buyOne(deps, c)).toBe("busy");
    expect(received["/402-again"]).toHaveLength(1);
    // Once the authorization can no longer be settled, the chain says it never moved money.
    await tdb.db
      .updateTable("purchases")
      .set({ at: new Date(Date.now() - 20 * 60_000), valid_before: new Date(Date.now() - 10 * 60_000) })
      .where("listing_id", "=", c.id)
      .execute();
    await reconcile(deps, new Date());
    const rows = await purchasesOf(c.id);
    expect(rows).toEqual([
      expect.objectContaining({
        state: "recorded",
        tx_hash: null,
        delivered: false,
        dry_run: true,
        outcome: "paid_but_status_402",
        note: "not paid: the seller did not settle the payment",
      }),
    ]);
    expect(await recordedSpend(c.id)).toBe(0n);
  });

  it("answers 402 to the payment, then settles it later: graded on the 402 it gave, not excused as the scout's failure", async () => {
    const c = await listSeen("/402-settle-later");
    const before = await scoutBalance();
    await buyOne(deps, c);
    const held = received["/402-settle-later"]!.at(-1)!;
    expect((await settleNow(held)).success).toBe(true);
    await tdb.db
      .updateTable("purchases")
      .set({ at: new Date(Date.now() - 20 * 60_000) })
      .where("listing_id", "=", c.id)
      .execute();
    await reconcile(deps, new Date());
    const rows = await purchasesOf(c.id);
    expect(rows).toEqual([
      expect.objectContaining({
        state: "recorded",
        outcome: "paid_but_status_402",
        delivered: false,
        dry_run: false,
        tx_hash: lastTx,
        amount_usdc: 0.01,
        http_status: 402,
      }),
    ]);
    expect(before - (await scoutBalance())).toBe(10_000n);
    expect(await recordedSpend(c.id)).toBe(10_000n);
  });

  it("delivers first and settles later: the delivery is graded once the chain shows the payment", async () => {
    const c = await listSeen("/200-settle-later");
    await buyOne(deps, c);
    expect((await settleNow(received["/200-settle-later"]!.at(-1)!)).success).toBe(true);
    await tdb.db
      .updateTable("purchases")
      .set({ at: new Date(Date.now() - 20 * 60_000) })
      .where("listing_id", "=", c.id)
      .execute();
    await reconcile(deps, new Date());
    const rows = await purchasesOf(c.id);
    expect(rows).toEqual([
      expect.objectContaining({
        state: "recorded",
        outcome: "delivered",
        delivered: true,
        dry_run: false,
        tx_hash: lastTx,
      }),
    ]);
    expect(rows[0]!.tx_hash).not.toBe(`0x${"ab".repeat(32)}`);
  });

  it("delivers without settling, with a receipt naming a made-up transaction: never recorded as paid or delivered", async () => {
    const c = await listSeen("/200-unsettled");
    const { spent, rows } = await buy(c);
    expect(spent).toBe(0n);
    expect(received["/200-unsettled"]).toHaveLength(1);
    for (const r of rows) {
      expect(r.tx_hash).not.toBe(`0x${"ab".repeat(32)}`);
      expect(r.delivered).toBe(false);
    }
  });

  it("settles but names someone else's transaction in its receipt: the chain's own transaction is recorded", async () => {
    const c = await listSeen("/someone-elses-tx");
    const before = lastTx;
    const { result, spent, rows } = await buy(c);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(rows[0]!.tx_hash).toBe(lastTx);
    expect(rows[0]!.tx_hash).not.toBe(before);
  });

  it("103 Early Hints, then a paid answer delimited by closing the connection: delivered, paid once", async () => {
    const c = await listAndProbe("/early-hints-close");
    const { result, spent, rows } = await buy(c);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(rows[0]).toMatchObject({ outcome: "delivered", delivered: true });
    expect(received["/early-hints-close"]).toHaveLength(1);
  });

  it("settles, then answers a brotli bomb: the payment is on the record, the answer is not called a timeout", async () => {
    const c = await listSeen("/br-bomb");
    const started = performance.now();
    const { result, spent, rows } = await buy(c);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(await recordedSpend(c.id)).toBe(10_000n);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.outcome).not.toBe("timeout");
    expect(rows[0]!.delivered).toBe(false);
    expect(rows[0]!.failure_reason).toMatch(/cap|too large|size/i);
  });

  it("settles, then redirects the paid request to a private address: never followed; recorded as the redirect it was", async () => {
    privateHits = 0;
    const c = await listSeen("/redirect-private");
    const { result, spent, rows } = await buy(c);
    expect(privateHits).toBe(0);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(await recordedSpend(c.id)).toBe(10_000n);
    expect(rows[0]).toMatchObject({ outcome: "paid_but_status_307", delivered: false, dry_run: false });
  });

  it("settles, then cuts the connection mid-body: recorded as the seller's failure, not a timeout", async () => {
    const c = await listSeen("/cut-short");
    const { result, spent, rows } = await buy(c);
    expect(result).toBe("recorded");
    expect(spent).toBe(10_000n);
    expect(await recordedSpend(c.id)).toBe(10_000n);
    expect(rows[0]!.outcome).not.toBe("timeout");
    expect(rows[0]).toMatchObject({ delivered: false, dry_run: false });
  });
});
