import { randomUUID } from "node:crypto";
import { createDb, type Db } from "@tollgate/db";
import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  probedListingRow,
  startChain,
  startDemoSellers,
} from "@tollgate/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// Drill (issue 16): the scout-buyer SIGKILLed mid-purchase. The scout process has signed and sent a payment
// and waits for a slow seller's answer when it is killed; the seller answers anyway and its middleware
// settles on the chain. A fresh scout process (nothing done by hand) records that purchase once, from the
// chain, by its nonce, and does not buy the listing again: the money moved once.
let chain: Chain;
let demo: DemoSellers;
let world: World;
let db: Db;

beforeAll(async () => {
  chain = await startChain();
  demo = await startDemoSellers({
    payTo: chain.wallets.sellers[0]!.address,
    facilitator: createLocalFacilitator(chain),
  });
  world = createWorld({
    CHAIN_RPC_URL: chain.rpcUrl,
    SSRF_ALLOW_HOSTS: demo.allowanceEnv,
    ALLOW_HTTP_ENDPOINTS: "true",
    SCOUT_TICK_MS: "300",
    SCOUT_TIMEOUT_MS: "10000",
    // A purchase in flight this long was left behind by a killed replica (production: 120 s).
    SCOUT_RECONCILE_AFTER_S: "12",
  });
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await world?.stop();
  await demo?.stop();
  await chain?.stop();
});

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("drill: the scout-buyer killed mid-purchase", () => {
  it("the payment it sent is recorded once from the chain by a new process; the listing is not bought again", async () => {
    // The seller holds its answer 4 s (within the scout's 10 s timeout), then answers and settles.
    const seller = demo.sellers["cheat-stall"];
    seller.control.delayMs = 4000;
    const first = await world.start("scout-buyer");
    db = createDb(world.databaseUrl, { max: 2 });
    const id = randomUUID();
    await db
      .insertInto("listings")
      .values(
        probedListingRow(
          seller,
          { id, name: "Slow seller", payTo: chain.wallets.sellers[0]!.address },
          { description: "answers after four seconds" },
        ) as never,
      )
      .execute();
    const purchases = () =>
      db
        .selectFrom("purchases")
        .select(["state", "nonce", "tx_hash", "outcome", "dry_run", "amount_usdc"])
        .where("listing_id", "=", id)
        .execute();
    const scoutBefore = await chain.balanceOf(chain.wallets.scout.address);
    const sellerBefore = await chain.balanceOf(chain.wallets.sellers[0]!.address);

    // Mid-purchase: the payment is signed (its nonce stored with the intent) and the seller is holding it.
    await until(
      "a signed payment in flight",
      async () =>
        seller.control.requests.some((r) => r.headers["payment-signature"] !== undefined) &&
        (await purchases()).some((p) => p.state === "paying" && p.nonce !== null),
    );
    expect(await first.stop("SIGKILL")).toBe(null);
    expect(await purchases()).toMatchObject([{ state: "paying" }]);

    // The seller answers nobody and settles; a new scout process finds the intent and reads the chain.
    const second = await world.start("scout-buyer");
    await until("the purchase recorded", async () => (await purchases()).some((p) => p.state === "recorded"));
    const [p] = await purchases();
    expect(p).toMatchObject({
      state: "recorded",
      outcome: "settlement_unproven",
      dry_run: true,
      amount_usdc: 0.01,
    });
    expect(p!.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);

    // More ticks: nothing bought again, the money moved once.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await purchases()).toHaveLength(1);
    expect(await chain.balanceOf(chain.wallets.scout.address)).toBe(scoutBefore - 10_000n);
    expect(await chain.balanceOf(chain.wallets.sellers[0]!.address)).toBe(sellerBefore + 10_000n);
    expect(second.child.exitCode === null && second.child.signalCode === null).toBe(true);
  });
});
