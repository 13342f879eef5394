import {
  aggregateDemand,
  type ClientTotals,
  DEMAND_POLICY,
  demandWindow,
  NAMED_LISTING_LOOKUP_RULE,
  normaliseTerm,
  SCRIPTED_ROTATION_RULE,
  type TermClientRow,
  unixSeconds,
} from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { ApiError } from "@tollgate/schema";
import { sql } from "kysely";

export interface DemandOptions {
  now?: Date;
  paidTierLive: boolean;
  kFloor: number;
  /** Tests and demos: override the delay behind live. */
  delayHours?: number | undefined;
  /**
   * Reuse one aggregation for this long (per process): the free feed runs a day behind live, so a
   * minute-old aggregate changes nothing, and a busy feed does not re-aggregate the log per request.
   */
  cacheMs?: number;
}

type Aggregate = Awaited<ReturnType<typeof computeAggregate>>;
interface CacheEntry {
  at: number;
  value: Promise<Aggregate>;
  settled: boolean;
  refreshing: boolean;
}
const aggregates = new WeakMap<Db, Map<string, CacheEntry>>();
/** How long past `cacheMs` a computed aggregate may still be served while a fresh one is computed. */
const STALE_FACTOR = 10;

/**
 * The window's searches aggregated under the demand rules (shared by the feed, clusters and report). With
 * `cacheMs`, one computation per process serves every request for that long; after it, the last result is
 * still served (for up to 10 x `cacheMs`) while one fresh computation runs in the background, so no reader
 * waits for the aggregate of a large log once the process has computed it once. The window ends hours
 * behind live, so that staleness is invisible.
 */
export function demandAggregate(db: Db, o: DemandOptions): Promise<Aggregate> {
  if (!o.cacheMs || o.now) return computeAggregate(db, o);
  let byKey = aggregates.get(db);
  if (!byKey) {
    byKey = new Map();
    aggregates.set(db, byKey);
  }
  const cache = byKey;
  const key = `${o.kFloor}|${o.paidTierLive}|${o.delayHours ?? ""}`;
  const hit = cache.get(key);
  const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
  if (hit && age < o.cacheMs) return hit.value;
  if (hit?.settled && age < o.cacheMs * STALE_FACTOR) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      const next = computeAggregate(db, o);
      next.then(
        () => cache.set(key, { at: Date.now(), value: next, settled: true, refreshing: false }),
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.value;
  }
  const entry: CacheEntry = {
    at: Date.now(),
    value: computeAggregate(db, o),
    settled: false,
    refreshing: false,
  };
  cache.set(key, entry);
  entry.value.then(
    () => {
      entry.settled = true;
    },
    () => {
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  return entry.value;
}

async function computeAggregate(db: Db, o: DemandOptions) {
  const now = o.now ?? new Date();
  const w = demandWindow(now, o.paidTierLive, o.delayHours);
  const [pairs, clientRows, names, totals, categories, withheld] = await Promise.all([
    sql<{ term: string; client: string; searches: number; self_checks: number }>`
      SELECT term, client_hash AS client, count(*)::int AS searches, count(*) FILTER (WHERE self_check)::int AS self_checks
      FROM search_log WHERE at >= ${w.start} AND at < ${w.end} AND term IS NOT NULL GROUP BY 1, 2`.execute(
      db,
    ),
    sql<{ client: string; terms: number; searches: number }>`
      SELECT client_hash AS client, count(DISTINCT term)::int AS terms, count(*)::int AS searches
      FROM search_log WHERE at >= ${w.start} AND at < ${w.end} GROUP BY 1`.execute(db),
    db
      .selectFrom("listings")
      .select(sql<string>`lower(name)`.as("n"))
      .where("status", "<>", "delisted")
      .execute(),
    sql<{ total: number; ips: number; short: number; first: Date | null }>`
      SELECT count(*)::int AS total, count(DISTINCT client_hash)::int AS ips, count(*) FILTER (WHERE term IS NULL)::int AS short, min(at) AS first
      FROM search_log WHERE at >= ${w.start} AND at < ${w.end}`.execute(db),
    sql<{ category: string; searches: number; client_ips: number }>`
      SELECT category, count(*)::int AS searches, count(DISTINCT client_hash)::int AS client_ips
      FROM search_log WHERE at >= ${w.start} AND at < ${w.end} AND category IS NOT NULL AND NOT self_check
      GROUP BY 1 HAVING count(DISTINCT client_hash) >= ${o.kFloor} ORDER BY 3 DESC, 2 DESC LIMIT 50`.execute(
      db,
    ),
    withheldTerms(db),
  ]);
  const rows: TermClientRow[] = pairs.rows.map((r) => ({
    term: r.term,
    client: r.client,
    searches: r.searches,
    selfChecks: r.self_checks,
  }));
  const clients = new Map<string, ClientTotals>(
    clientRows.rows.map((c) => [c.client, { distinctTerms: c.terms, searches: c.searches }]),
  );
  const agg = aggregateDemand(
    rows,
    clients,
    new Set(names.map((n) => n.n.trim().replace(/\s+/g, " "))),
    o.kFloor,
    withheld,
  );
  const t = totals.rows[0];
  return { window: w, agg, totals: t, categories: categories.rows, now };
}

/** Latest directory answers to needs (answered_now / catalogue_status), by term. */
export async function demandAnswers(db: Db, terms: string[]) {
  if (terms.length === 0)
    return new Map<string, { checked_at: Date; result_count: number; top_ids: string[] }>();
  const rows = await db.selectFrom("demand_answers").selectAll().where("term", "in", terms).execute();
  return new Map(rows.map((r) => [r.term, r]));
}

/**
 * The free demand feed: 30 days ending a day behind live (a week while the paid tier is on sale), every
 * privacy rule applied. Paged by limit/offset over top_needs; without paging the whole feed, cut to its
 * first page once it would pass 5 MB.
 */
export async function demandFeed(db: Db, o: DemandOptions & { limit?: number; offset?: number }) {
  const { window: w, agg, totals, categories, now } = await demandAggregate(db, o);
  const paged = o.limit !== undefined || o.offset !== undefined;
  const offset = o.offset ?? 0;
  const limit = o.limit ?? (paged ? 100 : agg.needs.length);
  const slice = agg.needs.slice(offset, offset + limit);
  const answers = await demandAnswers(
    db,
    slice.map((n) => n.need),
  );
  const shape = (needs: typeof slice) =>
    needs.map((n) => {
      const a = answers.get(n.need);
      return {
        need: n.need,
        searches: n.searches,
        client_ips: n.client_ips,
        catalogue_status: a
          ? a.result_count > 0
            ? ("answered" as const)
            : ("unanswered" as const)
          : ("not_checked_yet" as const),
        catalogue_top: a ? a.top_ids.slice(0, 3) : [],
      };
    });
  const coveredDays = totals?.first
    ? Math.min(DEMAND_POLICY.window_days, Math.ceil((w.end.getTime() - totals.first.getTime()) / 86_400_000))
    : 0;
  const feed = {
    window_days: DEMAND_POLICY.window_days,
    delay_hours: w.delayHours,
    window_ends_at: unixSeconds(w.end),
    window_ends_at_iso: w.end.toISOString(),
    covered_days: coveredDays,
    policy_epoch: DEMAND_POLICY.policy_epoch,
    coverage_note: `searches from GET /v1/discover and the MCP find_paid_service tool between ${w.start.toISOString()} and ${w.end.toISOString()}; queries under ${DEMAND_POLICY.min_query_chars} characters are not counted`,
    withheld: agg.withheld,
    k_anonymity_floor: o.kFloor,
    total_queries: totals?.total ?? 0,
    distinct_client_ips: totals?.ips ?? 0,
    self_monitoring_searches: agg.selfMonitoringSearches,
    short_queries_excluded: totals?.short ?? 0,
    top_needs: shape(slice),
    top_category_filters: categories,
    named_listing_lookups: agg.named,
    named_listing_lookup_rule: NAMED_LISTING_LOOKUP_RULE,
    scripted_rotation: agg.rotation,
    scripted_rotation_rule: SCRIPTED_ROTATION_RULE,
    note: "Client IPs are a ceiling on independent demand, never a count of buyers. A term appears only once at least k_anonymity_floor distinct non-seller client IPs asked it; sellers checking their own rank are counted as self_monitoring_searches, not demand.",
    next_offset: paged && offset + slice.length < agg.needs.length ? offset + slice.length : null,
    as_of: unixSeconds(now),
  };
  if (!paged && Buffer.byteLength(JSON.stringify(feed)) > DEMAND_POLICY.max_feed_bytes) {
    // Whole feed over 5 MB: first page only, and say where the next one starts.
    const first = agg.needs.slice(0, 100);
    return {
      ...feed,
      top_needs: shape(first),
      next_offset: first.length < agg.needs.length ? first.length : null,
      truncated: true,
    };
  }
  return feed;
}

const WITHHELD = "demand:withheld_terms";

/** The terms the operator withheld from every demand answer (normalised), counted as manually_withheld. */
export async function withheldTerms(db: Db): Promise<Set<string>> {
  const row = await db
    .selectFrom("service_settings")
    .select("value")
    .where("name", "=", WITHHELD)
    .executeTakeFirst();
  return new Set(Array.isArray(row?.value) ? (row.value as string[]) : []);
}

/**
 * Withhold a term from the demand feed, clusters and report (or publish it again with `withhold` false), e.g.
 * a need that names a person. Normalised as searches are; the change shows at the next aggregate (the free
 * feed caches for a minute, the paid snapshots are rebuilt every 15). Returns the list in force.
 */
export async function withholdDemandTerm(db: Db, term: string, withhold = true): Promise<string[]> {
  const t = normaliseTerm(term);
  if (!t)
    throw new ApiError("validation_failed", `term: at least ${DEMAND_POLICY.min_query_chars} characters`);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${WITHHELD}))`.execute(trx);
    const terms = await withheldTerms(trx);
    if (withhold) terms.add(t);
    else terms.delete(t);
    const value = JSON.stringify([...terms].sort());
    await trx
      .insertInto("service_settings")
      .values({ name: WITHHELD, value })
      .onConflict((oc) => oc.column("name").doUpdateSet({ value, updated_at: new Date() }))
      .execute();
    return [...terms].sort();
  });
}
