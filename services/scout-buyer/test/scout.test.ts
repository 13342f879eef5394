import { randomUUID } from "node:crypto";
import { decideVerdict } from "@tollgate/core";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  probedListingRow,
  type SellerName,
  signPaymentFor,
  startChain,
  startDemoSellers,
} from "@tollgate/devnet";
import { createLogger, createSafeHttpClient, type SafeHttpClient, workerRedis } from "@tollgate/platform";
import {
  createPlan,
  duePlanPurchases,
  LISTING_COLUMNS,
  notePaymentSigned,
  type PlanSource,
  planStatus,
  recordPlanPurchase,
  recordProbe,
  recordPurchase,
  type ScoutPolicy,
  scoutCandidates,
  startPurchase,
  toListingDetail,
} from "@tollgate/registry";
import { createSettlementReader } from "@tollgate/x402";
import { decodePaymentSignatureHeader } from "@x402/core/http";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The prober's own probe, so a listing's payTo here is what a real probe of the seller records.
import { runProbe } from "../../prober/src/probe.js";
import { startScoutQueues } from "../src/queue.js";
import { buyOne, reconcile, type ScoutDeps, scoutRound } from "../src/scout.js";

let chain: Chain;
let demo: DemoSellers;
let tdb: TestDatabase;
let http: SafeHttpClient;
let deps: ScoutDeps;
const policy: ScoutPolicy = {
  perPurchaseCapUsd: 0.5,
  dailyBudgetUsd: 5,
  perSellerDailyUsd: 5,
  rebuyAfterS: 60,
};

beforeAll(async () => {
  chain = await startChain();
  demo = await startDemoSellers({
    payTo: chain.wallets.sellers[0]!.address,
    facilitator: createLocalFacilitator(chain),
  });
  tdb = await createTestDatabase();
  http = createSafeHttpClient({
    verifiedBy: "tollgate-test",
    timeoutMs: 5000,
    allowance: { hosts: demo.allowance, cidrs: [] },
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
  await tdb?.drop();
  await demo?.stop();
  await chain?.stop();
});

/** A verified listing of a demo seller, as the prober leaves one. */
async function listSeller(name: SellerName, over: Record<string, unknown> = {}, db = tdb.db) {
  const s = demo.sellers[name];
  const id = randomUUID();
  await db
    .insertInto("listings")
    .values(
      probedListingRow(
        s,
        { id, name: `Demo ${name}`, payTo: chain.wallets.sellers[0]!.address },
        { description: "demo seller", ...over },
      ) as never,
    )
    .execute();
  return id;
}

const candidate = async (id: string) => {
  const c = (await scoutCandidates(tdb.db, new Date(), policy, 100)).find((x) => x.id === id);
  if (!c) throw new Error(`listing ${id} is not a scout candidate`);
  return c;
};
/** The listing as the scheduler reads it once its re-buy wait is over (the wait itself is not under test). */
const rebuy = async (id: string) => {
  const c = (
    await scoutCandidates(tdb.db, new Date(Date.now() + 1000), { ...policy, rebuyAfterS: 0 }, 1000)
  ).find((x) => x.id === id);
  if (!c) throw new Error(`listing ${id} is not a scout candidate`);
  return c;
};
const purchasesOf = (id: string) =>
  tdb.db.selectFrom("purchases").selectAll().where("listing_id", "=", id).orderBy("at").execute();
const detail = async (id: string) =>
  toListingDetail(
    (await tdb.db
      .selectFrom("listings")
      .select(LISTING_COLUMNS)
      .where("id", "=", id)
      .executeTakeFirstOrThrow()) as never,
  );
const scoutBalance = () => chain.balanceOf(chain.wallets.scout.address);

/** A verified listing no probe has read terms from yet (its payTo and price are what a probe records). */
const UNPROBED = {
  obs_pay_to: null,
  amount_atomic: null,
  amount_usd: null,
  score: 0.95,
  probe_count: 40,
  probes_passed: 40,
};
let probeSlot = 1;
/** One real probe of the listing's seller, recorded as the prober records it. */
async function probe(id: string) {
  const l = await tdb.db
    .selectFrom("listings")
    .select(["id", "endpoint_url", "sample_query"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const outcome = await runProbe(http, l, probeSlot++, { timeoutMs: 5000 });
  expect(outcome.passed).toBe(true);
  await recordProbe(tdb.db, outcome);
  return tdb.db
    .selectFrom("listings")
    .select([
      "status",
      "obs_pay_to",
      "amount_atomic",
      "payment_protocols",
      "mpp_methods",
      "pay_to_changed_at",
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}
const candidateIds = async () => (await scoutCandidates(tdb.db, new Date(), policy, 1000)).map((c) => c.id);
const lower = (a: string | null | undefined) => a?.toLowerCase();

describe("the scout buys as an agent would", () => {
  it("pays the honest seller, reads the settlement back from the chain, and the listing is paid_verified", async () => {
    const id = await listSeller("x402-hono");
    const before = await scoutBalance();
    expect(await buyOne(deps, await candidate(id))).toBe("recorded");
    const [p] = await purchasesOf(id);
    expect(p).toMatchObject({
      outcome: "delivered",
      delivered: true,
      state: "recorded",
      dry_run: false,
      json_valid: true,
      schema_valid: true,
      amount_usdc: 0.01,
    });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: p!.tx_hash as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect(await scoutBalance()).toBe(before - 10_000n);
    const d = await detail(id);
    expect(d).toMatchObject({
      paid_verified: true,
      evidence_tier: "paid_verified",
      paid_depth: { rung: "paid_verified", deliveries: 1 },
    });
    expect(d.paid_verification).toMatchObject({
      verified: true,
      tx_hash: p!.tx_hash,
      schema_validated: true,
    });
    expect(d.paid_verification_latest).toMatchObject({ delivered: true, tx_hash: p!.tx_hash });
  });

  it.each([
    ["cheat-html", "html_instead_of_data"],
    ["cheat-schema", "schema_mismatch"],
    ["cheat-empty", "empty_body"],
    ["cheat-500", "paid_but_status_500"],
  ] as const)("%s takes the money and is graded %s; its verdict is avoid", async (name, outcome) => {
    const id = await listSeller(name);
    const before = await scoutBalance();
    expect(await buyOne(deps, await candidate(id))).toBe("recorded");
    const [p] = await purchasesOf(id);
    expect(p).toMatchObject({ outcome, delivered: false, dry_run: false });
    expect(p!.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await scoutBalance()).toBe(before - 10_000n);
    const d = await detail(id);
    expect(d.paid_verified).toBe(false);
    expect(d.paid_verification_latest).toMatchObject({ delivered: false, tx_hash: p!.tx_hash });
    const { verdict } = decideVerdict({
      status: "verified",
      score: 0.95,
      probeCount: 40,
      consecutiveFailures: 0,
      verifiedVia: "GET",
      paytoSentinel: false,
      paytoUnstable: false,
      paytoAgeDays: 30,
      priceMatchesListing: true,
      selfReferential: false,
      paidDelivery: { delivered: p!.delivered, at: 0 },
      onchainKnown: false,
    });
    expect(verdict).toBe("avoid");
  });

  it("a seller that delivers every other time falls to failed_rebuy", async () => {
    const id = await listSeller("every-other");
    const c = await candidate(id);
    expect(await buyOne(deps, c)).toBe("recorded");
    expect((await detail(id)).paid_depth.rung).toBe("paid_verified");
    // The same pick again (a replica that read it before the purchase was recorded) buys nothing…
    expect(await buyOne(deps, c)).toBe("busy");
    expect(await purchasesOf(id)).toHaveLength(1);
    // …the re-buy, once due, does.
    expect(await buyOne(deps, await rebuy(id))).toBe("recorded");
    const d = await detail(id);
    expect(d.paid_depth).toMatchObject({ rung: "failed_rebuy", deliveries: 1, last_attempt_ok: 0 });
    expect(d.paid_verified).toBe(true); // the latest success stays on the record
    expect(d.evidence_tier).not.toBe("paid_verified");
  });

  it("never pays more than the listed price: price_drift is recorded and no money moves", async () => {
    const id = await listSeller("x402-hono", {
      price_amount: 0.005,
      endpoint_canonical: `drift-${randomUUID()}`,
    });
    const before = await scoutBalance();
    expect(await buyOne(deps, await candidate(id))).toBe("not_paid");
    expect(await scoutBalance()).toBe(before);
    const [p] = await purchasesOf(id);
    expect(p).toMatchObject({ outcome: "price_drift", delivered: false, tx_hash: null, dry_run: true });
    expect((await detail(id)).paid_verification_latest).toBeNull();
  });

  it("a seller that quotes more than it lists (over-price) is never paid: price_drift, no money moves", async () => {
    const id = await listSeller("over-price");
    const sellerBefore = await chain.balanceOf(chain.wallets.sellers[0]!.address);
    const before = await scoutBalance();
    expect(await buyOne(deps, await candidate(id))).toBe("not_paid");
    expect(await scoutBalance()).toBe(before);
    expect(await chain.balanceOf(chain.wallets.sellers[0]!.address)).toBe(sellerBefore);
    const [p] = await purchasesOf(id);
    expect(p).toMatchObject({ outcome: "price_drift", delivered: false, tx_hash: null });
  });

  it("a seller that rotates its payTo right after a payment is not paid again until a probe has seen the new one", async () => {
    const id = await listSeller("rotate-after-pay");
    const c = await candidate(id);
    expect(await buyOne(deps, c)).toBe("recorded");
    expect((await purchasesOf(id))[0]).toMatchObject({ outcome: "delivered" });
    // The next quote names 0x2222…: unseen by any probe, so nothing is paid and nothing recorded.
    const before = await scoutBalance();
    expect(await buyOne(deps, await rebuy(id))).toBe("skipped");
    expect(await scoutBalance()).toBe(before);
    expect(await purchasesOf(id)).toHaveLength(1);
    // A probe sees it (as the prober records a payTo change): the scout buys again, across the change.
    const moved = "0x2222222222222222222222222222222222222222";
    await tdb.db
      .updateTable("listings")
      .set({ obs_pay_to: moved, pay_to_changed_at: new Date() })
      .where("id", "=", id)
      .execute();
    expect(await buyOne(deps, await rebuy(id))).toBe("recorded");
    const rows = await purchasesOf(id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ outcome: "delivered", pay_to: moved });
    expect((await detail(id)).paid_depth).toMatchObject({ rung: "held", through_change: true });
  });

  it("pays an x402 v1 seller (X-PAYMENT) the same way: settled on chain, delivered, paid_verified", async () => {
    const id = await listSeller("v1");
    const before = await scoutBalance();
    expect(await buyOne(deps, await candidate(id))).toBe("recorded");
    const [p] = await purchasesOf(id);
    expect(p).toMatchObject({
      outcome: "delivered",
      delivered: true,
      state: "recorded",
      dry_run: false,
      schema_valid: true,
      amount_usdc: 0.01,
      quote_amount_atomic: "10000",
    });
    expect(demo.sellers.v1.control.requests.at(-1)?.headers["x-payment"]).toBeTruthy();
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: p!.tx_hash as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect(await scoutBalance()).toBe(before - 10_000n);
    expect((await detail(id)).paid_depth).toMatchObject({ rung: "paid_verified", deliveries: 1 });
  });

  it("never pays a v1 quote (maxAmountRequired) above the listed price, nor a v1 payTo no probe has seen", async () => {
    const cheap = await listSeller("v1", { price_amount: 0.005 });
    const before = await scoutBalance();
    const paidRequests = () =>
      demo.sellers.v1.control.requests.filter((r) => r.headers["x-payment"] !== undefined).length;
    const paidBefore = paidRequests();
    expect(await buyOne(deps, await candidate(cheap))).toBe("not_paid");
    const [p] = await purchasesOf(cheap);
    expect(p).toMatchObject({
      outcome: "price_drift",
      delivered: false,
      tx_hash: null,
      dry_run: true,
      quote_amount_atomic: "10000",
    });
    const unseen = await listSeller("v1", { obs_pay_to: "0x5555555555555555555555555555555555555555" });
    expect(await buyOne(deps, await candidate(unseen))).toBe("skipped");
    expect(await purchasesOf(unseen)).toHaveLength(0);
    expect(paidRequests()).toBe(paidBefore);
    expect(await scoutBalance()).toBe(before);
  });

  it("pays an MPP seller (mppx evm charge) with the published mppx client: settled on chain, delivered", async () => {
    const id = await listSeller("mpp-evm");
    const before = await scoutBalance();
    expect(await buyOne(deps, await candidate(id))).toBe("recorded");
    const [p] = await purchasesOf(id);
    expect(p).toMatchObject({
      outcome: "delivered",
      delivered: true,
      state: "recorded",
      dry_run: false,
      schema_valid: true,
      amount_usdc: 0.01,
    });
    // Paid on the MPP wire (Authorization: Payment), not through the x402 header mppx also offers.
    const paid = demo.sellers["mpp-evm"].control.requests.at(-1)!.headers;
    expect(paid.authorization).toMatch(/^Payment /);
    expect(paid["payment-signature"]).toBeUndefined();
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: p!.tx_hash as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect(await scoutBalance()).toBe(before - 10_000n);
    expect((await detail(id)).paid_depth).toMatchObject({ rung: "paid_verified", deliveries: 1 });
  });

  it("never pays an MPP quote above the listed price nor to an unseen MPP recipient", async () => {
    const cheap = await listSeller("mpp-evm", { price_amount: 0.005 });
    const unseen = await listSeller("mpp-evm", { obs_pay_to: "0x5555555555555555555555555555555555555555" });
    const paidRequests = () =>
      demo.sellers["mpp-evm"].control.requests.filter((r) => r.headers.authorization !== undefined).length;
    const paidBefore = paidRequests();
    const before = await scoutBalance();
    expect(await buyOne(deps, await candidate(cheap))).toBe("not_paid");
    expect(await purchasesOf(cheap)).toMatchObject([
      { outcome: "price_drift", tx_hash: null, dry_run: true, quote_amount_atomic: "10000" },
    ]);
    expect(await buyOne(deps, await candidate(unseen))).toBe("skipped");
    expect(await purchasesOf(unseen)).toHaveLength(0);
    expect(paidRequests()).toBe(paidBefore);
    expect(await scoutBalance()).toBe(before);
  });

  it("an MPP challenge in the tempo method only is a dry run that says why, and nothing is paid", async () => {
    const id = await listSeller("mpp");
    const before = await scoutBalance();
    expect(await buyOne(deps, await candidate(id))).toBe("not_paid");
    const [p] = await purchasesOf(id);
    expect(p).toMatchObject({
      outcome: "unparseable_402_quote",
      dry_run: true,
      tx_hash: null,
      http_status: 402,
    });
    expect(p!.failure_reason).toMatch(/tempo.*Tempo chain/);
    expect(await scoutBalance()).toBe(before);
  });

  it("a tempo-only MPP challenge names no payTo on Base: a probe records none, so the scout never picks it", async () => {
    const id = await listSeller("mpp", UNPROBED);
    expect(await probe(id)).toMatchObject({
      status: "verified",
      payment_protocols: ["mpp"],
      mpp_methods: ["tempo"],
      obs_pay_to: null,
      amount_atomic: null,
    });
    expect(await candidateIds()).not.toContain(id);
  });

  it("buys an MPP-only seller (no x402 terms) once a probe has read its recipient: settled on chain, delivered", async () => {
    const seller = chain.wallets.sellers[0]!.address;
    const id = await listSeller("mpp-evm-only", UNPROBED);
    // Before any probe the listing has no payTo: not a candidate.
    expect(await candidateIds()).not.toContain(id);
    const seen = await probe(id);
    expect(seen).toMatchObject({
      status: "verified",
      payment_protocols: ["mpp"],
      mpp_methods: ["evm"],
      amount_atomic: "10000",
    });
    expect(lower(seen.obs_pay_to)).toBe(lower(seller));
    const before = await scoutBalance();
    const sellerBefore = await chain.balanceOf(seller);
    expect(await buyOne(deps, await candidate(id))).toBe("recorded");
    const [p] = await purchasesOf(id);
    expect(p).toMatchObject({
      outcome: "delivered",
      delivered: true,
      state: "recorded",
      dry_run: false,
      schema_valid: true,
      amount_usdc: 0.01,
      quote_amount_atomic: "10000",
    });
    expect(lower(p!.pay_to)).toBe(lower(seller));
    // Paid on the MPP wire: the seller offers no other.
    expect(demo.sellers["mpp-evm-only"].control.requests.at(-1)!.headers.authorization).toMatch(/^Payment /);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: p!.tx_hash as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect(await scoutBalance()).toBe(before - 10_000n);
    expect(await chain.balanceOf(seller)).toBe(sellerBefore + 10_000n);
    expect((await detail(id)).paid_depth).toMatchObject({ rung: "paid_verified", deliveries: 1 });
  });

  it("an MPP-only seller whose recipient moves is not paid until a probe has seen the new one", async () => {
    const s = demo.sellers["mpp-evm-only"];
    const id = await listSeller("mpp-evm-only", UNPROBED);
    await probe(id);
    expect(await buyOne(deps, await candidate(id))).toBe("recorded");
    const moved = chain.wallets.sellers[1]!.address;
    s.control.payTo = moved;
    try {
      const paidRequests = () => s.control.requests.filter((r) => r.headers.authorization).length;
      const paidBefore = paidRequests();
      const before = await scoutBalance();
      const movedBefore = await chain.balanceOf(moved);
      // The live challenge names an address no probe has seen: nothing signed, nothing paid, nothing recorded.
      expect(await buyOne(deps, await rebuy(id))).toBe("skipped");
      expect(paidRequests()).toBe(paidBefore);
      expect(await scoutBalance()).toBe(before);
      expect(await purchasesOf(id)).toHaveLength(1);
      // A probe sees the new recipient: a payTo change, and the scout buys again, across it.
      const seen = await probe(id);
      expect(lower(seen.obs_pay_to)).toBe(lower(moved));
      expect(seen.pay_to_changed_at).not.toBeNull();
      expect(await buyOne(deps, await rebuy(id))).toBe("recorded");
      const rows = await purchasesOf(id);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({ outcome: "delivered", dry_run: false });
      expect(lower(rows[1]!.pay_to)).toBe(lower(moved));
      expect(await chain.balanceOf(moved)).toBe(movedBefore + 10_000n);
      expect(await scoutBalance()).toBe(before - 10_000n);
      expect((await detail(id)).paid_depth).toMatchObject({ rung: "held", through_change: true });
    } finally {
      s.control.payTo = null;
    }
  });

  it("never pays a payTo the prober has not seen: nothing paid, nothing recorded", async () => {
    const id = await listSeller("x402-hono", { obs_pay_to: "0x5555555555555555555555555555555555555555" });
    const before = await scoutBalance();
    expect(await buyOne(deps, await candidate(id))).toBe("skipped");
    expect(await scoutBalance()).toBe(before);
    expect(await purchasesOf(id)).toHaveLength(0);
  });

  it("never picks a failing listing, a burn payTo or a price above the cap", async () => {
    const failing = await listSeller("x402-hono", { status: "failing" });
    const burn = await listSeller("x402-hono", { payto_sentinel: true });
    const dear = await listSeller("x402-hono", { price_amount: 0.75 });
    const ids = (await scoutCandidates(tdb.db, new Date(), policy, 1000)).map((c) => c.id);
    for (const id of [failing, burn, dear]) expect(ids).not.toContain(id);
  });

  it("two replicas racing for one listing pay once", async () => {
    const id = await listSeller("x402-hono");
    const c = await candidate(id);
    const before = await scoutBalance();
    const results = await Promise.all([buyOne(deps, c), buyOne({ ...deps }, c)]);
    expect(results.sort()).toEqual(["busy", "recorded"]);
    expect(await purchasesOf(id)).toHaveLength(1);
    expect(await scoutBalance()).toBe(before - 10_000n);
  });

  it("recording a purchase while another replica starts one of the same listing: no deadlock, no second buy", async () => {
    const id = await listSeller("x402-hono");
    const c = await candidate(id);
    const first = await startPurchase(tdb.db, id, 0.01, { planId: randomUUID(), listingId: id, seq: 0 });
    expect(first).not.toBeNull();
    // The recording transaction stops between its update of the purchase and its update of the listing.
    let entered!: () => void;
    const inRecord = new Promise<void>((r) => {
      entered = r;
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const plans: PlanSource = {
      due: async () => [],
      record: async () => {
        entered();
        await gate;
      },
    };
    const recording = recordPurchase(
      tdb.db,
      first!,
      {
        outcome: "delivered",
        delivered: true,
        json_valid: true,
        schema_valid: null,
        body_sha256: null,
        failure_reason: null,
        tx_hash: null,
        amount_usdc: 0.01,
        quote_amount_atomic: "10000",
        http_status: 200,
        content_type: "application/json",
        latency_ms: 5,
        pay_to: null,
        note: null,
      },
      new Date(),
      plans,
    );
    await inRecord;
    // A second replica picked the listing before the purchase was recorded, and starts its own now.
    const second = startPurchase(tdb.db, id, 0.01, undefined, c.last_purchase_at);
    await new Promise((r) => setTimeout(r, 300));
    release();
    expect(await recording).toBe(true);
    expect(await second).toBeNull();
    expect(await purchasesOf(id)).toHaveLength(1);
  });

  it("a payment made just before the scout died is recorded once, from the chain, by its nonce", async () => {
    const id = await listSeller("x402-hono");
    const purchase = await startPurchase(tdb.db, id, 0.01);
    expect(purchase).not.toBeNull();
    // The scout signed and sent the payment, then died before reading the answer.
    const header = await signPaymentFor(chain, chain.wallets.scout, demo.sellers["x402-hono"].directUrl);
    const auth = (decodePaymentSignatureHeader(header).payload as { authorization: Record<string, string> })
      .authorization;
    await notePaymentSigned(tdb.db, purchase!, {
      nonce: auth.nonce!,
      payer: auth.from!,
      payTo: auth.to!,
      quoteAtomic: String(auth.value),
    });
    const res = await fetch(demo.sellers["x402-hono"].directUrl, {
      headers: { "payment-signature": header },
    });
    expect(res.status).toBe(200);
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await reconcile(deps, later)).toBe(1);
    expect(await reconcile(deps, later)).toBe(0);
    const rows = await purchasesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      state: "recorded",
      outcome: "settlement_unproven",
      dry_run: true,
      amount_usdc: 0.01,
    });
    expect(rows[0]!.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("a verify-now plan's purchase is made first, once, graded like any other, and completes the plan", async () => {
    const id = await listSeller("cheat-empty");
    const plan = await createPlan(tdb.db, {
      listingId: id,
      kind: "single",
      paymentTx: `0x${"ab".repeat(32)}`,
      payer: chain.wallets.buyers[0]!.address,
    });
    expect(plan).toMatchObject({ created: true });
    const withPlans: ScoutDeps = {
      ...deps,
      policy: { ...policy, rebuyAfterS: 86_400 },
      plans: { due: duePlanPurchases, record: (trx, done) => recordPlanPurchase(trx as never, done) },
    };
    await scoutRound(withPlans);
    await scoutRound(withPlans);
    const rows = await purchasesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "empty_body", delivered: false, dry_run: false, plan_seq: 1 });
    expect(await planStatus(tdb.db, id)).toMatchObject({
      status: "completed",
      purchases_done: 1,
      purchases_total: 1,
    });
    expect(await duePlanPurchases(tdb.db, new Date())).toHaveLength(0);
  });

  it("a plan's purchase is made for an unverified listing and above the routine cap (up to the plan cap); a failing one waits", async () => {
    const withPlans: ScoutDeps = {
      ...deps,
      // A routine cap under the listing's price: routine purchases would never buy it.
      policy: { ...policy, rebuyAfterS: 86_400, perPurchaseCapUsd: 0.001 },
      plans: { due: duePlanPurchases, record: (trx, done) => recordPlanPurchase(trx as never, done) },
    };
    const fresh = await listSeller("x402-hono", { status: "unverified" });
    const failing = await listSeller("x402-hono", { status: "failing" });
    for (const [n, listingId] of [fresh, failing].entries())
      await createPlan(tdb.db, {
        listingId,
        kind: "single",
        paymentTx: `0x${String(n + 1).repeat(64)}`,
        payer: chain.wallets.buyers[0]!.address,
      });
    await scoutRound(withPlans);
    const bought = await purchasesOf(fresh);
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({ plan_seq: 1, dry_run: false });
    expect(bought[0]!.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await planStatus(tdb.db, fresh)).toMatchObject({ status: "completed", purchases_done: 1 });
    // A failing listing is not bought: its plan stays due (the status view shows it queued).
    expect(await purchasesOf(failing)).toHaveLength(0);
    expect(await planStatus(tdb.db, failing)).toMatchObject({ status: "queued", purchases_done: 0 });
  });

  it("a seller that takes the payment and stalls past the timeout is recorded as a timeout once it settles", async () => {
    const id = await listSeller("cheat-stall");
    // Generous margins: under a loaded machine the unpaid pre-flight alone must fit in the timeout.
    demo.sellers["cheat-stall"].control.delayMs = 3500;
    const impatient = { ...deps, timeoutMs: 1500 };
    await buyOne(impatient, await candidate(id));
    expect(await purchasesOf(id)).toMatchObject([{ state: "paying", outcome: "timeout" }]);
    await new Promise((r) => setTimeout(r, 4000)); // the seller answers late, and its middleware settles
    expect(await reconcile(impatient, new Date(Date.now() + 10 * 60_000))).toBe(1);
    const [p] = await purchasesOf(id);
    expect(p).toMatchObject({
      state: "recorded",
      outcome: "timeout",
      delivered: false,
      dry_run: false,
      amount_usdc: 0.01,
    });
    expect(p!.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await detail(id)).paid_verification_latest).toMatchObject({
      delivered: false,
      tx_hash: p!.tx_hash,
    });
  });
});

describe("the scout on BullMQ queues", () => {
  const until = async (what: string, check: () => Promise<boolean>, ms = 60_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it("two replicas share the queue: every due listing is bought once, plan purchases included, none twice", async () => {
    // A database of its own, so the scheduler sees only these listings.
    const own = await createTestDatabase();
    const prefix = `tollgate-test-scout-${randomUUID()}`;
    const redis = [workerRedis("redis://127.0.0.1:6379"), workerRedis("redis://127.0.0.1:6379")];
    const d: ScoutDeps = {
      ...deps,
      db: own.db,
      plans: { due: duePlanPurchases, record: (trx, done) => recordPlanPurchase(trx as never, done) },
    };
    try {
      const list = () => listSeller("x402-hono", {}, own.db);
      const ids = await Promise.all([list(), list(), list(), list()]);
      const planned = await list();
      await createPlan(own.db, {
        listingId: planned,
        kind: "single",
        paymentTx: `0x${"cd".repeat(32)}`,
        payer: chain.wallets.buyers[0]!.address,
      });
      const before = await scoutBalance();
      const replicas = await Promise.all(
        redis.map((connection) =>
          startScoutQueues(d, { connection, prefix, tickMs: 150, batch: 20, concurrency: 2 }),
        ),
      );
      const all = [...ids, planned];
      const bought = async () =>
        own.db
          .selectFrom("purchases")
          .select(["listing_id", "tx_hash", "state", "plan_id"])
          .where("dry_run", "=", false)
          .execute();
      try {
        await until("a purchase of every listing", async () => {
          const rows = await bought();
          return all.every((id) => rows.some((r) => r.listing_id === id && r.state === "recorded"));
        });
        // More ticks pass: nothing is bought again (the re-buy wait is 60 s).
        await new Promise((r) => setTimeout(r, 1500));
      } finally {
        await Promise.all(replicas.map((q) => q.close()));
      }
      const rows = await bought();
      expect(rows.map((r) => r.listing_id).sort()).toEqual([...all].sort());
      expect(rows.find((r) => r.listing_id === planned)?.plan_id).not.toBeNull();
      expect(new Set(rows.map((r) => r.tx_hash)).size).toBe(all.length);
      expect(await scoutBalance()).toBe(before - 10_000n * BigInt(all.length));
      expect(await planStatus(own.db, planned)).toMatchObject({ status: "completed", purchases_done: 1 });
    } finally {
      for (const r of redis) await r.quit();
      await own.drop();
    }
  }, 120_000);

  it("one budget across concurrent purchases: the daily budget is reserved under a lock, never overrun", async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => listSeller("x402-hono")));
    const now = new Date();
    const { spentToday } = await import("@tollgate/registry");
    const spent = await spentToday(tdb.db, now);
    // Room for two purchases of 0.01 and a bit, not three.
    const tight = { ...policy, dailyBudgetUsd: spent + 0.025 };
    const results = await Promise.all(
      ids.map((id) =>
        startPurchase(tdb.db, id, 0.01, undefined, undefined, { policy: tight, payTo: null, now }),
      ),
    );
    expect(results.filter((r) => r === "budget")).toHaveLength(4);
    expect(results.filter((r) => typeof r === "string" && r !== "budget")).toHaveLength(2);
    expect(await spentToday(tdb.db, now)).toBeCloseTo(spent + 0.02, 6);
    await tdb.db.deleteFrom("purchases").where("listing_id", "in", ids).execute();
    // The per-seller cap likewise: intents count against their seller before any quote is seen.
    const payTo = chain.wallets.sellers[0]!.address;
    const sellerSpent = await spentToday(tdb.db, now, payTo);
    const perSeller = { ...policy, perSellerDailyUsd: sellerSpent + 0.015 };
    const one = await Promise.all(
      ids.map((id) =>
        startPurchase(tdb.db, id, 0.01, undefined, undefined, { policy: perSeller, payTo, now }),
      ),
    );
    expect(one.filter((r) => r === "budget")).toHaveLength(5);
    // Leave no intent in flight for the tests after this one.
    await tdb.db.deleteFrom("purchases").where("listing_id", "in", ids).execute();
  });
});
