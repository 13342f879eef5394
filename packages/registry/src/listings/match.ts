/**
 * How a need is matched to listings (ADR 0002): three kinds of evidence fused into one relevance per
 * candidate, then a gate that keeps only the candidates close to the best one. Pure functions; the
 * semantic index (semantic.ts) feeds them vectors and terms.
 *
 *   relevance = cosine(need, listing)
 *             + CATEGORY_WEIGHT × (cosine(need, listing's category profile) − the need's best category cosine)
 *             + LEXICAL_WEIGHT × share of the need's content words found in the listing's name and description
 *                               (× √(40 / its stems) past 40 stems)
 *             + KIND_WORDS_WEIGHT × share of them found in the phrases of the kinds the listing names
 *                               (× √(4 / kinds it names) past 4 kinds)
 *             + KIND_WEIGHT × share of the need's kinds of service that the listing also names (kinds.ts)
 *
 * A kind of service counts as the need's only when the need's vector is near the kind's own (KIND_CHECK, lower for
 * longer phrases): the lexicon reads words, and a word used in another sense names the wrong kind.
 *
 * The gate: nothing when the best relevance is under FLOOR, or when the need names kinds of service and no
 * candidate names any of them (the need is served by nothing here); otherwise the candidates within BAND of
 * the best, and when the need names kinds, only those naming one of them or, beside such a one, naming no kind at
 * all (KIND_GATE "only", KINDLESS "beside"). Calibrated on test-e2e/bench/semantic (README figures): the model alone
 * separates the listing that serves a need from the best wrong one by ~0.02–0.05 cosine, so a wide band lets
 * the registry's order (verified, score, price) put weakly related listings first.
 */
import { dot, normalise } from "@tollgate/semantic";
import { KIND_VECTORS } from "./kind-vectors.js";
import {
  fnv1a,
  fold,
  IDENTIFIERS,
  kindMatches,
  kindPhrasesHash,
  LEXICON,
  markIdentifiers,
  primaryKinds,
  sharedKinds,
} from "./kinds.js";

export interface MatchParams {
  candidates: number;
  categoryWeight: number;
  lexicalWeight: number;
  kindWeight: number;
  /**
   * What a need naming kinds of service asks of the candidates: "off", nothing; "any", that one candidate
   * names one of its kinds (else the answer is empty); "only", that too, and only the candidates naming one
   * of its kinds pass.
   */
  kindGate: "off" | "any" | "only";
  /**
   * Which of the need's kinds the gate asks a listing to name: "all", any of them; "primary", one of those its
   * longest phrases name (kinds.ts `primaryKinds`).
   */
  kindGateOn: "all" | "primary";
  /** A primary kind is named by a phrase at most this many words shorter than the need's longest. */
  kindPrimarySlack: number;
  /** A kind an identifier in the need names (kinds.ts `IDENTIFIERS`) is primary too, whatever else it names. */
  kindIdentifierPrimary: boolean;
  /**
   * How much a listing naming other kinds too is discounted: the kind term is multiplied by (kinds shared /
   * kinds the listing names) to this power (0: not at all). A listing about the kind asked beats one that
   * mentions it among others.
   */
  kindFocus: number;
  /** The floor when the need names kinds and a candidate names one of them (the agreement is evidence too). */
  kindFloor: number;
  /**
   * Whether a listing naming no kind at all (one the lexicon does not know what it sells) may pass a need's
   * kind gate on relevance alone, above `floor`: "pass", always; "beside", only when another candidate names one
   * of the need's primary kinds (when none does, the need asks for something nothing here sells, and a listing
   * of unknown kind is not taken to sell it); "exclude", never. "beside" shipped: on the three blind sets' first
   * states, unserved needs left empty +0, +20 and +10 points against "pass", top-1 the same on two and −0.03 on
   * one; the fresh set unchanged (0.31).
   */
  kindless: "pass" | "exclude" | "beside";
  /**
   * The kind gate applies only when the best candidate naming one of the need's kinds is within this much
   * cosine of the nearest candidate, or the nearest is not itself near (under `kindlessNear`); farther, the need's
   * kind words are taken to name something else, and the need is matched as one naming no kind. Infinity: always
   * applies, as shipped: on 2026-12-04 0.12 moved no read set (so the read sets give no reason to pick it) and
   * took the unread sets' top-1 +0.006; chosen from the unread means it would have made their figures no estimate,
   * so it stays off until read sets show a gain.
   */
  kindSpread: number;
  /**
   * When the need names kinds of service and no candidate names one of its primary kinds, the answer is empty
   * (the need asks for something nothing here sells) unless the nearest candidate is at least this near by cosine:
   * then the need's kinds are taken to be misread (a word of another sense, "the job" of a training run, "smoke" of
   * a wildfire) and it is matched as one naming no kind (band and floor). Infinity: always empty. 0.45 since
   * 2026-12-04, chosen on the read sets alone: on the 49 read sets then no unserved need's nearest listing reached
   * 0.44 while 11 served needs' did (all with the wanted listing first). On the 18 unread sets, measured after the
   * choice: top-1 +0.016, and 3 of their unserved needs answered (−0.9 points); 0.52 would have answered none, a
   * value picked from the unread figures, so not shipped.
   */
  kindlessNear: number;
  /**
   * Weight of the share of the need's content words found among the words of the kinds the listing names (their
   * `asks` and `offers` phrases): a listing of weather history also holds "rainfall" and "how much did it rain",
   * the words a need uses for what it sells, where its description has only "observations". 0.3 since 2026-11-27
   * (0.2 before): chosen on 45 sets by a search over every weight, then checked on two sets written blind
   * afterwards (top-1 +0.03 and 0; README).
   */
  kindWordsWeight: number;
  /**
   * A listing with more content stems than this has its word share scaled by √(this / its stems): a long
   * description holds more of any need's words by chance, and a description stuffed with words (up to 4000
   * characters) would otherwise gain on every need. The bench's 1,839 listings have at most 28.
   */
  lexicalLength: number;
  /**
   * A listing naming more kinds than this has its kind-words share scaled by √(this / kinds it names): the
   * phrases of many kinds hold most words, so naming many kinds would otherwise gain on every need. The bench's
   * listings name at most 5, 99% of them at most 4.
   */
  kindWordsKinds: number;
  /**
   * What the gate does with a need whose kinds are named only by single words (its longest phrase is one word,
   * "snow", "coin"; an identifier does not count as one): "gate", as for any need naming kinds. "open": when a
   * candidate names one of its kinds, the kind gate is lifted (band and floor only; the kind term still counts in
   * the relevance); when none does, the answer is empty, as for any need naming kinds.
   * A single word is the weakest evidence of what is asked ("coin" in a need about an old coin's worth): on the
   * three sets kept unread (README), "open" took top-1 0.70 / 0.58 / 0.70 to 0.70 / 0.63 / 0.72, unserved needs
   * left empty the same; the sets read before lose 0.01–0.02 on six of them.
   */
  looseKinds: "gate" | "open";
  /**
   * A kind the lexicon reads in a need is kept only when the need's vector is at least this near the kind's own
   * (the mean of its phrases' vectors, kind-vectors.ts): "how often should I swap the tyres on my bike" holds a
   * word of token swaps and is not about them. 0: every kind read is kept. Needs a vector (not in the plain-text
   * fallback); a kind named by an identifier is always kept.
   */
  kindCheck: number;
  /** The check's threshold is lowered by this much for each word of the phrase past the first. */
  kindCheckStep: number;
  band: number;
  /**
   * The candidate nearest the need by cosine among those the gate lets through is kept beside the best when its
   * relevance is within this much of the best's (wider than `band`): when the words fused into the relevance put
   * another listing ahead, the model's own first choice stays among the results. 0: not kept. 0.03 since
   * 2026-12-04: the largest value that cost the 49 read sets no top-1 (top-3 +0.07 and MRR@10 +0.030 summed over
   * them); on the 18 unread sets top-1 +0.02, top-3 +0.07, MRR@10 +0.042 summed, unserved needs left empty the same.
   */
  nearBand: number;
  floor: number;
  categoryBand: number;
  /**
   * Whether the need's vector is carried by the need map (need-map.ts) before any cosine is taken: the listings'
   * cosines, the category profiles' and the kind check all see the mapped need. false: the model's own vector, as
   * before 2026-12-01 (the benchmarks' "before" side).
   */
  needMap: boolean;
}

export const MATCH: Readonly<MatchParams> = {
  /** Nearest listings by cosine that are fused and gated. */
  candidates: 50,
  categoryWeight: 0.1,
  lexicalWeight: 0.4,
  kindWeight: 0.2,
  kindGate: "only",
  kindGateOn: "primary",
  kindPrimarySlack: 1,
  kindIdentifierPrimary: true,
  kindFocus: 0.5,
  kindFloor: 0.33,
  kindless: "beside",
  kindSpread: Number.POSITIVE_INFINITY,
  kindlessNear: 0.45,
  kindWordsWeight: 0.3,
  lexicalLength: 40,
  kindWordsKinds: 4,
  looseKinds: "open",
  kindCheck: 0.3,
  kindCheckStep: 0.05,
  band: 0.02,
  nearBand: 0.03,
  floor: 0.34,
  /** Categories within this much of the need's best category cosine are its likely categories. */
  categoryBand: 0.03,
  needMap: true,
};

const STOPWORDS = new Set(
  (
    "the and for with that this from into via per are was were will can could would should does did has have " +
    "had not but you your our their its what which who whom whose when where why how much many any some all " +
    "each get give make find need want like just also than then there here about over under now right today " +
    "api apis data service services tool please " +
    // The commonest function words of German, Spanish, Portuguese, French and Indonesian (accents folded, 3+
    // letters): once accents are folded they are whole words, and a need's "für" or "para" would otherwise count
    // as a word it shares with every listing written in that language.
    "der die das und fur mit von ein eine den dem des bei nach auf aus zum zur ist sind wie wer " +
    "del los las para por con una uno que como muy " +
    "dos uma meu minha nos nas pelo pela " +
    "les une pour avec dans sur aux est mon mes qui " +
    "dan dari untuk yang dengan ini itu saya apa"
  ).split(" "),
);

/** A word's crude stem: lower case, common English endings dropped, at most 6 characters. */
export function stem(word: string): string {
  return word.replace(/(ies|es|s|ing|ed)$/, "").slice(0, 6);
}

/** The distinct content-word stems of a text (3+ letters, stopwords dropped). */
export function contentStems(text: string): string[] {
  const out = new Set<string>();
  for (const w of fold(text).split(/[^a-z0-9]+/))
    if (w.length >= 3 && !STOPWORDS.has(w) && !/^\d+$/.test(w)) out.add(stem(w));
  return [...out];
}

/** A listing's stems as a sorted set of hashes. */
export function stemHashes(text: string): Uint32Array {
  return Uint32Array.from(new Set(contentStems(text).map(fnv1a))).sort();
}

function has(sorted: Uint32Array, x: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === x) return true;
    if (v < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Share of the need's stems that the listing's text holds (0..1). */
export function lexicalOverlap(needStems: readonly number[], listing: Uint32Array): number {
  if (needStems.length === 0) return 0;
  let n = 0;
  for (const s of needStems) if (has(listing, s)) n++;
  return n / needStems.length;
}

export const needStemHashes = (need: string) => contentStems(need).map(fnv1a);

/** Each kind's phrase stems, hashed, computed once (the lexicon does not change while a process runs). */
let kindStems: Uint32Array[] | null = null;
const kindSets = new Map<string, Uint32Array>();

/**
 * The content stems of the phrases (`asks` and `offers`) of the given kinds, as a sorted set of hashes; the
 * same set for every listing naming the same kinds (kept, at most a few thousand distinct sets).
 */
export function kindStemHashes(kinds: Uint16Array): Uint32Array {
  kindStems ??= LEXICON.kinds.map((k) => stemHashes(`${k.asks} ${k.offers}`.replace(/[|*]/g, " ")));
  const key = kinds.join(",");
  let set = kindSets.get(key);
  if (!set) {
    const all = new Set<number>();
    for (const k of kinds) for (const h of kindStems[k]!) all.add(h);
    set = Uint32Array.from(all).sort();
    if (kindSets.size < 10_000) kindSets.set(key, set);
  }
  return set;
}

export interface Candidate {
  id: string;
  /** Cosine of the need and the listing's vector. */
  similarity: number;
  category: string;
  stems: Uint32Array;
  /** The kinds of service the listing's name and description name (kinds.ts `listingKinds`). */
  kinds: Uint16Array;
  /** The content stems of those kinds' phrases (`kindStemHashes`), when the fusion weighs them. */
  kindStems?: Uint32Array;
}

export interface Scored {
  id: string;
  relevance: number;
  /** How many of the need's kinds the listing names. */
  sharedKinds: number;
  /** How many of the need's primary kinds the listing names. */
  sharedPrimary: number;
  /** The listing names no kind of service at all. */
  kindless: boolean;
  /** Cosine of the need and the listing. */
  similarity: number;
  /** The need's primary kinds are named in another language than English (`NeedEvidence.foreign`). */
  foreignNeed?: boolean;
}

/** What the fusion knows of a need besides its vector. */
export interface NeedEvidence {
  stems: number[];
  kinds: Uint16Array;
  /** The kinds its longest phrases name (a subset of `kinds`). */
  primary: Uint16Array;
  /** How many words its longest kind phrase has (0: it names no kind). */
  longest: number;
  /** It holds an identifier (an IP address, a VIN, a flight number, …: kinds.ts `IDENTIFIERS`). */
  identified: boolean;
  /**
   * One of its primary kinds is named by a phrase in another language than English (kinds.ts `FOREIGN`): such a
   * phrase is no English word, so it is neither loose evidence (`looseOnly`) nor a misreading (`kindlessNear`),
   * and a need in a language the model cannot read is near the listings written in it by shared letters alone.
   */
  foreign?: boolean;
}

/** Each kind's vector (kind-vectors.ts), decoded on first use; null for a kind whose phrases changed since. */
let kindVectors: (Float32Array | null)[] | null = null;

export function kindVector(kind: number): Float32Array | null {
  if (!kindVectors) {
    const stored = new Map(KIND_VECTORS.kinds.map(([id, hash, scale], i) => [id, { hash, scale, i }]));
    const bytes = Buffer.from(KIND_VECTORS.data, "base64");
    const values = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const d = KIND_VECTORS.dimensions;
    kindVectors = LEXICON.kinds.map((k) => {
      const s = stored.get(k.id);
      if (!s || s.hash !== kindPhrasesHash(k)) return null;
      return normalise(Float32Array.from(values.subarray(s.i * d, (s.i + 1) * d), (x) => x * s.scale));
    });
  }
  return kindVectors[kind] ?? null;
}

const IDENTIFIER_KINDS = new Set(IDENTIFIERS.map((x) => LEXICON.kinds.findIndex((k) => k.id === x.kind)));

export function needEvidence(
  need: string,
  p: Pick<MatchParams, "kindPrimarySlack"> &
    Partial<Pick<MatchParams, "kindIdentifierPrimary">> &
    Partial<Pick<MatchParams, "kindCheck" | "kindCheckStep">> = MATCH,
  /** The need's unit vector: with `kindCheck`, a kind read in the need that is not near it is dropped. */
  vector?: Float32Array,
): NeedEvidence {
  const identified = markIdentifiers(need) !== need;
  let matches = kindMatches(need);
  const check = p.kindCheck ?? 0;
  if (vector && check > 0)
    matches = matches.filter((m) => {
      if (identified && IDENTIFIER_KINDS.has(m.kind)) return true;
      // A phrase in another language than English: the model cannot read the need, so cannot check it.
      if (m.foreign) return true;
      const k = kindVector(m.kind);
      if (!k || k.length !== vector.length) return true;
      return dot(k, vector) >= check - (p.kindCheckStep ?? 0) * (m.length - 1);
    });
  const named = IDENTIFIERS.filter((x) => x.word && need.search(x.pattern) >= 0).map((x) =>
    fnv1a(stem(x.word!)),
  );
  const primary = primaryKinds(matches, p.kindPrimarySlack, p.kindIdentifierPrimary ?? false);
  const foreign = matches.some((m) => m.foreign && primary.includes(m.kind));
  return {
    stems: [...new Set([...needStemHashes(need), ...named])],
    kinds: Uint16Array.from(matches.map((m) => m.kind)),
    primary,
    ...(foreign ? { foreign: true } : {}),
    longest: Math.max(0, ...matches.map((m) => m.length)),
    identified,
  };
}

/** 1 up to `normal`, then √(normal / n) (n = a listing's stems or kinds). */
const scaleDown = (n: number, normal: number) => (n <= normal || !(normal > 0) ? 1 : Math.sqrt(normal / n));

/**
 * Fused relevance of each candidate, best first. `categorySimilarity` is the need's cosine with each
 * category's profile; a category without one contributes nothing.
 */
export function fuse(
  need: string | NeedEvidence,
  candidates: readonly Candidate[],
  categorySimilarity: ReadonlyMap<string, number>,
  p: MatchParams = MATCH,
): Scored[] {
  const evidence = typeof need === "string" ? needEvidence(need, p) : need;
  const needStems = evidence.stems;
  const needKinds = evidence.kinds;
  let bestCategory = Number.NEGATIVE_INFINITY;
  for (const v of categorySimilarity.values()) bestCategory = Math.max(bestCategory, v);
  return candidates
    .map((c) => {
      const cat = categorySimilarity.get(c.category);
      const categoryTerm = cat === undefined ? 0 : cat - bestCategory;
      const shared = needKinds.length === 0 ? 0 : sharedKinds(needKinds, c.kinds);
      const focus = shared === 0 || p.kindFocus === 0 ? 1 : (shared / c.kinds.length) ** p.kindFocus;
      return {
        id: c.id,
        relevance:
          c.similarity +
          p.categoryWeight * categoryTerm +
          p.lexicalWeight * lexicalOverlap(needStems, c.stems) * scaleDown(c.stems.length, p.lexicalLength) +
          (p.kindWordsWeight > 0 && c.kindStems
            ? p.kindWordsWeight *
              lexicalOverlap(needStems, c.kindStems) *
              scaleDown(c.kinds.length, p.kindWordsKinds)
            : 0) +
          (needKinds.length === 0 ? 0 : (p.kindWeight * shared * focus) / needKinds.length),
        sharedKinds: shared,
        sharedPrimary:
          p.kindGateOn === "all" || evidence.primary.length === 0
            ? shared
            : sharedKinds(evidence.primary, c.kinds),
        kindless: c.kinds.length === 0,
        similarity: c.similarity,
        ...(evidence.foreign ? { foreignNeed: true } : {}),
      };
    })
    .sort((a, b) => b.relevance - a.relevance || (a.id < b.id ? -1 : 1));
}

/**
 * Whether the need's kinds are named by single words only (see `looseKinds`). An identifier is read as one word
 * but names its kind whatever surrounds it, so a need holding one is never loose.
 */
export const looseOnly = (need: NeedEvidence) => need.longest === 1 && !need.identified && !need.foreign;

/**
 * The gate: none when the best is under the floor, or when the need names kinds of service (`needKinds` > 0)
 * and no candidate names one of them; else those within `band` of the best (order kept). With `kindless`
 * "pass" (or "beside", when a candidate names one of them), a candidate naming no kind at all is not excluded by
 * the need's kinds but must clear `floor`. With `open` (a need naming kinds by single words only, `looseKinds`
 * "open"), a candidate naming one of them lifts the kind gate rather than applying it.
 */
export function gate(
  scored: readonly Scored[],
  p: Pick<MatchParams, "band" | "floor" | "kindGate" | "kindFloor" | "kindless" | "kindSpread"> &
    Partial<Pick<MatchParams, "kindlessNear" | "nearBand">> = MATCH,
  needKinds = 0,
  /** The need's kinds are named by single words only and `looseKinds` is "open". */
  open = false,
): Scored[] {
  const best = scored[0]?.relevance;
  if (best === undefined) return [];
  // A need whose kinds are named in another language is near the listings written in that language by their
  // shared letters alone: a listing naming no kind passes beside the ones naming its kind only on that nearness.
  const pass = scored[0]!.foreignNeed ? "exclude" : (p.kindless ?? "exclude");
  const named = pass !== "beside" || scored.some((s) => s.sharedPrimary > 0);
  const sharing =
    needKinds > 0
      ? scored.filter((s) => s.sharedPrimary > 0 || (pass !== "exclude" && named && s.kindless))
      : [];
  let nearest = Number.NEGATIVE_INFINITY;
  for (const s of scored) nearest = Math.max(nearest, s.similarity ?? 0);
  const spread = p.kindSpread ?? Number.POSITIVE_INFINITY;
  const near = p.kindlessNear ?? Number.POSITIVE_INFINITY;
  const unlikely =
    !scored[0]!.foreignNeed &&
    ((sharing.length > 0 && (sharing[0]!.similarity ?? 0) < nearest - spread && nearest >= near) ||
      (!scored.some((s) => s.sharedPrimary > 0) && nearest >= near));
  if (p.kindGate === "off" || needKinds === 0 || unlikely || (open && sharing.length > 0)) {
    if (best < p.floor) return [];
    return withNearest(scored, best, p);
  }
  if (sharing.length === 0) return [];
  const bestSharing = sharing[0]!.relevance;
  if (bestSharing < (sharing[0]!.sharedPrimary > 0 ? p.kindFloor : p.floor)) return [];
  if (p.kindGate === "any") return scored.filter((s) => s.relevance >= best - p.band);
  return withNearest(sharing, bestSharing, p);
}

/**
 * The candidates of `pool` within `band` of `best`, and beside them the one nearest the need by cosine when it is
 * within `nearBand` (the model's own first choice, which the fused words moved down).
 */
function withNearest(
  pool: readonly Scored[],
  best: number,
  p: Pick<MatchParams, "band"> & Partial<Pick<MatchParams, "nearBand">>,
): Scored[] {
  const wide = p.nearBand ?? 0;
  let nearest: Scored | undefined;
  for (const s of pool) if (!nearest || s.similarity > nearest.similarity) nearest = s;
  return pool.filter((s) => s.relevance >= best - p.band || (s === nearest && s.relevance >= best - wide));
}

/** The need's likely categories: those whose profile is within `categoryBand` of its best, best first. */
export function likelyCategories(
  categorySimilarity: ReadonlyMap<string, number>,
  p: Pick<MatchParams, "categoryBand"> = MATCH,
  needKinds: Uint16Array = new Uint16Array(0),
): string[] {
  const ranked = [...categorySimilarity].sort((a, b) => b[1] - a[1]);
  const best = ranked[0]?.[1];
  // The categories of the kinds the need names come first (when the taxonomy has them), then the nearest profiles.
  const fromKinds = [...needKinds]
    .map((i) => LEXICON.kinds[i]!.category)
    .filter((c) => categorySimilarity.has(c));
  if (best === undefined) return [...new Set(fromKinds)];
  return [
    ...new Set([...fromKinds, ...ranked.filter(([, v]) => v >= best - p.categoryBand).map(([id]) => id)]),
  ];
}
