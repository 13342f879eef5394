import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ListingCache } from "../src/cache.js";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// The in-memory listing cache: answers dropped the moment any writer changes the row (LISTEN/NOTIFY from a
// trigger, migration 0015), never served past their TTL, never served while the LISTEN connection is down;
// ETag and If-None-Match on the detail; the stats served from memory within STATS_CACHE_MS.
let t: TestApi;
let cache: ListingCache;
let id: string;
// biome-ignore lint/suspicious/noExplicitAny: bodies are read field by field
const read = async (): Promise<any> => (await t.req("GET", `/v1/listings/${id}`)).json();
async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
/** A write that fires no trigger (as if its notification were lost). */
const silentRename = (name: string) =>
  t.tdb.db.connection().execute(async (conn) => {
    await sql`SET session_replication_role = replica`.execute(conn);
    await conn.updateTable("listings").set({ name }).where("id", "=", id).execute();
    await sql`SET session_replication_role = origin`.execute(conn);
  });

beforeAll(async () => {
  t = await startTestApi({
    listingCache: (url) => {
      cache = new ListingCache({ ttlMs: 60_000, max: 100 }).follow(url);
      return cache;
    },
    statsCacheMs: 60_000,
  });
  await until("the LISTEN connection", () => cache.live);
  id = (await (await t.req("POST", "/v1/listings", validListing())).json()).id;
  // The creation's own notification, processed before any test reads.
  await until("the creation's notification", () => cache.stats.invalidations > 0);
});
afterAll(async () => {
  await cache?.close();
  await t.tdb.drop();
});

describe("listing cache", () => {
  it("serves from memory until the row changes, and drops the answer at once when any writer changes it", async () => {
    expect((await read()).name).toBe("Paris weather");
    const hits = cache.stats.hits;
    await read();
    expect(cache.stats.hits).toBe(hits + 1);
    // A silent write is not seen (the answer really comes from memory)…
    await silentRename("Silent");
    expect((await read()).name).toBe("Paris weather");
    // …while a normal write (any service's: here the prober's kind of update) is seen on the next reads.
    await t.tdb.db.updateTable("listings").set({ score: 0.42 }).where("id", "=", id).execute();
    await until("the change", async () => (await read()).score === 0.42);
    expect((await read()).name).toBe("Silent");
  });

  it("ETag and If-None-Match: 304 while unchanged, 200 with a new ETag once changed", async () => {
    const first = await t.req("GET", `/v1/listings/${id}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    const again = await t.req("GET", `/v1/listings/${id}`, undefined, { "if-none-match": etag });
    expect(again.status).toBe(304);
    // Weak comparison (RFC 9110): a CDN that compressed the answer sends the tag back weak; "*" matches too.
    const revalidate = async (tags: string) =>
      (await t.req("GET", `/v1/listings/${id}`, undefined, { "if-none-match": tags })).status;
    expect(await revalidate(`W/${etag}`)).toBe(304);
    expect(await revalidate(`"other", W/${etag}`)).toBe(304);
    expect(await revalidate("*")).toBe(304);
    expect(await revalidate(`"other", W/"${etag.slice(1, -2)}"`)).toBe(200);
    await t.tdb.db.updateTable("listings").set({ description: "changed" }).where("id", "=", id).execute();
    await until("a new ETag", async () => {
      const r = await t.req("GET", `/v1/listings/${id}`, undefined, { "if-none-match": etag });
      return r.status === 200 && r.headers.get("etag") !== etag;
    });
  });

  it("nothing is served from memory while the LISTEN connection is down, nor past the TTL", async () => {
    await read(); // cached
    await cache.close();
    expect(cache.live).toBe(false);
    await silentRename("Seen without notification");
    expect((await read()).name).toBe("Seen without notification");

    const short = new ListingCache({ ttlMs: 150, max: 10 }).follow(t.tdb.url);
    await until("the second listener", () => short.live);
    const load = async () => JSON.stringify({ n: Math.random() });
    const a = await short.answer("x", load);
    expect((await short.answer("x", load)).body).toBe(a.body);
    await new Promise((r) => setTimeout(r, 200));
    expect((await short.answer("x", load)).body).not.toBe(a.body);
    await short.close();
  });

  it("a change while an answer is being read keeps that answer out of memory", async () => {
    const c = new ListingCache({ ttlMs: 60_000, max: 10 }).follow(t.tdb.url);
    try {
      await until("the listener", () => c.live);
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const slow = c.answer("y", async () => {
        await gate;
        return '"read before the change"';
      });
      c.invalidate("y"); // the row changed while it was being read
      release();
      expect((await slow).body).toBe('"read before the change"');
      expect((await c.answer("y", async () => '"after"')).body).toBe('"after"');
      // The same for a full drop (the LISTEN connection went down and came back).
      let release2!: () => void;
      const gate2 = new Promise<void>((r) => {
        release2 = r;
      });
      const slow2 = c.answer("z", async () => {
        await gate2;
        return '"old"';
      });
      c.clear();
      release2();
      await slow2;
      expect((await c.answer("z", async () => '"new"')).body).toBe('"new"');
    } finally {
      await c.close();
    }
  });

  it("expired answers are let go as new ones are stored: memory follows the TTL's traffic, not max", async () => {
    const c = new ListingCache({ ttlMs: 100, max: 10_000 }).follow(t.tdb.url);
    try {
      await until("the listener", () => c.live);
      for (let i = 0; i < 500; i++) await c.answer(`old-${i}`, async () => `"${i}"`);
      expect(c.size).toBe(500);
      await new Promise((r) => setTimeout(r, 150));
      await c.answer("new", async () => '"new"');
      expect(c.size).toBe(1);
      // Re-storing a key moves it to the young end, so the walk from the old end stays correct.
      await c.answer("a", async () => '"a"');
      await new Promise((r) => setTimeout(r, 150));
      await c.answer("new2", async () => '"n"');
      expect(c.size).toBe(1);
    } finally {
      await c.close();
    }
  });

  it("the stats are computed at most once per STATS_CACHE_MS", async () => {
    const stats = async () => (await t.req("GET", "/v1/stats")).json();
    const before = (await stats()).verified;
    // A listing becomes verified: the stats served from memory do not show it yet (within the bound)…
    await t.tdb.db
      .updateTable("listings")
      .set({ status: "verified", probe_count: 3, last_probed_at: new Date() })
      .where("id", "=", id)
      .execute();
    expect((await stats()).verified).toBe(before);
    // …while the same stats computed per request do.
    const fresh = await startTestApi();
    try {
      const other = (await (await fresh.req("POST", "/v1/listings", validListing())).json()).id;
      const first = (await (await fresh.req("GET", "/v1/stats")).json()).verified;
      await fresh.tdb.db
        .updateTable("listings")
        .set({ status: "verified", probe_count: 3, last_probed_at: new Date() })
        .where("id", "=", other)
        .execute();
      expect((await (await fresh.req("GET", "/v1/stats")).json()).verified).toBe(first + 1);
    } finally {
      await fresh.tdb.drop();
    }
  });
});
