import { randomUUID } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestSearch } from "../src/index.js";

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

describe("storing a logged search", () => {
  it("a query holding NUL (answered by discover as any other) is stored without it, not failed", async () => {
    const eventId = randomUUID();
    const stored = await ingestSearch(tdb.db, {
      eventId,
      at: new Date().toISOString(),
      source: "rest",
      query: "hourly\u0000 weather in lyon\u0000",
      category: null,
      clientHash: "c1",
      resultIds: [],
      params: {},
    });
    expect(stored).toBe(true);
    const row = await tdb.db
      .selectFrom("search_log")
      .select(["query", "term"])
      .where("event_id", "=", eventId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ query: "hourly weather in lyon", term: "hourly weather in lyon" });
  });
});
