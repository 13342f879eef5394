import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { createLogger } from "@tollgate/platform";
import { createEmbedder, type Embedder } from "@tollgate/semantic";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createListing,
  createSemanticIndex,
  delistListing,
  discover,
  syncEmbeddings,
  updateListing,
  validateSubmission,
} from "../src/index.js";
import { listNamed } from "./listed.js";

let tdb: TestDatabase;
let embedder: Embedder;
const log = createLogger("semantic-test", "silent");
const ids: Record<string, string> = {};

const LISTINGS = {
  weather: ["Meteo hourly", "Hourly forecast, temperature and precipitation for any city", "data.weather"],
  stocks: ["Ticker tape", "Real-time equity quotes and market prices", "data.finance"],
  translate: ["Polyglot", "Translate documents between 40 languages", "compute.inference"],
  ocr: ["Paperless", "Read text and totals from scanned receipts and invoices", "compute.image"],
} as const;

beforeAll(async () => {
  tdb = await createTestDatabase();
  embedder = createEmbedder();
  Object.assign(ids, await listNamed(tdb.db, LISTINGS));
});
afterAll(async () => {
  await embedder.close();
  await tdb.drop();
});

describe("discovery by meaning", () => {
  it("embeds listings off the request path; concurrent syncs share the rows without overlap", async () => {
    const [a, b] = await Promise.all([
      syncEmbeddings(tdb.db, embedder, 2),
      syncEmbeddings(tdb.db, embedder, 2),
    ]);
    expect(a + b).toBe(4);
    expect(await syncEmbeddings(tdb.db, embedder)).toBe(0);
    const rows = await tdb.db.selectFrom("listings").select(["embedding", "embedding_synced_at"]).execute();
    for (const r of rows) {
      expect(r.embedding?.byteLength).toBe(512 * 4);
      expect(r.embedding_synced_at).toBeInstanceOf(Date);
    }
  });

  it("matches needs worded unlike any listing, where plain text finds nothing", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    expect(await index.matcher("will it rain tomorrow")).toBeNull(); // not loaded yet: plain text
    await index.refresh();
    expect(index.size).toBe(4);
    const cases: [string, string][] = [
      ["will it rain in Lyon tomorrow", "weather"],
      ["share price of apple right now", "stocks"],
      ["convert my contract to spanish", "translate"],
      ["digitise a photo of a bill", "ocr"],
      // Characters the model's vocabulary lacks (its unknown token) are still matched by meaning.
      ["☔ will it rain in Lyon tomorrow? 🌧", "weather"],
      ["株価: share price of apple right now", "stocks"],
    ];
    for (const [need, key] of cases) {
      const r = await discover(tdb.db, { q: need, limit: 10 }, { matcher: index.matcher });
      expect(r.results[0]?.id, need).toBe(ids[key]);
      expect(r.note).toMatch(/matched by meaning/);
    }
    const text = await discover(tdb.db, { q: "will it rain in Lyon tomorrow", limit: 10 });
    expect(text.results.map((x) => x.id)).not.toContain(ids.weather);
  });

  it("an edit is re-embedded and followed; a delisting leaves the index (and no answer is kept past either)", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const ask = async (q: string) =>
      (await discover(tdb.db, { q, limit: 10 }, { matcher: index.matcher })).results.map((x) => x.id);
    expect((await ask("latest soccer results"))[0]).not.toBe(ids.translate);
    expect(await ask("share price of apple right now")).toContain(ids.stocks);
    const before = await tdb.db
      .selectFrom("listings")
      .select("embedding_synced_at")
      .where("id", "=", ids.translate!)
      .executeTakeFirstOrThrow();
    await updateListing(
      tdb.db,
      ids.translate!,
      { description: "Live football scores and match results" },
      { allowHttp: false, checkHost: async () => ({ ok: true }) },
    );
    expect(await syncEmbeddings(tdb.db, embedder)).toBe(1);
    const after = await tdb.db
      .selectFrom("listings")
      .select("embedding_synced_at")
      .where("id", "=", ids.translate!)
      .executeTakeFirstOrThrow();
    expect(after.embedding_synced_at!.getTime()).toBeGreaterThan(before.embedding_synced_at!.getTime());
    await index.refresh();
    const r = await discover(tdb.db, { q: "latest soccer results", limit: 1 }, { matcher: index.matcher });
    expect(r.results[0]?.id).toBe(ids.translate);

    await delistListing(tdb.db, ids.stocks!);
    await index.refresh();
    expect(index.size).toBe(3);
    expect(await ask("share price of apple right now")).not.toContain(ids.stocks);
  });

  it("a listing created seconds ago, not embedded yet, is found by text until it is", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const prepared = await validateSubmission(
      tdb.db,
      {
        name: "Quasar Lookup",
        description: "Catalogue of quasars with redshift",
        category: "data.science",
        endpoint_url: "https://quasar.example.com/v1",
        price_amount: 0.01,
      },
      { checkHost: async () => ({ ok: true as const }) },
    );
    const { id } = await createListing(tdb.db, prepared);
    const r = await discover(tdb.db, { q: "quasar redshift", limit: 10 }, { matcher: index.matcher });
    expect(r.note).toMatch(/matched by meaning/);
    expect(r.results.map((x) => x.id)).toContain(id);
  });

  it("while the model is still loading, a search is answered by text without waiting for it", async () => {
    const loading: Embedder = {
      ...embedder,
      ready: new Promise(() => undefined),
      embedCached: () => new Promise(() => undefined),
    };
    // Were the matcher to wait for the model, this search would never be answered (the test times out).
    const index = createSemanticIndex(tdb.db, loading, log, { embedTimeoutMs: 3_600_000 });
    await index.refresh();
    const r = await discover(tdb.db, { q: "hourly forecast", limit: 5 }, { matcher: index.matcher });
    expect(r.note).toMatch(/matched by text/);
    expect(r.results.map((x) => x.id)).toContain(ids.weather);
  });

  it("a model that cannot answer in time falls back to plain text instead of failing the search", async () => {
    const stuck: Embedder = { ...embedder, embedCached: () => new Promise(() => undefined) };
    const index = createSemanticIndex(tdb.db, stuck, log, { embedTimeoutMs: 50 });
    await index.refresh();
    const r = await discover(tdb.db, { q: "hourly forecast", limit: 5 }, { matcher: index.matcher });
    expect(r.note).toMatch(/matched by text/);
    expect(r.results.map((x) => x.id)).toContain(ids.weather);
  });
});
