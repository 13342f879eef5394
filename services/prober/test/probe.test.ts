import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  type SellerName,
  startChain,
  startDemoSellers,
} from "@tollgate/devnet";
import { createSafeHttpClient, type SafeHttpClient } from "@tollgate/platform";
import {
  createListing,
  listingHistory,
  recordProbe,
  registryStats,
  statusChanges,
  validateSubmission,
} from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProbe } from "../src/probe.js";

let tdb: TestDatabase;
let chain: Chain;
let demo: DemoSellers;
let client: SafeHttpClient;
const ids: Partial<Record<SellerName, string>> = {};
let slot = 1_000_000;

beforeAll(async () => {
  tdb = await createTestDatabase();
  chain = await startChain();
  demo = await startDemoSellers({
    payTo: chain.wallets.sellers[0]!.address,
    facilitator: createLocalFacilitator(chain),
  });
  demo.sellers.slow.control.delayMs = 2000;
  client = createSafeHttpClient({
    verifiedBy: "tollgate",
    allowHttp: true,
    timeoutMs: 700,
    allowance: { hosts: demo.allowance, cidrs: [] },
    connectionsPerOrigin: 1, // as the prober's own client (main.ts)
  });
  for (const s of Object.values(demo.sellers)) {
    const prepared = await validateSubmission(
      tdb.db,
      {
        name: s.name,
        description: `demo ${s.name}`,
        endpoint_url: s.url,
        category: "data.weather",
        price_amount: 0.01,
        sample_query: s.sampleUrl,
      },
      { checkHost: async () => ({ ok: true }), allowHttp: true },
    );
    ids[s.name] = (await createListing(tdb.db, prepared)).id;
  }
});
afterAll(async () => {
  await client.close();
  await demo.stop();
  await chain.stop();
  await tdb.drop();
});

const probeOnce = async (name: SellerName, selfPayTos?: ReadonlySet<string>) => {
  const l = await tdb.db
    .selectFrom("listings")
    .select(["id", "endpoint_url", "sample_query"])
    .where("id", "=", ids[name]!)
    .executeTakeFirstOrThrow();
  const outcome = await runProbe(client, l, slot++, { timeoutMs: 700 });
  await recordProbe(tdb.db, outcome, { selfPayTos });
  return outcome;
};
const listing = (name: SellerName) =>
  tdb.db.selectFrom("listings").selectAll().where("id", "=", ids[name]!).executeTakeFirstOrThrow();

describe("one probe", () => {
  it.each([
    ["x402-hono", true, null, "GET"],
    ["v1", true, null, "GET"],
    ["mpp", true, null, "GET"],
    ["mpp-evm-only", true, null, "GET"],
    ["post-only", true, null, "POST"],
    ["free", false, "not_payment_gated", null],
    ["refuse", false, "probe_refused", null],
    ["slow", false, "timeout", null],
    ["burn-payto", true, null, "GET"],
  ] as const)("%s → passed=%s reason=%s via=%s", async (name, passed, reason, via) => {
    const o = await probeOnce(name);
    expect(o.passed).toBe(passed);
    expect(o.failureReason).toBe(reason);
    expect(o.verifiedVia).toBe(via);
  });

  it("sends X-Verified-By and fills the observed challenge", async () => {
    expect(demo.sellers["x402-hono"].control.requests.at(-1)?.headers["x-verified-by"]).toBe("tollgate");
    const l = await listing("x402-hono");
    expect(l).toMatchObject({
      x402_version: 2,
      payment_protocols: ["x402"],
      transport: "header",
      verified_via: "GET",
      obs_scheme: "exact",
      obs_network: "eip155:8453",
      obs_asset: chain.usdc,
      obs_pay_to: chain.wallets.sellers[0]!.address,
      accepts_count: 1,
      accepts_index: 0,
      amount_atomic: "10000",
      amount_usd: 0.01,
      domain_name: "USD Coin",
      domain_version: "2",
      testnet: false,
      payto_sentinel: false,
    });
    expect(l.header_bytes).toBeGreaterThan(100);
    expect((await listing("mpp")).mpp_methods).toEqual(["tempo"]);
    expect((await listing("burn-payto")).payto_sentinel).toBe(true);
    const slow = await listing("slow");
    expect(slow.consecutive_failures).toBe(1);
    expect(slow.last_failure_reason).toBe("timeout");
  });

  it("an MPP-only seller (mppx evm charge, no x402 terms): its recipient is the payTo, its amount the price", async () => {
    const l = await listing("mpp-evm-only");
    expect(l).toMatchObject({
      x402_version: null,
      payment_protocols: ["mpp"],
      mpp_methods: ["evm"],
      transport: "www-authenticate",
      obs_scheme: null,
      obs_network: "eip155:8453",
      obs_pay_to: chain.wallets.sellers[0]!.address,
      accepts_count: 0,
      accepts_index: null,
      amount_atomic: "10000",
      amount_usd: 0.01,
      testnet: false,
      payto_sentinel: false,
    });
    expect(l.obs_asset?.toLowerCase()).toBe(chain.usdc.toLowerCase());
    expect(l.mpp_offers).toMatchObject([
      { method: "evm", intent: "charge", request: { amount: "10000", chainId: 8453 } },
    ]);
    // A tempo-only challenge names a recipient on another chain: no payTo, no price, nothing to buy.
    expect(await listing("mpp")).toMatchObject({
      payment_protocols: ["mpp"],
      obs_pay_to: null,
      amount_atomic: null,
      amount_usd: null,
    });
  });

  it("an MPP-only seller's new recipient is a payTo change, as an x402 one is", async () => {
    const seller = demo.sellers["mpp-evm-only"];
    const moved = chain.wallets.sellers[1]!.address;
    expect((await listing("mpp-evm-only")).pay_to_changed_at).toBeNull();
    seller.control.payTo = moved;
    try {
      await probeOnce("mpp-evm-only");
    } finally {
      seller.control.payTo = null;
    }
    const l = await listing("mpp-evm-only");
    expect(l.obs_pay_to).toBe(moved);
    expect(l.pay_to_changed_at).not.toBeNull();
    expect(l.payto_distinct_recent).toBe(2);
  });

  it("checks the free sample route", async () => {
    await probeOnce("with-sample");
    expect((await listing("with-sample")).sample_ok).toBe(true);
  });

  it("notices a changing payTo: pay_to_changed_at, distinct count, unstable flag", async () => {
    for (let i = 0; i < 3; i++) await probeOnce("rotating-payto");
    const l = await listing("rotating-payto");
    expect(l.payto_distinct_recent).toBe(3);
    expect(l.payto_unstable).toBe(true);
    expect(l.pay_to_changed_at).not.toBeNull();
  });

  it("latency percentiles are null under 5 probes and set from 5, timeouts included", async () => {
    for (let i = 0; i < 3; i++) await probeOnce("slow");
    expect((await listing("slow")).p50_latency_ms).toBeNull();
    await probeOnce("slow");
    const l = await listing("slow");
    expect(l.probe_count).toBe(5);
    expect(l.p50_latency_ms).toBe(700);
    expect(l.status).toBe("failing");
  });
});

describe("score, status, history, feed", () => {
  it("unverified → verified after enough clean probes, one history entry per real change", async () => {
    const id = ids.v1!;
    for (let i = 0; i < 16; i++) await probeOnce("v1");
    const l = await listing("v1");
    expect(l.status).toBe("verified");
    expect(l.probe_count).toBe(17);
    expect(l.probes_passed).toBe(17);
    const h = await listingHistory(tdb.db, id);
    expect(h.history.map((e) => `${e.from}->${e.to}`)).toEqual(["null->unverified", "unverified->verified"]);
    expect(h.history[1]!.reasons).toEqual(["verification_met"]);
    // a further pass changes nothing and writes nothing
    await probeOnce("v1");
    expect((await listingHistory(tdb.db, id)).count).toBe(2);
    const feed = await statusChanges(tdb.db, { limit: 500 });
    expect(feed.changes[0]!.at).toBeGreaterThanOrEqual(feed.changes.at(-1)!.at!);
    expect(feed.note).toMatch(/verification_met/);
  });

  it("a broken seller goes failing after 5 consecutive failures", async () => {
    demo.sellers.flaky.control.mode = "fail";
    for (let i = 0; i < 5; i++) await probeOnce("flaky");
    const l = await listing("flaky");
    expect(l.status).toBe("failing");
    const h = await listingHistory(tdb.db, ids.flaky!);
    expect(h.history.at(-1)!.reasons).toEqual(["failure_streak", "last_failure:server_error"]);
  });

  it("a redelivered probe for the same slot counts once", async () => {
    const l = await tdb.db
      .selectFrom("listings")
      .select(["id", "endpoint_url", "sample_query", "probe_count"])
      .where("id", "=", ids.mpp!)
      .executeTakeFirstOrThrow();
    const o = await runProbe(client, l, 42, { timeoutMs: 700 });
    expect((await recordProbe(tdb.db, o)).recorded).toBe(true);
    expect((await recordProbe(tdb.db, o)).recorded).toBe(false);
    expect((await listing("mpp")).probe_count).toBe(l.probe_count + 1);
  });

  it("a listing whose live payTo is the operator's is marked self_referential, and unmarked when it moves", async () => {
    const ours = new Set([chain.wallets.sellers[0]!.address.toLowerCase()]);
    await probeOnce("with-sample", ours);
    expect((await listing("with-sample")).self_referential).toBe(true);
    await probeOnce("with-sample", new Set(["0x000000000000000000000000000000000000dead"]));
    expect((await listing("with-sample")).self_referential).toBe(false);
  });

  it("stats count probes, exclude neutral classes from the pass rate", async () => {
    const s = await registryStats(tdb.db);
    const rows = await tdb.db.selectFrom("probes").select(["outcome", "failure_reason"]).execute();
    const judged = rows.filter(
      (r) => !["dns_lookup_error", "not_payment_gated", "probe_refused"].includes(r.failure_reason ?? ""),
    );
    expect(s.probes_24h).toBe(rows.length);
    expect(s.probe_pass_rate_24h).toBeCloseTo(
      judged.filter((r) => r.outcome === "pass").length / judged.length,
      3,
    );
    // claimable was never probed: a listing counts once probed at least once
    // (the sellers that cheat after payment are the scout's, never probed here either).
    const probed = new Set(
      rows.length
        ? (await tdb.db.selectFrom("probes").select("listing_id").execute()).map((r) => r.listing_id)
        : [],
    );
    expect(probed.has(ids.claimable!)).toBe(false);
    expect(s.listings_total).toBe(probed.size);
    expect(s.hosts_total).toBe(probed.size);
    expect(s.verified).toBe(1);
  });
});
