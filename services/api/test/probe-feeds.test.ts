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
