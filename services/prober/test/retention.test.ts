import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { createListing, PROBE_RETENTION_DAYS, rollUpOldProbes, validateSubmission } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

describe("probe retention", () => {
  it("rolls rows older than the retention window into probe_daily and keeps the window intact", async () => {
    const prepared = await validateSubmission(
      tdb.db,
      {
        name: "r",
        description: "r",
        endpoint_url: "https://r.example.com/x",
        category: "data.other",
        price_amount: 0,
      },
      { checkHost: async () => ({ ok: true }) },
    );
    const { id } = await createListing(tdb.db, prepared);
    const now = new Date("2026-11-23T12:00:00Z");
    const day = 86_400_000;
    const rows = [
      { at: new Date(now.getTime() - 10 * day), outcome: "pass", latency_ms: 10 },
      { at: new Date(now.getTime() - 10 * day + 1000), outcome: "fail", latency_ms: 30 },
      { at: new Date(now.getTime() - 9 * day), outcome: "neutral", latency_ms: 5 },
      { at: new Date(now.getTime() - (PROBE_RETENTION_DAYS - 1) * day), outcome: "pass", latency_ms: 7 },
      { at: new Date(now.getTime() - 3600_000), outcome: "pass", latency_ms: 9 },
    ];
    await tdb.db
      .insertInto("probes")
      .values(rows.map((r, i) => ({ ...r, listing_id: id, slot: i })))
      .execute();
    expect(await rollUpOldProbes(tdb.db, now)).toEqual({ rolled: 3 });
    const left = await tdb.db.selectFrom("probes").select("latency_ms").orderBy("at").execute();
    expect(left.map((r) => r.latency_ms)).toEqual([7, 9]);
    const daily = await tdb.db.selectFrom("probe_daily").selectAll().orderBy("day").execute();
    expect(daily.map((d) => [d.probes, d.passed, d.failed, d.neutral, d.latency_ms_sum])).toEqual([
      [2, 1, 1, 0, 40],
      [1, 0, 0, 1, 5],
    ]);
    expect(await rollUpOldProbes(tdb.db, now)).toEqual({ rolled: 0 });
  });
});
