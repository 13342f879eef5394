import type { Db } from "@tollgate/db";
import { ApiError, type DiscoverQuery, type ListingSummary } from "@tollgate/schema";
import { type RawBuilder, sql } from "kysely";
import { isKnownCategory } from "../categories.js";
import { LISTING_COLUMNS } from "../columns.js";
import { rankingScore } from "../reports/index.js";
import { toListingSummary } from "../shape.js";

/** What the matcher found for a need: the listings that serve it, most relevant first, and its likely categories. */
export interface Match {
  ids: string[];
  categories: string[];
  /** The kinds of service the need names (service-kinds.ts ids; absent or empty when it names none). */
  kinds?: string[];
}

/**
 * Matches a need in words to the listings that serve it (semantic matching plugs in here; see match.ts).
 * Returns null when it cannot answer (model not ready), and discovery falls back to plain-text matching.
 */
export type QueryMatcher = (q: string) => Promise<Match | null>;

/** One search, as the demand log records it. */
export interface SearchEvent {
  source: "rest" | "mcp";
  query: string | null;
  category: string | null;
  /** The need's likely categories as the matcher inferred them (empty when matched by text). */
  categories?: string[];
  params: Record<string, unknown>;
  resultIds: string[];
  clientIp: string;
  at: Date;
}

export interface DiscoverDeps {
  matcher?: QueryMatcher;
  /** Called after the answer is computed; must not throw or block (fire-and-forget). */
  logSearch?: (event: SearchEvent) => void;
}

const STOPWORDS = new Set([
  "the",
  "and",
  "for",
  "api",
  "with",
  "that",
  "this",
  "from",
  "get",
  "data",
  "need",
]);

/** Plain-text matching's bound and gate (see discover). */
export const TEXT_MATCH = { candidates: 3000, share: 0.5 } as const;

export function queryTerms(q: string): string[] {
  return [
    ...new Set(
      q
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((t) => t.length >= 3 && !STOPWORDS.has(t)),
    ),
  ].slice(0, 12);
}

/**
 * Discovery: listings relevant to `q`, filtered, in the registry's order (verified first, then score,
 * then price). Failing listings still appear, ranked last. An unknown category is refused before anything
 * is searched or logged: free text in the category filter would otherwise reach the demand log.
 */
export async function discover(
  db: Db,
  q: DiscoverQuery,
  deps: DiscoverDeps = {},
  ctx: { source: "rest" | "mcp"; clientIp: string } = { source: "rest", clientIp: "unknown" },
): Promise<DiscoverAnswer> {
  const r = await runDiscover(db, q, deps, ctx);
  deps.logSearch?.(r.event);
  return r.answer;
}

export type DiscoverAnswer = {
  count: number;
  results: ListingSummary[];
  note: string;
};

/**
 * Discovery without logging: the answer, how q was matched, and the search event to log (a caller that
 * keeps answers logs each search itself, from the kept event).
 */
export async function runDiscover(
  db: Db,
  q: DiscoverQuery,
  deps: Pick<DiscoverDeps, "matcher"> = {},
  ctx: { source: "rest" | "mcp"; clientIp: string } = { source: "rest", clientIp: "unknown" },
): Promise<{
  answer: DiscoverAnswer;
  matchedBy: "meaning" | "text" | "none";
  event: SearchEvent;
  /** The listings the answer depends on (those matched by meaning and those shown); null: possibly any. */
  dependsOn: string[] | null;
}> {
  if (q.category && !(await isKnownCategory(db, q.category)))
    throw new ApiError(
      "validation_failed",
      `category: ${JSON.stringify(q.category)} is not a category; pick an id from GET /v1/categories (exact match)`,
    );
  let query = db.selectFrom("listings").select(LISTING_COLUMNS).where("status", "<>", "delisted");
  if (q.category) query = query.where("category", "=", q.category);
  if (q.max_price !== undefined) query = query.where("price_amount", "<=", q.max_price);
  if (q.min_score !== undefined) query = query.where("score", ">=", q.min_score);
  let matchedBy: "meaning" | "text" | "none" = "none";
  let matched: Match | null = null;
  // After the registry's order (verified, score, price), ties go to the closer match.
  let relevance: RawBuilder<unknown> | null = null;
  if (q.q) {
    // Compatibility forms folded (NFKC): a need typed full-width (`ｗｅａｔｈｅｒ`) or with a ligature is the
    // same need to the matcher and the text index, as it is to the demand log (normaliseTerm).
    const need = q.q.normalize("NFKC");
    matched = deps.matcher ? await deps.matcher(need) : null;
    const ids = matched?.ids;
    const terms = queryTerms(need);
    // Any term, as a word prefix, through the full-text index (listings.search_tsv).
    const tsq =
      terms.length > 0 ? sql`to_tsquery('english', ${terms.map((t) => `${t}:*`).join(" | ")})` : null;
    if (ids) {
      matchedBy = "meaning";
      // A listing not embedded yet (created seconds ago) is matched by text until it is.
      const pending = tsq
        ? sql<boolean>`(embedding_synced_at IS NULL AND search_tsv @@ ${tsq})`
        : sql<boolean>`false`;
      if (ids.length === 0) query = query.where(pending);
      else {
        query = query.where(sql<boolean>`(id = any(${ids}::text[]) OR ${pending})`);
        relevance = sql`array_position(${ids}::text[], id) NULLS LAST`;
      }
    } else {
      matchedBy = "text";
      if (tsq) {
        // The fallback's own gate, bounded: at most TEXT_MATCH.candidates matches (read through the GIN index)
        // are ranked, and those within TEXT_MATCH.share of the best rank are kept. Without the cap, a
        // whole-sentence need made the planner walk the ranking index over every listing (500 ms at 100k).
        query = query.where(
          sql<boolean>`id IN (SELECT id FROM (SELECT id, r, max(r) OVER () AS best FROM (
            SELECT id, ts_rank(search_tsv, ${tsq}) AS r FROM listings
            WHERE status <> 'delisted' AND search_tsv @@ ${tsq} LIMIT ${TEXT_MATCH.candidates}) c) g
            WHERE r >= best * ${TEXT_MATCH.share})`,
        );
        relevance = sql`-ts_rank(search_tsv, ${tsq})`;
      }
    }
  }
  let ordered = query
    .orderBy(sql`CASE status WHEN 'verified' THEN 0 WHEN 'unverified' THEN 1 ELSE 2 END`)
    .orderBy(sql`${rankingScore} DESC NULLS LAST`)
    .orderBy("price_amount", "asc");
  if (relevance) ordered = ordered.orderBy(relevance);
  const rows = await ordered.orderBy("id", "asc").limit(q.limit).execute();
  const results = rows.map(toListingSummary);
  const event: SearchEvent = {
    source: ctx.source,
    query: q.q ?? null,
    category: q.category ?? null,
    categories: matched?.categories ?? [],
    params: { max_price: q.max_price ?? null, min_score: q.min_score ?? null, limit: q.limit },
    resultIds: results.map((r) => r.id),
    clientIp: ctx.clientIp,
    at: new Date(),
  };
  return {
    answer: { count: results.length, results, note: discoverNote(matchedBy, matched, results.length) },
    matchedBy,
    event,
    dependsOn: matchedBy === "meaning" ? [...(matched?.ids ?? []), ...event.resultIds] : null,
  };
}

const ORDER_NOTE =
  "order: verified first, then score (blended 75/25 with payer reports once 3+ distinct payers reported), then price (lower first); failing listings last; ties go to the closer match.";

/** The answer's note: how q was matched, and a plain statement when nothing here serves the need. */
function discoverNote(matchedBy: string, matched: Match | null, count: number): string {
  if (matchedBy === "meaning") {
    const how =
      "q matched by meaning: the need's embedding (carried by a linear map fitted on labelled needs towards the listings that serve such needs), its words found in a listing's name and description (and, more lightly, in the phrases of the kinds of service the listing sells), the kinds of service both name (a hand-written lexicon of need and listing words; a kind read in the need is kept only when the need's embedding is near that kind's) and its likely categories are fused into one relevance; when the need names kinds of service, only listings naming one of those its most specific words name (or, beside one of those, naming no kind the lexicon knows) are kept, and none when no listing names one, unless the nearest listing is close in meaning (the need's kind words are then taken as misread and the need is matched as one naming no kind) (when those words are single words and a listing names one of their kinds, the kinds weigh in the relevance only); only listings close to the best match (and the one nearest the need in meaning, when nearly as good) are kept, and the order below applies among them";
    if (count === 0 && matched?.ids.length === 0) {
      const reads = [
        matched.kinds?.length ? `it asks for ${matched.kinds.join(" or ")}` : "",
        matched.categories.length ? `it reads as ${matched.categories.join(" or ")}` : "",
      ].filter(Boolean);
      return `no listing in the directory serves this need closely enough${reads.length ? ` (${reads.join("; ")})` : ""}; try other words, or browse GET /v1/categories. ${how}.`;
    }
    return `${how}. ${ORDER_NOTE}`;
  }
  if (matchedBy === "text")
    return `q matched by text (the model is not ready, or semantic search is off): listings holding the need's words, those ranked within half of the best full-text rank kept. ${ORDER_NOTE}`;
  return ORDER_NOTE;
}
