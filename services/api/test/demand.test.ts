import { randomUUID } from "node:crypto";
import type { serve } from "@hono/node-server";
import { type Chain, payingFetch, signPaymentFor, startChain } from "@tollgate/devnet";
import { buildDemandSnapshots, clientHash, ingestSearch, withholdDemandTerm } from "@tollgate/registry";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainPayments, serveTestApi, startTestApi, type TestApi, validListing } from "./helpers.js";

let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
let listingId: string;
const SALT = "test-salt-123";
const operator = () => chain.wallets.operator.address;
const client = (name: string) => clientHash(name, SALT);
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();

async function search(
  q: string,
  who: string,
  resultIds: string[] = [],
  category: string | null = null,
  categories?: string[],
) {
  await ingestSearch(t.tdb.db, {
    ...(categories ? { categories } : {}),
    eventId: randomUUID(),
    at: new Date(Date.now() - 60_000).toISOString(),
    source: "rest",
    query: q,
    category,
    clientHash: client(who),
    resultIds,
    params: {},
  });
}

const WITHHELD = "satellite imagery of farms";
const PUBLISHED = "real-time flight prices";

beforeAll(async () => {
  chain = await startChain();
  t = await startTestApi({ payments: chainPayments(chain), demand: { paidTierLive: true, delayHours: 0 } });
  ({ server, base } = await serveTestApi(t));
  // Submitted through app.request: the submitter's client address is "unknown".
  listingId = (await (await t.req("POST", "/v1/listings", validListing())).json()).id;

  for (const c of ["a", "b", "c"]) await search(PUBLISHED, c);
  for (const c of ["a", "b"]) await search(WITHHELD, c);
  for (const c of ["a", "b", "c", "d", "e"]) await search("gpu", c);
  // The seller checks their own rank (results hold their listing), and three buyers ask the same need.
  await search("weather forecast hourly", "unknown", [listingId]);
  await search("weather forecast hourly", "unknown", [listingId]);
  // What the agents were shown (1 result) and the categories the matcher inferred when they asked.
  await search("weather forecast hourly", "a", [listingId], null, ["data.weather"]);
  await search("weather forecast hourly", "b", [listingId], null, ["data.weather", "data.maps"]);
  await search("weather forecast hourly", "d", [listingId], null, ["data.weather"]);
  // Asked by one client only: published only under a floor of 1.
  await search("tide tables for brest", "z");
  // Asked only by the seller: withheld, not demand.
  await search("paris weather uptime check", "unknown", [listingId]);
  // The listing's own name, asked by clients who searched nothing else.
  for (const c of ["n1", "n2", "n3"]) await search("Paris  Weather", c);
  // Scripted rotation: 24 client IPs, each with this single search.
  for (let i = 0; i < 24; i++) await search("cheapest llm tokens now", `rot${i}`);
  // Five more published needs, for paging.
  for (let i = 0; i < 5; i++) for (const c of ["a", "b", "c"]) await search(`stock quotes feed ${i}`, c);
});
afterAll(async () => {
  server.close();
  await t.tdb.drop();
  await chain.stop();
});

describe("GET /v1/demand (free feed)", () => {
  it("has every field of the spec and applies the privacy floor", async () => {
    const res = await t.req("GET", "/v1/demand");
    expect(res.status).toBe(200);
    const feed = await res.json();
    for (const f of [
      "window_days",
      "delay_hours",
      "window_ends_at",
      "covered_days",
      "policy_epoch",
      "coverage_note",
      "withheld",
      "k_anonymity_floor",
      "total_queries",
      "distinct_client_ips",
      "top_needs",
      "top_category_filters",
      "named_listing_lookups",
      "named_listing_lookup_rule",
      "scripted_rotation",
      "scripted_rotation_rule",
      "note",
    ])
      expect(feed, f).toHaveProperty(f);
    expect(feed).toMatchObject({ window_days: 30, delay_hours: 0, k_anonymity_floor: 3 });
    const needs = feed.top_needs.map((n: { need: string }) => n.need);
    expect(needs).toContain(PUBLISHED);
    expect(JSON.stringify(feed)).not.toContain(WITHHELD);
    expect(feed.withheld.identifying_terms).toBeGreaterThanOrEqual(1);
    expect(feed.top_needs.find((n: { need: string }) => n.need === PUBLISHED)).toEqual({
      need: PUBLISHED,
      searches: 3,
      client_ips: 3,
      catalogue_status: "not_checked_yet",
      catalogue_top: [],
    });
  });

  it("the floor is configurable and stated: at floor 2 the withheld term appears", async () => {
    t.demand.kFloor = 2;
    try {
      const feed = await (await t.req("GET", "/v1/demand")).json();
      expect(feed.k_anonymity_floor).toBe(2);
      expect(feed.top_needs.map((n: { need: string }) => n.need)).toContain(WITHHELD);
    } finally {
      t.demand.kFloor = 3;
    }
  });

  it("a floor of 1 publishes single-searcher terms and counts them; the operator's withheld terms are counted, never shown", async () => {
    expect((await (await t.req("GET", "/v1/demand")).json()).withheld.single_searcher_terms_published).toBe(
      0,
    );
    t.demand.kFloor = 1;
    try {
      const feed = await (await t.req("GET", "/v1/demand?limit=1000")).json();
      expect(feed.top_needs.map((n: { need: string }) => n.need)).toContain("tide tables for brest");
      // "tide tables for brest" (client z) is the only published term asked by one client.
      expect(feed.withheld.single_searcher_terms_published).toBe(1);
    } finally {
      t.demand.kFloor = 3;
    }
    expect(await withholdDemandTerm(t.tdb.db, "  Real-Time FLIGHT prices ")).toEqual([PUBLISHED]);
    try {
      const feed = await (await t.req("GET", "/v1/demand")).json();
      expect(feed.withheld.manually_withheld).toBe(1);
      expect(JSON.stringify(feed)).not.toContain(PUBLISHED);
    } finally {
      expect(await withholdDemandTerm(t.tdb.db, PUBLISHED, false)).toEqual([]);
    }
    const feed = await (await t.req("GET", "/v1/demand")).json();
    expect(feed.withheld.manually_withheld).toBe(0);
    expect(feed.top_needs.map((n: { need: string }) => n.need)).toContain(PUBLISHED);
    await expect(withholdDemandTerm(t.tdb.db, "abc")).rejects.toThrow(/at least 5 characters/);
  });

  it("excludes short queries, self-monitoring, seller-only terms, named lookups and scripted rotation", async () => {
    const feed = await (await t.req("GET", "/v1/demand")).json();
    const needs = feed.top_needs.map((n: { need: string }) => n.need);
    expect(needs).not.toContain("gpu");
    expect(feed.short_queries_excluded).toBe(5);
    const weather = feed.top_needs.find((n: { need: string }) => n.need === "weather forecast hourly");
    expect(weather).toMatchObject({ searches: 3, client_ips: 3 });
    expect(feed.self_monitoring_searches).toBe(3);
    expect(needs).not.toContain("paris weather uptime check");
    expect(feed.withheld.seller_only_terms).toBe(1);
    expect(needs).not.toContain("paris weather");
    expect(feed.named_listing_lookups).toEqual([
      { term: "paris weather", searches: 3, client_ips: 3, share_asking_only_this_service: 1 },
    ]);
    expect(needs).not.toContain("cheapest llm tokens now");
    expect(feed.scripted_rotation).toEqual([
      { term: "cheapest llm tokens now", searches: 24, client_ips: 24, single_search_share: 1 },
    ]);
  });

  it("the window ends behind live: a day, a week while the paid tier is on sale", async () => {
    t.demand.delayHours = undefined;
    try {
      const live = await (await t.req("GET", "/v1/demand")).json();
      expect(live.delay_hours).toBe(168);
      expect(live.top_needs).toEqual([]);
      expect(Math.abs(live.window_ends_at - (Date.now() / 1000 - 168 * 3600))).toBeLessThan(60);
      t.demand.paidTierLive = false;
      const free = await (await t.req("GET", "/v1/demand")).json();
      expect(free.delay_hours).toBe(24);
    } finally {
      t.demand.delayHours = 0;
      t.demand.paidTierLive = true;
    }
  });

  it("pages top_needs with limit and offset; next_offset ends at null", async () => {
    const all = (await (await t.req("GET", "/v1/demand")).json()).top_needs;
    expect(all.length).toBe(7);
    const p1 = await (await t.req("GET", "/v1/demand?limit=3")).json();
    expect(p1.top_needs).toEqual(all.slice(0, 3));
    expect(p1.next_offset).toBe(3);
    const p3 = await (await t.req("GET", "/v1/demand?limit=3&offset=6")).json();
    expect(p3.top_needs).toEqual(all.slice(6));
    expect(p3.next_offset).toBeNull();
    const dflt = await (await t.req("GET", "/v1/demand?offset=0")).json();
    expect(dflt.top_needs).toEqual(all);
  });

  it.each(["limit=0", "limit=1001", "limit=abc", "offset=-1", "since=5"])(
    "rejects %s with 400 in the error format",
    async (qs) => {
      const res = await t.req("GET", `/v1/demand?${qs}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    },
  );
});

const signedHeaderFor = (url: string) => signPaymentFor(chain, chain.wallets.buyers[1]!, url);

describe("paid demand: /v1/demand/clusters and /v1/demand/report", () => {
  const ledger = () => t.tdb.db.selectFrom("payments").selectAll().execute();

  it("503 demand_snapshot_not_built_yet with Retry-After, no offer", async () => {
    for (const path of ["/v1/demand/clusters", "/v1/demand/report"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("900");
      expect(res.headers.get("payment-required")).toBeNull();
      expect((await json(res)).error).toBe("demand_snapshot_not_built_yet");
    }
  });

  it("a valid payment is refused without charge while the snapshot is missing, stale, incomplete or the tier is off; then it pays once", async () => {
    const r = await buildDemandSnapshots(t.tdb.db, { kFloor: 3 });
    expect(r).toMatchObject({ skipped: false });
    const url = `${base}/v1/demand/report`;
    const header = await signedHeaderFor(url);
    const before = await chain.balanceOf(operator());
    const paidGet = () => fetch(url, { headers: { "payment-signature": header } });
    const snapshots = () => t.tdb.db.updateTable("demand_snapshots");

    const saved = await t.tdb.db.selectFrom("demand_snapshots").selectAll().execute();
    await t.tdb.db.deleteFrom("demand_snapshots").execute();
    let res = await paidGet();
    expect([res.status, (await json(res)).error]).toEqual([503, "demand_snapshot_not_built_yet"]);
    await t.tdb.db
      .insertInto("demand_snapshots")
      .values(saved.map((r) => ({ ...r, payload: JSON.stringify(r.payload) })))
      .execute();

    await snapshots()
      .set({ built_at: new Date(Date.now() - 46 * 60_000) })
      .execute();
    res = await paidGet();
    expect([res.status, (await json(res)).error]).toEqual([503, "demand_snapshot_stale"]);
    expect(res.headers.get("retry-after")).toBe("900");

    await snapshots()
      .set({ built_at: new Date(), searches_ungrouped: sql`ceil(searches_total * 0.06)` })
      .execute();
    res = await paidGet();
    expect([res.status, (await json(res)).error]).toEqual([503, "demand_snapshot_incomplete"]);

    await snapshots().set({ searches_ungrouped: 0 }).execute();
    t.demand.paidTierLive = false;
    res = await paidGet();
    t.demand.paidTierLive = true;
    expect([res.status, (await json(res)).error]).toEqual([403, "paid_tier_not_live"]);

    expect(await ledger()).toEqual([]);
    expect(await chain.balanceOf(operator())).toBe(before);

    // The same signed payment, now that the snapshot is sellable: 200, charged exactly once.
    res = await paidGet();
    expect(res.status).toBe(200);
    expect(res.headers.get("payment-response")).toBeTruthy();
    expect(await chain.balanceOf(operator())).toBe(before + 2_000_000n);
    // Presented again, the same payment gets the same report back and is not charged again.
    const first = await json(res);
    const again = await paidGet();
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(first);
    expect(await chain.balanceOf(operator())).toBe(before + 2_000_000n);
    expect((await ledger()).length).toBe(1);
  });

  it("the official client buys clusters: every cluster passed the floor; withheld terms counted, never shown", async () => {
    await buildDemandSnapshots(t.tdb.db, { kFloor: 3 });
    const res = await payingFetch(chain, chain.wallets.buyers[0]!)(`${base}/v1/demand/clusters`);
    expect(res.status).toBe(200);
    const body = await json(res);
    const members = body.clusters.flatMap((c: { needs: string[] }) => c.needs);
    expect(members).toContain(PUBLISHED);
    expect(members).not.toContain("paris weather uptime check");
    expect(JSON.stringify(body)).not.toContain(WITHHELD);
    expect(body.withheld.terms_under_floor).toBeGreaterThanOrEqual(1);
    expect(body.k_anonymity_floor).toBe(3);
    // The five "stock quotes feed N" needs share their words: one cluster.
    expect(
      body.clusters.find((c: { needs: string[] }) => c.needs.includes("stock quotes feed 0")).needs,
    ).toHaveLength(5);
  });

  it("the official client buys the report: the spec's fields, answered_now from the directory's own search", async () => {
    const res = await payingFetch(chain, chain.wallets.buyers[1]!)(`${base}/v1/demand/report`);
    expect(res.status).toBe(200);
    const report = await json(res);
    for (const f of [
      "report",
      "edition",
      "generated_at",
      "policy_epoch",
      "window",
      "totals",
      "privacy",
      "how_to_read",
      "needs",
      "named_listing_lookups",
    ])
      expect(report, f).toHaveProperty(f);
    expect(JSON.stringify(report)).not.toContain(WITHHELD);
    const weather = report.needs.find((n: { need: string }) => n.need === "weather forecast hourly");
    expect(weather).toMatchObject({
      client_ips: 3,
      searches: 3,
      seller_self_checks: 2,
      results_when_asked: 1,
      categories: ["data.weather"],
    });
    // A need logged without inferred categories or a filter says so with an empty list; its median is 0.
    expect(report.needs.find((n: { need: string }) => n.need === PUBLISHED)).toMatchObject({
      results_when_asked: 0,
      categories: [],
    });
    expect(weather.answered_now).toMatchObject({ result_count: 1, top_ids: [listingId] });
    expect(report.named_listing_lookups[0]).toMatchObject({ term: "paris weather" });
    // The free feed now shows the directory's answer too.
    const feed = await (await t.req("GET", "/v1/demand")).json();
    expect(feed.top_needs.find((n: { need: string }) => n.need === "weather forecast hourly")).toMatchObject({
      catalogue_status: "answered",
      catalogue_top: [listingId],
    });
  });

  it("a paid demand answer is computed before anything is written and kept with the payment in its first write", async () => {
    // Each payment row as first written (a trigger in this file's own database): a read-only route inserts
    // it already answered (one write, reserveAnswered); a route that reserves first inserts it "verified".
    await sql`CREATE TABLE payment_first_writes (route text, status text)`.execute(t.tdb.db);
    await sql`CREATE FUNCTION note_payment_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO payment_first_writes VALUES (NEW.route, NEW.status); RETURN NEW; END $$`.execute(
      t.tdb.db,
    );
    await sql`CREATE TRIGGER payment_first_write AFTER INSERT ON payments
      FOR EACH ROW EXECUTE FUNCTION note_payment_insert()`.execute(t.tdb.db);
    try {
      await buildDemandSnapshots(t.tdb.db, { kFloor: 3 });
      const before = await chain.balanceOf(operator());
      for (const path of ["/v1/demand/clusters", "/v1/demand/report"]) {
        const res = await payingFetch(chain, chain.wallets.buyers[2]!)(`${base}${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("payment-response")).toBeTruthy();
      }
      expect(await chain.balanceOf(operator())).toBe(before + 250_000n + 2_000_000n);
      const firstWrites = await sql<{ route: string; status: string }>`
        SELECT route, status FROM payment_first_writes ORDER BY route`.execute(t.tdb.db);
      expect(firstWrites.rows).toEqual([
        { route: "demand_clusters", status: "answered" },
        { route: "demand_report", status: "answered" },
      ]);
      const rows = await ledger();
      for (const route of ["demand_clusters", "demand_report"])
        expect(rows.filter((r) => r.route === route && r.status === "settled").length).toBeGreaterThan(0);
    } finally {
      await sql`DROP TRIGGER payment_first_write ON payments`.execute(t.tdb.db);
    }
  });

  it("a second builder at the same time skips instead of racing (single writer)", async () => {
    const results = await Promise.all([
      buildDemandSnapshots(t.tdb.db, { kFloor: 3 }),
      buildDemandSnapshots(t.tdb.db, { kFloor: 3 }),
    ]);
    expect(results.filter((r) => r.skipped === false).length).toBeGreaterThanOrEqual(1);

    // Deterministically: while another writer holds the lock, a build skips and writes nothing.
    const db = t.tdb.db;
    const count = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM demand_snapshots`.execute(db)).rows[0]!.n;
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holder = db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('tollgate:demand-snapshots'))`.execute(trx);
      locked();
      await new Promise<void>((r) => {
        release = r;
      });
    });
    await isLocked;
    const before = await count();
    expect(await buildDemandSnapshots(db, { kFloor: 3 })).toMatchObject({ skipped: true });
    expect(await count()).toBe(before);
    release();
    await holder;
    expect(await buildDemandSnapshots(db, { kFloor: 3 })).toMatchObject({ skipped: false });
    expect(await count()).toBeGreaterThan(before);
  });
});

describe("the 5 MB rule", () => {
  it("without paging, a feed over 5 MB returns its first page only and says where the next starts", async () => {
    // ~20k published needs with long wording, each asked by three clients.
    await sql`
      INSERT INTO search_log (event_id, at, source, query, term, category, client_hash, result_count, result_ids, params, self_check)
      SELECT gen_random_uuid(), now() - interval '2 minutes', 'rest', q, q, NULL, c, 0, '{}', '{}', false
      FROM (SELECT 'need number ' || i || ' ' || repeat('with a long description of what the agent wants ', 5) AS q FROM generate_series(1, 20000) i) terms,
           (VALUES ('x1'), ('x2'), ('x3')) AS clients(c)`.execute(t.tdb.db);
    const res = await t.req("GET", "/v1/demand");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBeLessThan(5 * 1024 * 1024);
    const feed = JSON.parse(text);
    expect(feed.top_needs).toHaveLength(100);
    expect(feed.next_offset).toBe(100);
    const page = await (await t.req("GET", "/v1/demand?limit=1000&offset=100")).json();
    expect(page.top_needs).toHaveLength(1000);
    expect(page.next_offset).toBe(1100);
  });
});
