import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  BASE_USDC,
  type Chain,
  createLocalFacilitator,
  probedListingRow,
  startChain,
} from "@tollgate/devnet";
import { createLogger, createSafeHttpClient, type SafeHttpClient } from "@tollgate/platform";
import { type ScoutPolicy, scoutCandidates } from "@tollgate/registry";
import { createSettlementReader } from "@tollgate/x402";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyOne, reconcile, type ScoutDeps } from "../src/scout.js";

/**
 * A hostile seller against the scout's wallet: the terms it serves are chosen to make the scout sign more
 * than the listed price, or an authorization the seller can hold and settle after the scout gave it up as
 * never paid. Real chain (anvil), real facilitator settling what the seller chooses to settle, real scout.
 */

let chain: Chain;
let tdb: TestDatabase;
let http: SafeHttpClient;
let deps: ScoutDeps;
let facilitator: FacilitatorClient;
let server: Server;
let port: number;
const HOST = "hostile.sellers.test";
const policy: ScoutPolicy = {
  perPurchaseCapUsd: 0.5,
  dailyBudgetUsd: 50,
  perSellerDailyUsd: 50,
  rebuyAfterS: 60,
};

type Terms = (url: string) => { v: 1 | 2; accepts: Record<string, unknown>[] };
/** What the seller does, by path: its terms, and whether it settles a payment at once or holds it. */
const modes = new Map<string, { terms: Terms; hold: boolean }>();
/** Payments the seller received, by path, with the requirements they were made for. */
const received = new Map<string, { payload: PaymentPayload; requirements: PaymentRequirements }[]>();

const decode = (h: string) => JSON.parse(Buffer.from(h, "base64").toString("utf8"));
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");

beforeAll(async () => {
  chain = await startChain();
  facilitator = createLocalFacilitator(chain);
  server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const mode = modes.get(path);
    if (!mode) {
      res.writeHead(404).end();
      return;
    }
    const url = `http://${HOST}:${port}${path}`;
    const { v, accepts } = mode.terms(url);
    const offer =
      v === 1
        ? { x402Version: 1, error: "X-PAYMENT header is required", accepts }
        : {
            x402Version: 2,
            error: "Payment required",
            resource: { url, description: "hostile", mimeType: "application/json" },
            accepts,
          };
    const header = (req.headers["x-payment"] ?? req.headers["payment-signature"]) as string | undefined;
    if (!header) {
      // v2 terms travel in the PAYMENT-REQUIRED header, v1 terms in the body only (as v1 sellers send them).
      res.writeHead(402, {
        "content-type": "application/json",
        ...(v === 2 ? { "payment-required": b64(offer) } : {}),
      });
      res.end(JSON.stringify(offer));
      return;
    }
    const payload = decode(header) as PaymentPayload;
    const requirements = (v === 2 ? payload.accepted : accepts[0]) as PaymentRequirements;
    const list = received.get(path) ?? [];
    list.push({ payload, requirements });
    received.set(path, list);
    if (mode.hold) {
      // Takes the authorization and answers an error without settling: it can settle it whenever it likes.
      res.writeHead(500, { "content-type": "application/json" }).end('{"error":"try again later"}');
      return;
    }
    const settled = await facilitator.settle(payload, requirements);
    res.writeHead(settled.success ? 200 : 402, { "content-type": "application/json" });
    res.end(JSON.stringify({ temperature_c: 21, as_of: new Date().toISOString(), settled: settled.success }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as { port: number }).port;
  tdb = await createTestDatabase();
  http = createSafeHttpClient({
    verifiedBy: "tollgate-test",
    timeoutMs: 5000,
    allowance: { hosts: { [HOST]: "127.0.0.1" }, cidrs: [] },
    allowHttp: true,
  });
  deps = {
    db: tdb.db,
    log: createLogger("scout-attacks", "silent"),
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
  await tdb?.drop();
  await new Promise((r) => server?.close(r));
  await chain?.stop();
});

const payTo = () => chain.wallets.sellers[0]!.address;
const scoutBalance = () => chain.balanceOf(chain.wallets.scout.address);

/** A verified, probed listing of the hostile seller at `path`, listed at 0.01 USDC to the seen payTo. */
async function listHostile(path: string, terms: Terms, hold = false, row: Record<string, unknown> = {}) {
  modes.set(path, { terms, hold });
  const id = randomUUID();
  const url = `http://${HOST}:${port}${path}`;
  await tdb.db
    .insertInto("listings")
    .values(
      probedListingRow(
        { url, host: HOST },
        { id, payTo: payTo() },
        { response_schema: null, ...row },
      ) as never,
    )
    .execute();
  const c = (await scoutCandidates(tdb.db, new Date(), policy, 1000)).find((x) => x.id === id);
  if (!c) throw new Error("not a scout candidate");
  return c;
}

/** Atomic USDC the scout's purchase records of the listing say it paid. */
async function recordedSpend(listingId: string) {
  const rows = await tdb.db
    .selectFrom("purchases")
    .select(["amount_usdc", "tx_hash"])
    .where("listing_id", "=", listingId)
    .execute();
  return rows.reduce(
    (s, r) => s + (r.tx_hash ? BigInt(Math.round(Number(r.amount_usdc ?? 0) * 1e6)) : 0n),
    0n,
  );
}

/** The reconciler's round as it runs `minutes` after the listing's purchase started. */
async function reconcileAfter(listingId: string, minutes: number) {
  await tdb.db
    .updateTable("purchases")
    .set({ at: new Date(Date.now() - minutes * 60_000) })
    .where("listing_id", "=", listingId)
    .execute();
  await reconcile(deps, new Date());
}

const v2Offer = (over: Record<string, unknown>) => ({
  scheme: "exact",
  network: "eip155:8453",
  amount: "10000",
  asset: BASE_USDC,
  payTo: payTo(),
  maxTimeoutSeconds: 60,
  extra: { name: "USD Coin", version: "2" },
  ...over,
});

describe("a hostile seller against the scout's wallet", () => {
  it("a v1 quote with a small `amount` beside a large `maxAmountRequired` is never signed: nothing above the listed price moves", async () => {
    const c = await listHostile("/split", (url) => ({
      v: 1,
      accepts: [
        {
          scheme: "exact",
          network: "base",
          amount: "1",
          // 0.9 USDC: 90 times the listed price, under the x402 client's own $1 default spend cap.
          maxAmountRequired: "900000",
          resource: url,
          description: "hostile v1",
          mimeType: "application/json",
          payTo: payTo(),
          maxTimeoutSeconds: 60,
          asset: BASE_USDC,
          extra: { name: "USD Coin", version: "2" },
        },
      ],
    }));
    const before = await scoutBalance();
    expect(await buyOne(deps, c)).toBe("not_paid");
    const spent = before - (await scoutBalance());
    // The attack's measure: the scout's wallet never pays above the listing's price (10000 atomic).
    expect(spent).toBeLessThanOrEqual(10_000n);
    expect(received.get("/split") ?? []).toHaveLength(0);
    const [p] = await tdb.db.selectFrom("purchases").selectAll().where("listing_id", "=", c.id).execute();
    expect(p).toMatchObject({ outcome: "price_drift", delivered: false, tx_hash: null, dry_run: true });
  });

  it("a listed price between two atomic units is never rounded up: a quote of the unit above it is not paid", async () => {
    // 0.0000015 USD is 1.5 atomic units: rounding to the nearest unit allowed a quote of 2, above the listed price.
    const c = await listHostile("/sub-atomic", () => ({ v: 2, accepts: [v2Offer({ amount: "2" })] }), false, {
      price_amount: 0.0000015,
    });
    const before = await scoutBalance();
    expect(await buyOne(deps, c)).toBe("not_paid");
    expect(before - (await scoutBalance())).toBe(0n);
    const [p] = await tdb.db.selectFrom("purchases").selectAll().where("listing_id", "=", c.id).execute();
    expect(p).toMatchObject({ outcome: "price_drift", tx_hash: null, dry_run: true });
  });

  it("an authorization valid for a month (past the scout's hour) is never signed: the seller cannot settle it after the scout recorded it unpaid", async () => {
    const c = await listHostile(
      "/hold",
      () => ({ v: 2, accepts: [v2Offer({ maxTimeoutSeconds: 30 * 86_400 })] }),
      true,
    );
    const before = await scoutBalance();
    await buyOne(deps, c);
    // Twenty minutes later, as the reconciler sees it: a purchase it decides from the chain.
    await reconcileAfter(c.id, 20);
    const open = await tdb.db
      .selectFrom("purchases")
      .select("state")
      .where("listing_id", "=", c.id)
      .where("state", "=", "paying")
      .execute();
    expect(open).toHaveLength(0);
    // The seller now settles whatever it holds.
    for (const r of received.get("/hold") ?? []) await facilitator.settle(r.payload, r.requirements);
    const spent = before - (await scoutBalance());
    // Every atomic unit that left the wallet is on a purchase record, with its transaction.
    expect(spent).toBe(await recordedSpend(c.id));
    expect(spent).toBe(0n);
  });

  it("an authorization valid for half an hour stays open until the chain decides it: settled late, it is recorded once and the listing is not bought meanwhile", async () => {
    const c = await listHostile(
      "/late",
      () => ({ v: 2, accepts: [v2Offer({ maxTimeoutSeconds: 1800 })] }),
      true,
    );
    const before = await scoutBalance();
    await buyOne(deps, c);
    const [intent] = await tdb.db
      .selectFrom("purchases")
      .selectAll()
      .where("listing_id", "=", c.id)
      .execute();
    expect(intent!.state).toBe("paying");
    // The signed validity is kept with the intent.
    expect(intent!.valid_before!.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    // Twenty minutes later the authorization is still valid: the reconciler leaves the intent open.
    await reconcileAfter(c.id, 20);
    const open = await tdb.db
      .selectFrom("purchases")
      .select("state")
      .where("listing_id", "=", c.id)
      .execute();
    expect(open).toEqual([{ state: "paying" }]);
    // Nor is the listing bought again while it is open.
    expect(await buyOne(deps, c)).toBe("busy");
    // The seller settles what it held; the next reconcile records that payment, once.
    for (const r of received.get("/late") ?? []) await facilitator.settle(r.payload, r.requirements);
    await reconcile(deps, new Date());
    const rows = await tdb.db.selectFrom("purchases").selectAll().where("listing_id", "=", c.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: "recorded" });
    expect(rows[0]!.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const spent = before - (await scoutBalance());
    expect(spent).toBe(10_000n);
    expect(await recordedSpend(c.id)).toBe(spent);
  });

  it("a seller asking an ordinary validity is still paid once, at the listed price", async () => {
    const c = await listHostile("/honest", () => ({ v: 2, accepts: [v2Offer({ maxTimeoutSeconds: 300 })] }));
    const before = await scoutBalance();
    expect(await buyOne(deps, c)).toBe("recorded");
    const spent = before - (await scoutBalance());
    expect(spent).toBe(10_000n);
    expect(await recordedSpend(c.id)).toBe(10_000n);
  });
});
