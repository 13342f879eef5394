import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  BASE_USDC,
  type Chain,
  createLocalFacilitator,
  probedListingRow,
  startChain,
  startOfficialSeller,
} from "@tollgate/devnet";
import { createLogger, createSafeHttpClient, type SafeHttpClient } from "@tollgate/platform";
import { recordProbe, type ScoutPolicy, scoutCandidates } from "@tollgate/registry";
import { type ChainFacilitator, createSettlementReader } from "@tollgate/x402";
import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProbe } from "../../prober/src/probe.js";
import { buyOne, type ScoutDeps } from "../src/scout.js";

// Third-party sellers (not the devnet's), each written as its author would: the official @x402/hono middleware,
// or node http answering a 402 in its own style and settling through a facilitator. Each listing is probed for
// real first (its payTo and price are what the prober records), then the scout buys on anvil.

const HOST = "tp.test";
const FORECAST = { city: "Lisbon", forecast: [{ hour: 0, temp_c: 17 }] };
const OTHER_TOKEN = "0x4200000000000000000000000000000000000006";
const mppRequest = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");

let chain: Chain;
let facilitator: ChainFacilitator;
let tdb: TestDatabase;
let http: SafeHttpClient;
let deps: ScoutDeps;
let port = 0;
let payTo = "";
/** Where /v1/caip2-moved sends payment once a test moves it. */
let movedPayTo: string | null = null;
let official: Awaited<ReturnType<typeof startOfficialSeller>>;
const policy: ScoutPolicy = {
  perPurchaseCapUsd: 0.5,
  dailyBudgetUsd: 5,
  perSellerDailyUsd: 5,
  rebuyAfterS: 60,
};
const url = (path: string) => `http://${HOST}:${port}${path}`;
/** Paid requests each hand-written seller settled, and the last payment each one received. */
const settled: Record<string, number> = {};
const received: Record<string, PaymentPayload> = {};

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

interface Style {
  /** The unpaid 402: status 402 always; headers and body as this seller writes them. */
  challenge(path: string): { headers: Record<string, string>; body: string | Buffer };
  /** The paid answer's extra headers and body encoding. */
  gzipDelivery?: boolean;
  /** Answers only POST (GET is 405), as an API that takes its input in a JSON body. */
  postOnly?: boolean;
  /** v1 (X-PAYMENT, X-PAYMENT-RESPONSE) or v2 (PAYMENT-SIGNATURE, PAYMENT-RESPONSE). */
  version: 1 | 2;
}

const v2Required = (path: string, accepts: unknown[]) => ({
  x402Version: 2,
  error: "Payment required",
  resource: { url: url(path), mimeType: "application/json" },
  accepts,
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

const styles: Record<string, Style> = {
  "/v1": {
    version: 1,
    challenge: (p) => ({
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ x402Version: 1, error: "X-PAYMENT header is required", accepts: [v1Offer(p)] }),
    }),
  },
  "/v1/bom": {
    version: 1,
    challenge: (p) => ({
      headers: { "content-type": "application/json; charset=utf-8" },
      body: `\uFEFF${JSON.stringify({ x402Version: "1", accepts: [v1Offer(p)] })}`,
    }),
  },
  "/v2/huge": {
    version: 2,
    challenge: (p) => ({
      headers: { "content-type": "text/html", "PAYMENT-REQUIRED": b64(v2Required(p, [canonical()])) },
      body: Buffer.alloc(3 * 1024 * 1024, "x"),
    }),
  },
  "/v2/tempo-beside": {
    version: 2,
    challenge: (p) => ({
      headers: {
        "PAYMENT-REQUIRED": b64(v2Required(p, [canonical()])),
        "WWW-Authenticate": `Payment id="t1", realm="${HOST}", method="tempo", intent="charge", request="${Buffer.from(JSON.stringify({ amount: "10000", currency: BASE_USDC, recipient: payTo })).toString("base64url")}"`,
      },
      body: "{}",
    }),
  },
  "/v2/mpp-elsewhere-beside": {
    version: 2,
    challenge: (p) => ({
      headers: {
        "PAYMENT-REQUIRED": b64(v2Required(p, [canonical()])),
        "WWW-Authenticate": `Payment id="e1", realm="${HOST}", method="evm", intent="charge", request="${mppRequest({ amount: "10000", currency: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", recipient: payTo, methodDetails: { chainId: 1 } })}"`,
      },
      body: "{}",
    }),
  },
  "/v2/mpp-other-recipient": {
    version: 2,
    challenge: (p) => ({
      headers: {
        "PAYMENT-REQUIRED": b64(v2Required(p, [canonical()])),
        "WWW-Authenticate": `Payment id="o1", realm="${HOST}", method="evm", intent="charge", request="${mppRequest({ amount: "10000", currency: BASE_USDC, recipient: chain.wallets.sellers[5]!.address, methodDetails: { chainId: 8453 } })}"`,
      },
      body: "{}",
    }),
  },
  "/v1/no-extra": {
    version: 1,
    challenge: (p) => ({
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ x402Version: 1, accepts: [v1Offer(p, { extra: undefined })] }),
    }),
  },
  "/v2/no-extra": {
    version: 2,
    challenge: (p) => ({
      headers: { "PAYMENT-REQUIRED": b64(v2Required(p, [canonical({ extra: { feePayer: "seller" } })])) },
      body: "",
    }),
  },
  "/v2/post-only": {
    version: 2,
    postOnly: true,
    challenge: (p) => ({
      headers: { "content-type": "application/json", "PAYMENT-REQUIRED": b64(v2Required(p, [canonical()])) },
      body: "{}",
    }),
  },
  "/v2/header-html": {
    version: 2,
    challenge: (p) => ({
      headers: { "content-type": "text/html", "PAYMENT-REQUIRED": b64(v2Required(p, [canonical()])) },
      body: "<html><body>Payment required</body></html>",
    }),
  },
  "/v2/body-only": {
    version: 2,
    challenge: (p) => ({
      headers: { "content-type": "application/json" },
      body: JSON.stringify(v2Required(p, [canonical()])),
    }),
  },
  "/v2/bad-header-v1-body": {
    version: 1,
    challenge: (p) => ({
      headers: { "content-type": "application/json", "PAYMENT-REQUIRED": "not%%base64" },
      body: JSON.stringify({ x402Version: 1, accepts: [v1Offer(p)] }),
    }),
  },
  "/v2/many": {
    version: 2,
    challenge: (p) => ({
      headers: {
        "PAYMENT-REQUIRED": b64(
          v2Required(p, [
            canonical({
              network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
              asset: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
              payTo: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
            }),
            canonical({ network: "eip155:84532", asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e" }),
            canonical({ asset: OTHER_TOKEN, amount: "5000", extra: { name: "Wrapped Ether", version: "1" } }),
            canonical(),
          ]),
        ),
      },
      body: "{}",
    }),
  },
  "/v2/base-name": {
    version: 2,
    challenge: (p) => ({
      headers: {
        "PAYMENT-REQUIRED": b64(
          v2Required(p, [
            canonical({
              network: "base",
              amount: 10000,
              payTo: payTo.toLowerCase(),
              asset: BASE_USDC.toLowerCase(),
              extra: { name: "USD Coin", version: "2", note: "unknown to us" },
            }),
          ]),
        ),
      },
      body: "",
    }),
  },
  "/v2/base-name-over": {
    version: 2,
    challenge: (p) => ({
      headers: { "PAYMENT-REQUIRED": b64(v2Required(p, [canonical({ network: "base", amount: 50000 })])) },
      body: "",
    }),
  },
  "/v1/caip2-moved": {
    version: 1,
    challenge: (p) => ({
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        x402Version: 1,
        accepts: [v1Offer(p, { network: "eip155:8453", payTo: movedPayTo ?? payTo })],
      }),
    }),
  },
  "/v1/caip2": {
    version: 1,
    challenge: (p) => ({
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ x402Version: 1, accepts: [v1Offer(p, { network: "eip155:8453" })] }),
    }),
  },
  "/v2/gzip": {
    version: 2,
    gzipDelivery: true,
    challenge: (p) => ({
      headers: {
        "content-encoding": "gzip",
        "content-type": "application/json",
        "PAYMENT-REQUIRED": b64(v2Required(p, [canonical()])),
      },
      body: gzipSync("{}"),
    }),
  },
};

/** The Base USDC terms in the form our facilitator checks (a seller's own facilitator reads its own forms). */
function facilitatorTerms(version: 1 | 2, path: string): PaymentRequirements {
  return (version === 1 ? v1Offer(path) : canonical()) as unknown as PaymentRequirements;
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  if (path === "/moved") {
    res.writeHead(307, { location: "/v1" });
    return res.end();
  }
  const style = styles[path];
  if (!style) {
    res.writeHead(404);
    return res.end();
  }
  if (style.postOnly && req.method !== "POST") {
    res.writeHead(405, { allow: "POST", "content-type": "application/json" });
    return res.end(JSON.stringify({ error: "method not allowed" }));
  }
  const paid = (style.version === 1 ? req.headers["x-payment"] : req.headers["payment-signature"]) as
    | string
    | undefined;
  if (!paid) {
    const c = style.challenge(path);
    res.writeHead(402, c.headers);
    return res.end(c.body);
  }
  const payload = decodePaymentSignatureHeader(paid) as PaymentPayload;
  received[path] = payload;
  const terms = facilitatorTerms(style.version, path);
  // Our facilitator checks its own forms (CAIP-2 in v2, v1 names in v1); a seller's facilitator reads the seller's.
  const checked = (
    style.version === 2 ? { ...payload, accepted: terms } : { ...payload, network: "base" }
  ) as PaymentPayload;
  const verified = await facilitator.verify(checked, terms);
  if (!verified.isValid) {
    res.writeHead(402, { "content-type": "application/json" });
    return res.end(JSON.stringify({ error: verified.invalidReason }));
  }
  const done = await facilitator.settle(checked, terms);
  if (!done.success) {
    res.writeHead(402, { "content-type": "application/json" });
    return res.end(JSON.stringify({ error: done.errorReason }));
  }
  settled[path] = (settled[path] ?? 0) + 1;
  const body = JSON.stringify(FORECAST);
  res.writeHead(200, {
    "content-type": "application/json",
    [style.version === 1 ? "X-PAYMENT-RESPONSE" : "PAYMENT-RESPONSE"]: encodePaymentResponseHeader(done),
    ...(style.gzipDelivery ? { "content-encoding": "gzip" } : {}),
  });
  res.end(style.gzipDelivery ? gzipSync(body) : body);
}

let server: Server;
beforeAll(async () => {
  chain = await startChain();
  facilitator = createLocalFacilitator(chain);
  payTo = chain.wallets.sellers[3]!.address;
  tdb = await createTestDatabase();
  server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  port = (server.address() as AddressInfo).port;
  official = await startOfficialSeller({
    path: "/weather",
    facilitator,
    accepts: [
      {
        scheme: "exact",
        network: "eip155:8453",
        payTo,
        price: { amount: "10000", asset: BASE_USDC, extra: { name: "USD Coin", version: "2" } },
      },
    ],
    answer: (c) => c.json(FORECAST),
  });
  http = createSafeHttpClient({
    verifiedBy: "tollgate-test",
    timeoutMs: 5000,
    allowance: { hosts: { [HOST]: "127.0.0.1", "official.test": "127.0.0.1" }, cidrs: [] },
    allowHttp: true,
  });
  deps = {
    db: tdb.db,
    log: createLogger("scout-test", "silent"),
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
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  await official?.stop();
  await tdb?.drop();
  await chain?.stop();
});

let slot = 1;
/** Lists the endpoint as verified with no terms yet, probes it for real, and returns the scout's candidate. */
async function listAndProbe(endpoint: string) {
  const id = randomUUID();
  const host = new URL(endpoint).hostname;
  await tdb.db
    .insertInto("listings")
    .values(
      probedListingRow(
        { url: endpoint, host },
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
  const outcome = await runProbe(http, { id, endpoint_url: endpoint, sample_query: null }, slot++, {
    timeoutMs: 5000,
  });
  expect(outcome.passed).toBe(true);
  await recordProbe(tdb.db, outcome);
  const c = (await scoutCandidates(tdb.db, new Date(), policy, 1000)).find((x) => x.id === id);
  if (!c) throw new Error(`listing ${id} is not a scout candidate`);
  return c;
}
const purchasesOf = (id: string) =>
  tdb.db.selectFrom("purchases").selectAll().where("listing_id", "=", id).orderBy("at").execute();
const scoutBalance = () => chain.balanceOf(chain.wallets.scout.address);
const sellerBalance = () => chain.balanceOf(payTo as `0x${string}`);

/** Buys once and expects a delivered purchase of exactly 0.01 USDC to payTo, settled on chain. */
async function expectDelivered(endpoint: string) {
  const c = await listAndProbe(endpoint);
  expect(c.obs_pay_to?.toLowerCase()).toBe(payTo.toLowerCase());
  const [scout, seller] = [await scoutBalance(), await sellerBalance()];
  expect(await buyOne(deps, c)).toBe("recorded");
  const [p] = await purchasesOf(c.id);
  expect(p).toMatchObject({
    outcome: "delivered",
    delivered: true,
    dry_run: false,
    json_valid: true,
    schema_valid: true,
    amount_usdc: 0.01,
    quote_amount_atomic: "10000",
    http_status: 200,
  });
  expect(p!.pay_to?.toLowerCase()).toBe(payTo.toLowerCase());
  expect(p!.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(await scoutBalance()).toBe(scout - 10_000n);
  expect(await sellerBalance()).toBe(seller + 10_000n);
  return p!;
}

describe("the scout buys from third-party sellers", () => {
  it("the official @x402/hono paymentMiddleware seller", async () => {
    const before = official.paid;
    await expectDelivered(`http://official.test:${official.port}/weather`);
    expect(official.paid).toBe(before + 1);
  });

  it("a hand-written v1 seller (body terms, X-PAYMENT, X-PAYMENT-RESPONSE, charset in content-type)", async () => {
    await expectDelivered(url("/v1"));
    expect(settled["/v1"]).toBe(1);
  });

  it("v1 terms in a body with a byte-order mark and x402Version as a string", async () => {
    await expectDelivered(url("/v1/bom"));
    expect(received["/v1/bom"]).toMatchObject({ x402Version: 1, network: "base" });
  });

  it("v2 terms in the header and a 402 body past the client's cap", async () => {
    await expectDelivered(url("/v2/huge"));
  });

  it("an MPP challenge in a method the scout does not settle (tempo) beside x402 terms: paid with x402", async () => {
    await expectDelivered(url("/v2/tempo-beside"));
    expect(received["/v2/tempo-beside"]).toMatchObject({
      x402Version: 2,
      accepted: { network: "eip155:8453" },
    });
  });

  it("an MPP evm charge on another chain beside x402 terms on Base: the x402 terms are paid", async () => {
    await expectDelivered(url("/v2/mpp-elsewhere-beside"));
    expect(received["/v2/mpp-elsewhere-beside"]).toMatchObject({ x402Version: 2 });
  });

  it("an MPP evm charge to a recipient no probe saw beside x402 terms to the seen payTo: the x402 terms are paid", async () => {
    await expectDelivered(url("/v2/mpp-other-recipient"));
    expect(received["/v2/mpp-other-recipient"]).toMatchObject({ x402Version: 2 });
    expect(await chain.balanceOf(chain.wallets.sellers[5]!.address)).toBe(0n);
  });

  it.each(["/v1/no-extra", "/v2/no-extra"])(
    "terms in Base USDC without its EIP-712 domain in `extra` (%s): signed over Base USDC's",
    async (path) => {
      await expectDelivered(url(path));
      // What goes back is the seller's own terms, without the domain the scout signed over.
      if (path.startsWith("/v2")) expect(received[path]?.accepted.extra).toEqual({ feePayer: "seller" });
    },
  );

  it("a seller that challenges only POST (the prober's retry) is bought with the prober's POST", async () => {
    const p = await expectDelivered(url("/v2/post-only"));
    expect(settled["/v2/post-only"]).toBe(1);
    const l = await tdb.db
      .selectFrom("listings")
      .select("verified_via")
      .where("id", "=", p.listing_id)
      .executeTakeFirstOrThrow();
    expect(l.verified_via).toBe("POST");
  });

  it("v2 terms only in the header, beside an HTML body", async () => {
    await expectDelivered(url("/v2/header-html"));
  });

  it("v2 terms only in the body, no PAYMENT-REQUIRED header", async () => {
    await expectDelivered(url("/v2/body-only"));
    expect(settled["/v2/body-only"]).toBe(1);
  });

  it("a malformed PAYMENT-REQUIRED header beside v1 terms in the body: the body's terms are paid", async () => {
    await expectDelivered(url("/v2/bad-header-v1-body"));
  });

  it("Base USDC exact offered last, after Solana, base-sepolia and another token on Base", async () => {
    await expectDelivered(url("/v2/many"));
    expect(settled["/v2/many"]).toBe(1);
  });

  it("v2 naming Base `base`, lower-case payTo and asset, a JSON-number amount, unknown extra fields", async () => {
    await expectDelivered(url("/v2/base-name"));
    // The seller's own terms go back as `accepted`, as it wrote them.
    expect(received["/v2/base-name"]?.accepted).toMatchObject({ network: "base", amount: 10000 });
  });

  it("v1 naming Base by its CAIP-2 id", async () => {
    await expectDelivered(url("/v1/caip2"));
    expect(received["/v1/caip2"]).toMatchObject({ x402Version: 1, scheme: "exact", network: "eip155:8453" });
  });

  it("through either alias the money checks hold: above the listed price, or to an unseen payTo, nothing is signed", async () => {
    const over = await listAndProbe(url("/v2/base-name-over"));
    const before = await scoutBalance();
    expect(await buyOne(deps, over)).toBe("not_paid");
    expect(await purchasesOf(over.id)).toMatchObject([
      { outcome: "price_drift", quote_amount_atomic: "50000", dry_run: true, tx_hash: null },
    ]);
    const moved = await listAndProbe(url("/v1/caip2-moved"));
    movedPayTo = chain.wallets.sellers[4]!.address;
    expect(await buyOne(deps, moved)).toBe("skipped");
    expect(await purchasesOf(moved.id)).toEqual([]);
    expect(received["/v2/base-name-over"]).toBeUndefined();
    expect(received["/v1/caip2-moved"]).toBeUndefined();
    expect(await scoutBalance()).toBe(before);
  });

  it("a seller that gzips every answer, the paid delivery too", async () => {
    await expectDelivered(url("/v2/gzip"));
  });

  it("a same-origin redirect to the seller's paid route", async () => {
    await expectDelivered(url("/moved"));
  });
});
