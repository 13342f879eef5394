import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up } from "../src/migrations/2026_12_02_0017_endpoint_canonical_percent.js";
import { createTestDatabase, type TestDatabase } from "../src/testing/index.js";

// Migration 0017: canonical endpoints stored under the older rule get the path's percent-encoding
// normalised (RFC 3986 §6.2.2), without ever breaking the one-active-listing-per-endpoint index.
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => tdb.drop());

let n = 0;
const listing = async (canonical: string, status = "verified") => {
  const id = `lst_mig${String(++n).padStart(17, "0")}`;
  await tdb.db
    .insertInto("listings")
    .values({
      id,
      name: "x",
      description: "x",
      endpoint_url: canonical,
      endpoint_canonical: canonical,
      host: "x.test",
      registered_domain: "x.test",
      category: "data.weather",
      price_amount: 0.01,
      status,
      // created in insertion order: the oldest is the first inserted
      created_at: new Date(Date.UTC(2026, 0, 1, 0, n)),
    } as never)
    .execute();
  return id;
};
const canonicalOf = async (id: string) =>
  (await sql<{ c: string }>`SELECT endpoint_canonical AS c FROM listings WHERE id = ${id}`.execute(tdb.db))
    .rows[0]!.c;

describe("migration 0017: endpoint_canonical percent-encoding", () => {
  it("recomputes old-rule canonicals; a form another active listing holds stays with it; again changes nothing", async () => {
    const unreserved = await listing("https://a.test/v1/%70aid/%7etiles");
    const lowerHex = await listing("https://a.test/v1/a%2fb%c3%a9");
    const query = await listing("https://a.test/v1/x?q=%7E");
    const junk = await listing("drift-%70");
    // Held already by an active listing: the other spelling keeps its old form.
    const holder = await listing("https://b.test/v1/paid");
    const spelled = await listing("https://b.test/v1/%70aid");
    // Neither holds it yet: the oldest takes it.
    const oldest = await listing("https://c.test/v1/%70aid");
    const newer = await listing("https://c.test/v1/p%61id");
    // A delisted row is outside the unique index: always recomputed.
    const delisted = await listing("https://b.test/v1/pai%64", "delisted");

    const expected = {
      [unreserved]: "https://a.test/v1/paid/~tiles",
      [lowerHex]: "https://a.test/v1/a%2Fb%C3%A9",
      [query]: "https://a.test/v1/x?q=%7E",
      [junk]: "drift-%70",
      [holder]: "https://b.test/v1/paid",
      [spelled]: "https://b.test/v1/%70aid",
      [oldest]: "https://c.test/v1/paid",
      [newer]: "https://c.test/v1/p%61id",
      [delisted]: "https://b.test/v1/paid",
    };
    for (let run = 0; run < 2; run++) {
      await up(tdb.db as never);
      for (const [id, canonical] of Object.entries(expected))
        expect(await canonicalOf(id), id).toBe(canonical);
    }
    // The seller's own URL is never rewritten.
    const { rows } = await sql<{
      u: string;
    }>`SELECT endpoint_url AS u FROM listings WHERE id = ${unreserved}`.execute(tdb.db);
    expect(rows[0]!.u).toBe("https://a.test/v1/%70aid/%7etiles");
  });
});
