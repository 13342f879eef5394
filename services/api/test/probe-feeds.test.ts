import { recordProbe } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

let t: TestApi;
let id: string;
beforeAll(async () => {
  t = await startTestApi();
  id = (await (await t.req("POST", "/v1/listings", validListing())).json()).id;
  const base = Math.floor(Date.now() / 1000) + 5;
  for (let i = 0; i < 6; i++)
    await recordProbe(t.tdb.db, {
      listingId: id,
      slot: base + i,
      at: new Date((base + i * 60) * 1000),
      passed: false,
      failureReason: "server_error",
      httpStatus: 500,
      latencyMs: 12,
      verifiedVia: null,
      sampleOk: null,
      challenge: null,
    });
});
afterAll(() => t.tdb.drop());

describe("history, changes, stats", () => {
  it("GET /v1/listings/{id}/history lists every real change with reasons", async () => {
    const h = await (await t.req("GET", `/v1/listings/${id}/history`)).json();
    expect(h.history.map((e: { to: string }) => e.to)).toEqual(["unverified", "failing"]);
    expect(h.history[1].reasons).toContain("failure_streak");
    expect(h.note).toMatch(/failure_streak/);
    expect((await t.req("GET", "/v1/listings/lst_00000000000000000000/history")).status).toBe(404);
  });
  it("GET /v1/changes is newest first, honours since and limit, refuses bad values", async () => {
    const all = await (await t.req("GET", "/v1/changes")).json();
    expect(all.limit).toBe(500);
    expect(all.changes[0].to).toBe("failing");
    const ats = all.changes.map((c: { at: number }) => c.at);
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
    const one = await (await t.req("GET", "/v1/changes?limit=1")).json();
    expect(one.changes).toHaveLength(1);
    const future = await (
      await t.req("GET", `/v1/changes?since=${Math.floor(Date.now() / 1000) + 3600}`)
    ).json();
    expect(future.changes).toHaveLength(0);
    for (const q of ["limit=501", "limit=0", "since=yesterday", "order=asc"])
      expect((await t.req("GET", `/v1/changes?${q}`)).status, q).toBe(400);
  });
  it("GET /v1/changes pages back past a full page with next_before_id, missing none, even within one second", async () => {
    // Eleven changes of other listings, seven of them in one second: more than a page of 3 since the poll.
    const at = new Date((Math.floor(Date.now() / 1000) - 100) * 1000);
    const since = Math.floor(at.getTime() / 1000) - 10;
    const rows = Array.from({ length: 11 }, (_, i) => ({
      listing_id: id,
      from_status: "unverified",
      to_status: "failing",
      reasons: ["failure_streak"],
      at: i < 7 ? at : new Date(at.getTime() - (i - 6) * 1000),
    }));
    await t.tdb.db.insertInto("status_changes").values(rows).execute();
    const whole = await (await t.req("GET", `/v1/changes?since=${since}`)).json();
    expect(whole.count).toBeGreaterThanOrEqual(11);
    expect(whole.next_before_id).toBeNull();
    const seen: number[] = [];
    let page = await (await t.req("GET", `/v1/changes?since=${since}&limit=3`)).json();
    for (let n = 0; n < 10; n++) {
      seen.push(...page.changes.map((c: { id: number }) => c.id));
      if (page.next_before_id === null) break;
      expect(page.next_before_id).toBe(page.changes.at(-1).id);
      page = await (
        await t.req("GET", `/v1/changes?since=${since}&limit=3&before_id=${page.next_before_id}`)
      ).json();
      expect(page.before_id).not.toBeNull();
    }
    expect(seen).toEqual(whole.changes.map((c: { id: number }) => c.id));
    // A cursor that names no change, or is no id, is refused, never an empty page.
    const unknown = await t.req("GET", "/v1/changes?before_id=999999999");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: "validation_failed",
      message: expect.stringMatching(/before_id/),
    });
    for (const q of [
      "before_id=0",
      "before_id=-1",
      "before_id=1.5",
      "before_id=abc",
      "before_id=",
      "before_id=1e3",
    ])
      expect((await t.req("GET", `/v1/changes?${q}`)).status, q).toBe(400);
  });
  it("GET /v1/stats", async () => {
    const s = await (await t.req("GET", "/v1/stats")).json();
    expect(s).toMatchObject({
      listings_total: 1,
      hosts_total: 1,
      verified: 0,
      probes_24h: 6,
      probe_pass_rate_24h: 0,
    });
    expect(s.listings_total_basis).toMatch(/ephemeral/);
    expect(s.avg_probe_gap_min).toBe(1);
  });
});
