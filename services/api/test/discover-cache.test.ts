import { createLogger } from "@tollgate/platform";
import {
  createSemanticIndex,
  type SearchEvent,
  type SemanticIndex,
  syncEmbeddings,
} from "@tollgate/registry";
import { createEmbedder, type Embedder } from "@tollgate/semantic";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscoverCache, ListingCache } from "../src/cache.js";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// Discover answers kept in memory: a repeated need is answered without a search but still logged for demand;
// an answer is dropped when a listing it matched or shows changes, or when a listing the semantic index does
// not hold (new, matched by text until embedded) changes; other changes leave it; never past the TTL.
let t: TestApi;
let embedder: Embedder;
let index: SemanticIndex;
let listingCache: ListingCache;
let kept: DiscoverCache<SearchEvent>;
const logged: SearchEvent[] = [];
const ids: Record<string, string> = {};
const NEED = "will it rain in Lyon tomorrow afternoon";
// biome-ignore lint/suspicious/noExplicitAny: bodies are read field by field
const ask = async (q = NEED): Promise<any> =>
  (await t.req("GET", `/v1/discover?q=${encodeURIComponent(q)}`)).json();
async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
async function list(key: string, name: string, description: string, category: string) {
  const r = await t.req("POST", "/v1/listings", {
    ...validListing(),
    name,
    description,
    category,
    endpoint_url: `https://api.example.com/v1/${key}`,
  });
  expect(r.status).toBe(201);
  ids[key] = (await r.json()).id;
}

beforeAll(async () => {
  embedder = createEmbedder();
  t = await startTestApi({
    discover: { matcher: (q) => index.matcher(q), logSearch: (e) => logged.push(e) },
    listingCache: (url) => {
      listingCache = new ListingCache({ ttlMs: 60_000, max: 100 }).follow(url);
      return listingCache;
    },
    discoverCache: (lc) => {
      kept = new DiscoverCache<SearchEvent>(lc, {
        ttlMs: 60_000,
        max: 100,
        isIndexed: (id) => index?.has(id) ?? false,
      });
      return { cache: kept, matcherState: () => index?.state ?? "off" };
    },
  });
  await until("the LISTEN connection", () => listingCache.live, 10_000);
  await list(
    "forecast",
    "SkyCast Hourly",
    "Hourly weather forecast with temperature, wind and precipitation",
    "data.weather",
  );
  await list("stocks", "Ticker tape", "Real-time equity quotes and market prices", "data.finance");
  await embedder.ready;
  while ((await syncEmbeddings(t.tdb.db, embedder)) > 0);
  index = createSemanticIndex(t.tdb.db, embedder, createLogger("t", "silent"));
  await index.refresh();
  await until("the notifications of the setup", async () => {
    const before = listingCache.stats.invalidations;
    await new Promise((r) => setTimeout(r, 200));
    return listingCache.stats.invalidations === before;
  });
});
afterAll(async () => {
  await listingCache?.close();
  await embedder.close();
  await t.tdb.drop();
});

describe("discover answers kept in memory", () => {
  it("a repeated need is answered from memory and still logged once per search", async () => {
    const first = await ask();
    expect(first.note).toMatch(/matched by meaning/);
    expect(first.results.map((r: { id: string }) => r.id)).toEqual([ids.forecast]);
    const hits = kept.stats.hits;
    const n = logged.length;
    expect(await ask()).toEqual(first);
    expect(await ask(`  ${NEED}  `)).toEqual(first);
    expect(kept.stats.hits).toBe(hits + 2);
    expect(logged.length).toBe(n + 2);
    expect(logged.at(-1)).toMatchObject({ query: NEED, resultIds: [ids.forecast] });
  });

  it("a HEAD states no need: answered (kept, computed, or the site page), never logged for demand", async () => {
    await ask();
    const n = logged.length;
    const fresh = "a need nobody asked before, only by HEAD";
    for (const path of [
      `/v1/discover?q=${encodeURIComponent(NEED)}`,
      `/v1/discover?q=${encodeURIComponent(fresh)}`,
      `/?q=${encodeURIComponent(fresh)}`,
    ]) {
      const r = await t.req("HEAD", path);
      expect(r.status).toBe(200);
    }
    expect(logged.length).toBe(n);
    await ask(fresh);
    expect(logged.length).toBe(n + 1);
  });

  it("a change to a listing the answer does not depend on leaves it; a change to one it shows drops it", async () => {
    await ask();
    const drops = kept.stats.drops;
    await t.tdb.db.updateTable("listings").set({ score: 0.11 }).where("id", "=", ids.stocks!).execute();
    await until("the stocks notification", () => listingCache.stats.invalidations > 0 && kept.current > 0);
    const hits = kept.stats.hits;
    await ask();
    expect(kept.stats.hits).toBe(hits + 1);
    expect(kept.stats.drops).toBe(drops);
    await t.tdb.db
      .updateTable("listings")
      .set({ price_amount: 0.0421 })
      .where("id", "=", ids.forecast!)
      .execute();
    await until("the new price", async () => (await ask()).results[0]?.price_amount === 0.0421);
    expect(kept.stats.drops).toBeGreaterThan(drops);
  });

  it("a new listing, matched by text until it is embedded, drops every kept answer and shows up", async () => {
    await ask();
    await list(
      "rain",
      "Rain radar",
      "Will it rain? Live rain radar for Lyon and every French city",
      "data.weather",
    );
    await until("the new listing in the answer", async () =>
      (await ask()).results.some((r: { id: string }) => r.id === ids.rain),
    );
  });

  it("expired answers are let go as new ones are kept: never-repeated needs do not pile up to max", async () => {
    const short = new DiscoverCache<string>(listingCache, { ttlMs: 100, max: 10_000, isIndexed: () => true });
    for (let i = 0; i < 300; i++) short.keep(`need ${i}`, short.current, "{}", "e", [`l${i % 7}`]);
    expect(short.size).toBe(300);
    await new Promise((r) => setTimeout(r, 150));
    short.keep("a new need", short.current, "{}", "e", ["l1"]);
    expect(short.size).toBe(1);
    // What was let go no longer holds its listings' dependencies: a change to l1 drops only the new need.
    const before = short.stats.drops;
    listingCache.invalidate("l1");
    expect(short.stats.drops).toBe(before + 1);
    expect(short.size).toBe(0);
  });

  it("nothing is kept past the TTL, nor served while the LISTEN connection is down", async () => {
    await ask();
    const key = [...(kept as unknown as { entries: Map<string, unknown> }).entries.keys()][0]!;
    expect(kept.get(key)).not.toBeNull();
    expect(kept.get(key, Date.now() + 61_000)).toBeNull();
    await listingCache.close();
    expect(kept.get(key)).toBeNull();
  });
});
