import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { createLogger } from "@tollgate/platform";
import { createEmbedder, type Embedder } from "@tollgate/semantic";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Candidate,
  contentStems,
  createSemanticIndex,
  discover,
  fuse,
  gate,
  kindIds,
  kindsOf,
  LEXICON,
  likelyCategories,
  MATCH,
  normalise,
  SERVICE_KINDS,
  stemHashes,
  syncEmbeddings,
} from "../src/index.js";
import { listNamed } from "./listed.js";

const kinds = (text: string) => kindIds(kindsOf(text));

describe("the service-kind lexicon", () => {
  it("a need's words and a listing's words name the same kind", () => {
    expect(kinds("will I need an umbrella in Lyon tomorrow")).toEqual(["weather.forecast"]);
    expect(kinds("Hourly precipitation forecast for any city")).toEqual(["weather.forecast"]);
    expect(kinds("how much is a pudgy penguin going for")).toEqual(["crypto.nft"]);
    expect(kinds("NFT collection floor prices")).toEqual(["crypto.nft"]);
    expect(kinds("what is Nvidia trading at")).toEqual(["finance.stock_quote"]);
    expect(kinds("Real-time equity quotes")).toEqual(["finance.stock_quote"]);
    expect(kinds("is the smog bad today")).toEqual(["weather.air_quality"]);
    expect(kinds("Air quality index and PM2.5 readings")).toEqual(["weather.air_quality"]);
  });

  it("words are compared in a normal form: plurals and -ing/-ed endings meet, 'news' is not 'new'", () => {
    expect(new Set(["price", "prices", "priced", "pricing"].map(normalise)).size).toBe(1);
    expect(normalise("forecasts")).toBe(normalise("forecasting"));
    expect(normalise("news")).not.toBe(normalise("new"));
    expect(kinds("every query new 1234")).toEqual([]);
  });

  it("`*` in a phrase stands for one word", () => {
    expect(kinds("read emails aloud")).toContain("audio.tts");
    expect(kinds("read my emails aloud")).not.toContain("audio.tts");
  });

  it("words most listings use, or that name several kinds, name none", () => {
    for (const generic of [
      "free trial",
      "sandbox mode",
      "webhooks",
      "tracking",
      "results",
      "scores",
      "reviews",
      "records",
      "files",
      "languages",
      "countries",
      "events",
      "database",
      "for AI agents",
      "real-time data API",
    ])
      expect(kinds(generic), generic).toEqual([]);
  });

  it("every kind has a unique id, phrases on both sides, and a category of the taxonomy", async () => {
    const ids = SERVICE_KINDS.map((k) => k.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(100);
    const taxonomy = new Set((await tdb.db.selectFrom("categories").select("id").execute()).map((r) => r.id));
    for (const k of SERVICE_KINDS) {
      expect(taxonomy.has(k.category), k.id).toBe(true);
      expect(
        k.asks.split("|").every((p) => p.trim().length > 0),
        k.id,
      ).toBe(true);
      expect(
        k.offers.split("|").every((p) => p.trim().length > 0),
        k.id,
      ).toBe(true);
    }
    expect(LEXICON.kinds).toBe(SERVICE_KINDS);
  });
});

const candidate = (id: string, similarity: number, text: string): Candidate => ({
  id,
  similarity,
  category: "data.crypto",
  stems: stemHashes(text),
  kinds: kindsOf(text),
});

describe("kinds as evidence and in the gate", () => {
  const nft = candidate("nft", 0.4, "NFT collection floor prices");
  const coins = candidate("coins", 0.5, "Spot prices of cryptocurrencies");
  const shop = candidate("shop", 0.41, "Product prices from online retailers");

  it("a listing naming the need's kinds gains KIND_WEIGHT × the share of them it names", () => {
    const scored = fuse("how much is a pudgy penguin going for", [coins, nft], new Map());
    const n = scored.find((s) => s.id === "nft")!;
    expect(n.sharedKinds).toBe(1);
    expect(n.relevance).toBeCloseTo(0.4 + MATCH.kindWeight, 6);
    expect(scored.find((s) => s.id === "coins")!.relevance).toBeCloseTo(0.5, 6);
  });

  it("when the need names kinds, only listings naming one pass the gate; when none does, nothing passes", () => {
    const need = "how much is a pudgy penguin going for";
    const needKinds = kindsOf(need).length;
    // A closer listing that names no kind of the need stays out, however close.
    const close = candidate("close", 0.4 + MATCH.kindWeight + 0.01, "Spot prices of cryptocurrencies");
    const passed = gate(fuse(need, [close, nft, shop], new Map()), MATCH, needKinds);
    expect(passed.map((s) => s.id)).toEqual(["nft"]);
    expect(gate(fuse(need, [close, shop], new Map()), MATCH, needKinds)).toEqual([]);
    // The same candidates with the kind gate off: the closer one comes first (the rule is what keeps it out).
    const off = { ...MATCH, kindGate: "off" as const };
    expect(gate(fuse(need, [close, nft, shop], new Map(), off), off, needKinds)[0]?.id).toBe("close");
  });

  it("a need naming no kind is gated as before: the floor, then the band", () => {
    const need = "quince marmalade";
    expect(kindsOf(need).length).toBe(0);
    const a = candidate("a", MATCH.floor + 0.1, "Quince marmalade index");
    const b = candidate("b", MATCH.floor + 0.1 - MATCH.lexicalWeight * 2, "Unrelated");
    const scored = fuse(need, [a, b], new Map());
    expect(scored[0]!.relevance).toBeCloseTo(MATCH.floor + 0.1 + MATCH.lexicalWeight, 6);
    expect(gate(scored, MATCH, 0).map((s) => s.id)).toEqual(["a"]);
    expect(gate(fuse(need, [candidate("c", MATCH.floor - 0.01, "x")], new Map()), MATCH, 0)).toEqual([]);
  });

  it("the categories of the need's kinds come first among its likely categories", () => {
    const cats = new Map([
      ["data.finance", 0.6],
      ["data.crypto", 0.4],
    ]);
    expect(likelyCategories(cats, MATCH, kindsOf("how much is a pudgy penguin going for"))).toEqual([
      "data.crypto",
      "data.finance",
    ]);
    expect(likelyCategories(cats, MATCH, kindsOf("quince marmalade"))).toEqual(["data.finance"]);
  });
});

let tdb: TestDatabase;
let embedder: Embedder;
const ids: Record<string, string> = {};
const log = createLogger("service-kinds-test", "silent");

// Listings worded as sellers word them; every one at the same status, score and price.
const LISTINGS = {
  nft: ["Floorboard", "NFT collection floor prices and recent sales", "data.crypto"],
  coins: ["CoinTape", "Spot prices of cryptocurrencies across exchanges", "data.crypto"],
  shop: ["ShopCompare", "Product prices from online retailers", "commerce.products"],
  forecast: [
    "SkyCast Hourly",
    "Hourly weather forecast with temperature, wind and precipitation",
    "data.weather",
  ],
  aqi: ["AirGauge", "Air quality index and PM2.5 readings by city", "data.weather"],
  quotes: ["Ticker tape", "Real-time equity quotes and market prices", "data.finance"],
  fx: ["FX Rates", "Foreign exchange rates for 170 currencies", "data.finance"],
  ocr: ["Paperless", "Optical character recognition for scanned documents", "compute.image"],
  tts: ["VoiceForge", "Text to speech with natural voices", "compute.audio"],
} as const;

beforeAll(async () => {
  tdb = await createTestDatabase();
  embedder = createEmbedder();
  Object.assign(ids, await listNamed(tdb.db, LISTINGS));
  await embedder.ready;
  while ((await syncEmbeddings(tdb.db, embedder)) > 0);
});
afterAll(async () => {
  await embedder.close();
  await tdb.drop();
});

describe("discover with service kinds", () => {
  it("a need in need-words only reaches the listing in listing-words, where the matcher without kinds did not", async () => {
    const need = "what is Nvidia trading at";
    const listing = `${LISTINGS.quotes[0]} ${LISTINGS.quotes[1]}`;
    expect(contentStems(need).filter((s) => contentStems(listing).includes(s))).toEqual([]);
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const r = await discover(tdb.db, { q: need, limit: 10 }, { matcher: index.matcher });
    expect(r.results.map((x) => x.id)).toEqual([ids.quotes]);
    expect(r.note).toMatch(/kinds of service/);
    const before = createSemanticIndex(tdb.db, embedder, log, { match: { kindWeight: 0, kindGate: "off" } });
    await before.refresh();
    expect((await before.matcher(need))?.ids[0]).not.toBe(ids.quotes);
  });

  it("a need naming a kind no listing names gets no result, and the note names the kind", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const r = await discover(
      tdb.db,
      { q: "when is high tide in Brest", limit: 10 },
      { matcher: index.matcher },
    );
    expect(r.count).toBe(0);
    expect(r.note).toMatch(
      /^no listing in the directory serves this need closely enough \(it asks for weather\.marine; it reads as data\.weather/,
    );
  });

  it("a need naming no kind is matched as before", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    const before = createSemanticIndex(tdb.db, embedder, log, { match: { kindWeight: 0, kindGate: "off" } });
    await Promise.all([index.refresh(), before.refresh()]);
    for (const need of [
      "pull the words out of this photographed letter",
      "adopt a kitten from a local shelter",
    ]) {
      expect(kindsOf(need).length).toBe(0);
      const now = await index.matcher(need);
      expect(now?.ids).toEqual((await before.matcher(need))?.ids);
      expect(now?.kinds).toEqual([]);
    }
    expect((await index.matcher("pull the words out of this photographed letter"))?.ids).toEqual([ids.ocr]);
    expect((await index.matcher("adopt a kitten from a local shelter"))?.ids).toEqual([]);
  });
});
