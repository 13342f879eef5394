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
  KIND_VECTORS,
  kindIds,
  kindPhrasesHash,
  kindPhraseTexts,
  kindStemHashes,
  kindsOf,
  kindVector,
  LEXICON,
  lexicalOverlap,
  likelyCategories,
  listingKinds,
  looseOnly,
  MATCH,
  needEvidence,
  needStemHashes,
  type SearchEvent,
  stemHashes,
  syncEmbeddings,
} from "../src/index.js";
import { listNamed } from "./listed.js";

const candidate = (id: string, similarity: number, category: string, text: string): Candidate => ({
  id,
  similarity,
  category,
  stems: stemHashes(text),
  kinds: listingKinds(text),
});

describe("fusing the evidence", () => {
  it("content stems drop stopwords, numbers and common endings", () => {
    expect(contentStems("What are the forecasts for 2027 with rainfall?")).toEqual(["foreca", "rainfa"]);
  });

  it("a listing holding the need's words gains LEXICAL_WEIGHT × the share it holds", () => {
    // Words of no kind of service (service-kinds.test.ts covers kinds).
    expect(kindsOf("quince marmalade jars").length).toBe(0);
    const scored = fuse(
      "quince marmalade jars",
      [
        candidate("a", 0.5, "data.other", "Quince marmalade and jars index"),
        candidate("b", 0.52, "data.other", "Plum jam"),
      ],
      new Map(),
    );
    expect(scored.map((s) => s.id)).toEqual(["a", "b"]);
    expect(scored[0]!.relevance).toBeCloseTo(0.5 + MATCH.lexicalWeight, 6);
    expect(scored[1]!.relevance).toBeCloseTo(0.52, 6);
  });

  it("a listing gains KIND_WORDS_WEIGHT × the share of the need's words held by the phrases of the kinds it names", () => {
    // The need names no kind, and neither description holds "rainfall"; weather history's phrases do
    // ("rainfall last"), a forecast's do not ("rain" is another word).
    const need = "daily rainfall totals for Mumbai in July 2019";
    expect(kindsOf(need).length).toBe(0);
    const withKindWords = (c: Candidate): Candidate => ({ ...c, kindStems: kindStemHashes(c.kinds) });
    const archive = withKindWords(
      candidate("archive", 0.5, "data.weather", "Station observations since 1950"),
    );
    const forecast = withKindWords(candidate("forecast", 0.51, "data.weather", "Hourly weather forecast"));
    expect(kindIds(archive.kinds)).toEqual(["weather.history"]);
    const share = (c: Candidate) => lexicalOverlap(needStemHashes(need), c.kindStems!);
    expect(share(archive)).toBeGreaterThan(share(forecast));
    const scored = fuse(need, [forecast, archive], new Map());
    expect(scored.map((s) => s.id)).toEqual(["archive", "forecast"]);
    expect(scored[0]!.relevance).toBeCloseTo(0.5 + MATCH.kindWordsWeight * share(archive), 6);
    // Without the term the nearer forecast comes first: the term is what moves it.
    expect(fuse(need, [forecast, archive], new Map(), { ...MATCH, kindWordsWeight: 0 })[0]!.id).toBe(
      "forecast",
    );
  });

  it("a listing outside the need's likely category loses CATEGORY_WEIGHT × the distance to the best one", () => {
    const cats = new Map([
      ["data.weather", 0.6],
      ["data.finance", 0.2],
    ]);
    const scored = fuse(
      "x",
      [candidate("w", 0.4, "data.weather", ""), candidate("f", 0.42, "data.finance", "")],
      cats,
    );
    expect(scored.map((s) => s.id)).toEqual(["w", "f"]);
    expect(scored[1]!.relevance).toBeCloseTo(0.42 - MATCH.categoryWeight * 0.4, 6);
    expect(likelyCategories(cats)).toEqual(["data.weather"]);
    expect(
      likelyCategories(
        new Map([
          ["a", 0.5],
          ["b", 0.49],
          ["c", 0.3],
        ]),
      ),
    ).toEqual(["a", "b"]);
  });

  it("the gate keeps only what is within BAND of the best, and nothing under FLOOR", () => {
    const s = (id: string, relevance: number) => ({
      id,
      relevance,
      sharedKinds: 0,
      sharedPrimary: 0,
      kindless: false,
      similarity: relevance,
    });
    const best = MATCH.floor + 0.2;
    expect(
      gate([s("a", best), s("b", best - MATCH.band + 0.001), s("c", best - MATCH.band - 0.001)]),
    ).toEqual([s("a", best), s("b", best - MATCH.band + 0.001)]);
    expect(gate([s("a", MATCH.floor - 0.001), s("b", MATCH.floor - 0.002)])).toEqual([]);
    expect(gate([])).toEqual([]);
  });

  it("a need naming kinds: only listings naming one pass, or listings the lexicon knows nothing of", () => {
    const s = (id: string, relevance: number, sharedPrimary: number, kindless = false) => ({
      id,
      relevance,
      sharedKinds: sharedPrimary,
      sharedPrimary,
      kindless,
      similarity: relevance,
    });
    const top = MATCH.kindFloor + 0.1;
    // The best names other kinds: only the one naming the need's kind passes.
    expect(gate([s("other", top + 0.01, 0), s("named", top, 1)], MATCH, 1).map((x) => x.id)).toEqual([
      "named",
    ]);
    // Nothing names the need's kind: empty.
    expect(gate([s("other", top, 0), s("other2", top - 0.01, 0)], MATCH, 1)).toEqual([]);
    // A listing naming no kind at all is not excluded for it beside one that names it (kindless "beside"),
    // within BAND of the best that passes.
    const beside = [s("other", top + 0.02, 0), s("unknown", top + 0.01, 0, true), s("named", top, 1)];
    expect(gate(beside, MATCH, 1).map((x) => x.id)).toEqual(["unknown", "named"]);
    // Farther than BAND from the best that passes: left out.
    expect(
      gate([s("named", top, 1), s("unknown", top - MATCH.band - 0.001, 0, true)], MATCH, 1).map((x) => x.id),
    ).toEqual(["named"]);
    expect(gate(beside, { ...MATCH, kindless: "exclude" }, 1).map((x) => x.id)).toEqual(["named"]);
    // When nothing names the need's kind, the need is taken as one nothing here serves: a listing naming no kind
    // does not answer it ("pass" let it, and blind sets' unserved needs got such listings).
    expect(gate([s("other", top + 0.01, 0), s("unknown", top, 0, true)], MATCH, 1)).toEqual([]);
    expect(
      gate([s("other", top + 0.01, 0), s("unknown", top, 0, true)], { ...MATCH, kindless: "pass" }, 1).map(
        (x) => x.id,
      ),
    ).toEqual(["unknown"]);
    expect(gate([s("unknown", MATCH.floor - 0.001, 0, true)], { ...MATCH, kindless: "pass" }, 1)).toEqual([]);
  });

  it("a need naming kinds by single words only: a listing naming one lifts the kind gate, none empties", () => {
    const s = (id: string, relevance: number, sharedPrimary: number) => ({
      id,
      relevance,
      sharedKinds: sharedPrimary,
      sharedPrimary,
      kindless: false,
      similarity: relevance,
    });
    const top = MATCH.kindFloor + 0.1;
    const scored = [s("other", top + 0.01, 0), s("named", top, 1)];
    // "what is this coin my uncle left me worth": "coin" names crypto prices, and a coin dealer's listing names none.
    expect(gate(scored, MATCH, 1, true).map((x) => x.id)).toEqual(["other", "named"]);
    expect(gate(scored, MATCH, 1, false).map((x) => x.id)).toEqual(["named"]);
    // Nothing names the word's kind: still empty, as for a need naming kinds by longer phrases.
    expect(gate([s("other", top, 0), s("other2", top - 0.01, 0)], MATCH, 1, true)).toEqual([]);
    // Under the floor: empty.
    expect(
      gate([s("other", MATCH.floor - 0.01, 0), s("named", MATCH.floor - 0.02, 1)], MATCH, 1, true),
    ).toEqual([]);
    // Which needs count as naming kinds by single words only.
    expect(looseOnly(needEvidence("what is this coin my uncle left me worth"))).toBe(true);
    expect(looseOnly(needEvidence("any snow in Oslo"))).toBe(true);
    expect(looseOnly(needEvidence("will I need an umbrella in Paris tomorrow"))).toBe(false);
    expect(looseOnly(needEvidence("the history of Byzantium"))).toBe(false);
    // An identifier names its kind whatever surrounds it: such a need is held to its kind.
    expect(needEvidence("where is 203.0.113.45").longest).toBe(1);
    expect(looseOnly(needEvidence("where is 203.0.113.45"))).toBe(false);
  });

  it("kindSpread: a kind named only by a listing far from the need in meaning is not taken as the need's", () => {
    const s = (id: string, relevance: number, similarity: number, sharedPrimary: number) => ({
      id,
      relevance,
      sharedKinds: sharedPrimary,
      sharedPrimary,
      kindless: false,
      similarity,
    });
    const far = [s("near", 0.6, 0.6, 0), s("kind", 0.45, 0.3, 1)];
    expect(gate(far, { ...MATCH, kindSpread: Number.POSITIVE_INFINITY }, 1).map((x) => x.id)).toEqual([
      "kind",
    ]);
    expect(gate(far, { ...MATCH, kindSpread: 0.1 }, 1).map((x) => x.id)).toEqual(["near"]);
    const close = [s("near", 0.6, 0.6, 0), s("kind", 0.55, 0.55, 1)];
    expect(gate(close, { ...MATCH, kindSpread: 0.1 }, 1).map((x) => x.id)).toEqual(["kind"]);
    // The nearest is not itself near (under kindlessNear): the need's kind is kept, however far its listing.
    const dim = [s("near", 0.5, 0.42, 0), s("kind", 0.45, 0.3, 1)];
    expect(dim[0]!.similarity).toBeLessThan(MATCH.kindlessNear);
    expect(gate(dim, { ...MATCH, kindSpread: 0.1 }, 1).map((x) => x.id)).toEqual(["kind"]);
  });

  it("nearBand: the candidate nearest by cosine stays beside the best when within nearBand of it", () => {
    const s = (id: string, relevance: number, similarity: number) => ({
      id,
      relevance,
      sharedKinds: 0,
      sharedPrimary: 0,
      kindless: true,
      similarity,
    });
    // "words" leads on fused words; "model" is the model's nearest, 0.025 behind (outside band, inside nearBand).
    const scored = [s("words", 0.6, 0.45), s("model", 0.575, 0.5), s("other", 0.57, 0.44)];
    expect(gate(scored, { ...MATCH, nearBand: 0 }, 0).map((x) => x.id)).toEqual(["words"]);
    expect(gate(scored, MATCH, 0).map((x) => x.id)).toEqual(["words", "model"]);
    // Farther than nearBand, it is not kept.
    const far = [s("words", 0.6, 0.45), s("model", 0.56, 0.5)];
    expect(gate(far, MATCH, 0).map((x) => x.id)).toEqual(["words"]);
  });
});

let tdb: TestDatabase;
let embedder: Embedder;

describe("checking the kinds read in a need against its meaning (kindCheck)", () => {
  const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
  const kinds = async (need: string, p = MATCH) =>
    kindIds(needEvidence(need, p, (await embedder.embed([need]))[0]!).kinds);

  it("every kind of the lexicon has its vector, made from the phrases it has now (else run `pnpm kind-vectors`)", () => {
    const stale = LEXICON.kinds.filter((_, i) => kindVector(i) === null).map((k) => k.id);
    expect(stale).toEqual([]);
    expect(KIND_VECTORS.kinds.map(([id]) => id)).toEqual(LEXICON.kinds.map((k) => k.id));
    expect(KIND_VECTORS.kinds.map(([, hash]) => hash)).toEqual(LEXICON.kinds.map(kindPhrasesHash));
  });

  it("a stored vector is the mean of its kind's phrases as the model embeds them now", async () => {
    for (const i of [0, 100, LEXICON.kinds.length - 1]) {
      const vectors = await embedder.embed(kindPhraseTexts(LEXICON.kinds[i]!));
      const mean = new Float32Array(vectors[0]!.length);
      for (const v of vectors) for (let d = 0; d < v.length; d++) mean[d]! += v[d]!;
      const norm = Math.sqrt(dot(mean, mean));
      expect(dot(mean, kindVector(i)!) / norm).toBeGreaterThan(0.999);
    }
  });

  it("a kind read from a word used in another sense is dropped; the same kind asked for is kept", async () => {
    const tyres = "how often should I swap the tyres on my bike";
    expect(kindIds(needEvidence(tyres).kinds)).toEqual(["crypto.swap"]); // read without the need's vector
    expect(await kinds(tyres)).toEqual([]);
    expect(await kinds("swap 0.5 ETH for USDC on a decentralised exchange")).toContain("crypto.swap");
    expect(await kinds(tyres, { ...MATCH, kindCheck: 0 })).toEqual(["crypto.swap"]);
  });

  it("a longer phrase is held to a lower threshold (kindCheckStep per word past the first)", async () => {
    const brolly = "do I need to bring a brolly to the match tonight";
    expect(await kinds(brolly)).toEqual(["weather.forecast"]);
    expect(await kinds(brolly, { ...MATCH, kindCheckStep: 0 })).toEqual([]);
  });

  it("a kind named by an identifier is kept whatever the check says", async () => {
    const strict = { ...MATCH, kindCheck: 0.99 };
    expect(await kinds("where is 203.0.113.45", strict)).toEqual(["maps.ip"]);
    expect(await kinds("any snow in Oslo", strict)).toEqual([]);
  });

  it("a vector of another model's width (a stand-in embedder) checks nothing rather than dropping every kind", () => {
    const strict = { ...MATCH, kindCheck: 0.99 };
    expect(kindIds(needEvidence("any snow in Oslo", strict, new Float32Array(8).fill(0.35)).kinds)).toEqual([
      "weather.forecast",
    ]);
  });
});
const ids: Record<string, string> = {};
const log = createLogger("matching-test", "silent");

// Two sellers of the same service (one verified, one not, the unverified one cheaper), and unrelated
// listings with the best status, score and price in the directory.
const LISTINGS = {
  forecast: [
    "SkyCast Hourly",
    "Hourly weather forecast with temperature, wind and precipitation",
    "data.weather",
    "unverified",
    0.001,
  ],
  forecast2: [
    "RainCheck",
    "Rain, snow and temperature outlook hour by hour for the next two days",
    "data.weather",
    "verified",
    0.05,
  ],
  stocks: ["Ticker tape", "Real-time equity quotes and market prices", "data.finance", "verified", 0.0001],
  translate: [
    "Polyglot",
    "Translate documents between 40 languages",
    "compute.inference",
    "verified",
    0.0001,
  ],
  ocr: [
    "Paperless",
    "Read text and totals from scanned receipts and invoices",
    "compute.image",
    "verified",
    0.0001,
  ],
} as const;

beforeAll(async () => {
  tdb = await createTestDatabase();
  embedder = createEmbedder();
  Object.assign(ids, await listNamed(tdb.db, LISTINGS, (key) => LISTINGS[key as keyof typeof LISTINGS][4]));
  for (const [key, [, , , status]] of Object.entries(LISTINGS))
    await tdb.db.updateTable("listings").set({ status, score: 0.95 }).where("id", "=", ids[key]!).execute();
  await embedder.ready;
  while ((await syncEmbeddings(tdb.db, embedder)) > 0);
});
afterAll(async () => {
  await embedder.close();
  await tdb.drop();
});

describe("discover with the fused matcher", () => {
  it("answers with the listings that serve the need, in the registry's order among them; unrelated listings of a better status stay out", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const r = await discover(
      tdb.db,
      { q: "will it rain in Lyon tomorrow afternoon", limit: 10 },
      { matcher: index.matcher },
    );
    const got = r.results.map((x) => x.id);
    expect(got.length).toBeGreaterThan(0);
    for (const id of got) expect([ids.forecast, ids.forecast2]).toContain(id);
    // Whatever the gate kept, the registry's order applies among it: verified before unverified.
    const statuses = r.results.map((x) => x.status);
    expect(statuses).toEqual(
      [...statuses].sort((a, b) => (a === "verified" ? 0 : 1) - (b === "verified" ? 0 : 1)),
    );
    expect(r.note).toMatch(/matched by meaning/);
    expect(r.note).toMatch(/verified first/);
  });

  it("the same matcher without a gate would let a cheaper unrelated listing come first (the rule is real)", async () => {
    const loose = createSemanticIndex(tdb.db, embedder, log, {
      match: { band: 2, floor: -1, kindGate: "off" },
    });
    await loose.refresh();
    const r = await discover(
      tdb.db,
      { q: "will it rain in Lyon tomorrow afternoon", limit: 10 },
      { matcher: loose.matcher },
    );
    expect(r.results[0]?.id).not.toBe(ids.forecast2);
    expect(r.count).toBe(5);
  });

  it("a need nothing here serves gets no result and a note saying so, naming the categories it reads as", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const r = await discover(
      tdb.db,
      { q: "adopt a kitten from a local shelter", limit: 10 },
      { matcher: index.matcher },
    );
    expect(r.count).toBe(0);
    expect(r.note).toMatch(/^no listing in the directory serves this need closely enough/);
    expect(r.note).toMatch(/GET \/v1\/categories/);
    const m = await index.matcher("adopt a kitten from a local shelter");
    expect(m?.ids).toEqual([]);
    expect(m?.categories.length).toBeGreaterThan(0);
  });

  it("the search log receives the categories the matcher inferred (the paid demand report's categories)", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const events: SearchEvent[] = [];
    await discover(
      tdb.db,
      { q: "will it rain in Lyon tomorrow afternoon", limit: 10 },
      { matcher: index.matcher, logSearch: (e) => events.push(e) },
    );
    expect(events[0]?.categories).toContain("data.weather");
    await discover(tdb.db, { q: "hourly forecast", limit: 10 }, { logSearch: (e) => events.push(e) });
    expect(events[1]?.categories).toEqual([]);
  });

  it("a filter that removes every match is not reported as an unserved need", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const r = await discover(
      tdb.db,
      { q: "share price of apple right now", category: "data.weather", limit: 10 },
      { matcher: index.matcher },
    );
    expect(r.count).toBe(0);
    expect(r.note).not.toMatch(/no listing in the directory serves/);
  });
});
