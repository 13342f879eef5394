import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// The report files: the index, the dated paid-delivery census (frozen once a day, plus a live block) and the
// ledger; every data answer carries the CC-BY-4.0 licence link. Where no data exists the files say so.
let t: TestApi;
let id: string;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const get = async (path: string): Promise<any> => (await t.req("GET", path)).json();
const LICENSE = '<https://creativecommons.org/licenses/by/4.0/>; rel="license"';

const purchase = (delivered: boolean) =>
  t.tdb.db
    .insertInto("purchases")
    .values({
      listing_id: id,
      outcome: delivered ? "delivered" : "empty_body",
      delivered,
      tx_hash: `0x${"a".repeat(64)}`,
      amount_usdc: 0.01,
      quote_amount_atomic: "10000",
      listed_price: 0.01,
      http_status: 200,
      json_valid: null,
      schema_valid: null,
      fresh: null,
      body_sha256: null,
      failure_reason: null,
      note: null,
      state: "recorded",
      payer: null,
      pay_to: null,
      nonce: null,
      content_type: "application/json",
      latency_ms: 10,
      plan_id: null,
      plan_seq: null,
    })
    .execute();

beforeAll(async () => {
  t = await startTestApi();
  id = (await (await t.req("POST", "/v1/listings", validListing())).json()).id;
});
afterAll(async () => t.tdb.drop());

describe("report files", () => {
  it("/state.json indexes the report files with absolute URLs and the licence", async () => {
    const res = await t.req("GET", "/state.json");
    expect(res.headers.get("link")).toBe(LICENSE);
    const index = await res.json();
    expect(index.license).toMatchObject({ name: "CC-BY-4.0" });
    expect(index.reports.map((r: { url: string }) => r.url)).toEqual([
      "http://tollgate.test/state/paid-verification.json",
      "http://tollgate.test/state/the-ledger.json",
      "http://tollgate.test/methodology.json",
    ]);
    for (const r of index.reports) expect((await t.req("GET", r.path)).status).toBe(200);
  });

  it("the census says there is none before any purchase, then freezes the day's figures once", async () => {
    const empty = await get("/state/paid-verification.json");
    expect(empty.census).toMatchObject({ census_date: null });
    expect(empty.census.note).toMatch(/not recorded a purchase/);
    expect(empty.live.paid_verification.attempted).toBe(0);
    expect(empty.license.name).toBe("CC-BY-4.0");

    await purchase(true);
    const first = await get("/state/paid-verification.json");
    expect(first.census).toMatchObject({
      census_date: new Date().toISOString().slice(0, 10),
      paid_verification: { attempted: 1, delivered: 1 },
    });
    // A later failure shows in the live block; the day's census stays as frozen.
    await purchase(false);
    const second = await get("/state/paid-verification.json");
    expect(second.census).toEqual(first.census);
    expect(second.live.paid_verification.outcomes).toEqual({ empty_body: 1 });
    expect(second.editions).toBe(1);
  });

  it("the ledger says when the chain index has read nothing yet", async () => {
    const ledger = await get("/state/the-ledger.json");
    expect(ledger).toMatchObject({ report: "the-ledger", indexed_to_block: null, window_days: 30 });
    expect(ledger.note).toMatch(/not read any block/);
    expect(ledger.totals.payments).toBe(0);
  });

  it("every successful data answer carries the licence link; errors do not", async () => {
    for (const path of ["/v1/stats", `/v1/listings/${id}`, "/v1/listings", "/methodology.json"])
      expect((await t.req("GET", path)).headers.get("link"), path).toBe(LICENSE);
    expect((await t.req("GET", "/v1/listings/lst_00000000000000000000")).headers.get("link")).toBeNull();
  });

  it("the version date, dated behaviour changes and demand policy are published as data", async () => {
    const m = await get("/methodology.json");
    expect(m).toMatchObject({ version: "1.0.0", version_date: "2026-09-03" });
    expect(m.behaviour_changes).toContainEqual({
      since: "2026-09-28",
      change: expect.stringMatching(/0\.25/),
    });
    expect(m.demand_policy.policy_epoch).toMatch(/^\d{4}-\d{2}-\d{2}/);
    // Every outcome key a purchase can be recorded under is named: the fixed ones and the two patterns.
    expect(m.scout.outcomes).toContain("settlement_unproven");
    expect(m.scout.outcome_patterns).toEqual(["paid_but_status_<code>", "error_<code>"]);
    const doc = await get("/openapi.json");
    expect(doc.info["x-version-date"]).toBe("2026-09-03");
    expect(doc.info.description).toMatch(/since 2026-09-05/);
  });
});
