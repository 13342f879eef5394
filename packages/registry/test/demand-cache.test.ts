import { randomUUID } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demandAggregate, ingestSearch } from "../src/index.js";

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

const search = (query: string, client: string) =>
  ingestSearch(tdb.db, {
    eventId: randomUUID(),
    at: new Date(Date.now() - 60_000).toISOString(),
    source: "rest",
    query,
    category: null,
    clientHash: client,
    resultIds: [],
    params: {},
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the free feed's aggregate cache", () => {
  const o = { kFloor: 1, paidTierLive: false, delayHours: 0, cacheMs: 1000 };
  const total = async () => (await demandAggregate(tdb.db, o)).totals?.total;

  it("serves one computation for cacheMs, then the last one while a fresh one is computed, then the fresh one", async () => {
    await search("hourly weather in lyon", "c1");
    expect(await total()).toBe(1);
    await search("hourly weather in lyon", "c2");
    expect(await total()).toBe(1); // within cacheMs: the same computation
    await sleep(1100);
    expect(await total()).toBe(1); // expired: the last result, answered at once, while it recomputes
    // The background computation lands shortly; until then the last result is served.
    for (let i = 0; i < 100 && (await total()) === 1; i++) await sleep(50);
    expect(await total()).toBe(2);
  });

  it("without cacheMs every call computes", async () => {
    await search("stock quotes for apple", "c3");
    expect((await demandAggregate(tdb.db, { ...o, cacheMs: 0 })).totals?.total).toBe(3);
  });
});
