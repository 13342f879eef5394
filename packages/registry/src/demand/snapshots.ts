import {
  clusterByMeaning,
  clusterMethod,
  clusterNeeds,
  DEMAND_POLICY,
  demandClusters,
  groupingCoverage,
  unixSeconds,
} from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { ApiError } from "@tollgate/schema";
import { sql } from "kysely";
import { type DiscoverDeps, discover } from "../listings/discover.js";
import { type DemandOptions, demandAggregate, demandAnswers } from "./feed.js";

/**
 * Re-run the directory's own search for the top needs whose answer is older than a day, and for those the
 * directory could not answer yet at every build (a listing added or embedded since must not wait a day to
 * show up in answered_now).
 */
export async function refreshAnswers(db: Db, needs: string[], now = new Date(), deps: DiscoverDeps = {}) {
  const known = await demandAnswers(db, needs);
  let refreshed = 0;
  for (const need of needs) {
    const k = known.get(need);
    if (k && k.result_count > 0 && now.getTime() - k.checked_at.getTime() < 86_400_000) continue;
    const r = await discover(db, { q: need, limit: 3 }, deps);
    await db
      .insertInto("demand_answers")
      .values({ term: need, checked_at: now, result_count: r.count, top_ids: r.results.map((x) => x.id) })
      .onConflict((oc) =>
        oc
          .column("term")
          .doUpdateSet({ checked_at: now, result_count: r.count, top_ids: r.results.map((x) => x.id) }),
      )
      .execute();
    refreshed++;
  }
  return refreshed;
}

/**
 * What agents were shown when they asked each term in the window (the median result count, sellers' self-checks
 * left out) and the categories the need falls in: those the matcher inferred at search time in at least half
 * as many searches as the most frequent one (at most 3), else the category filters used.
 */
async function whenAsked(db: Db, terms: string[], w: { start: Date; end: Date }) {
  const results = new Map<string, number>();
  const categories = new Map<string, string[]>();
  if (terms.length === 0) return { results, categories };
  const [counts, cats] = await Promise.all([
    sql<{ term: string; median: number }>`
      SELECT term, percentile_disc(0.5) WITHIN GROUP (ORDER BY result_count)::int AS median
      FROM search_log WHERE at >= ${w.start} AND at < ${w.end} AND term = ANY(${terms}::text[]) AND NOT self_check
      GROUP BY 1`.execute(db),
    sql<{ term: string; category: string; inferred: boolean; n: number }>`
      SELECT term, c AS category, true AS inferred, count(*)::int AS n
      FROM search_log, unnest(categories) AS c
      WHERE at >= ${w.start} AND at < ${w.end} AND term = ANY(${terms}::text[]) AND NOT self_check GROUP BY 1, 2
      UNION ALL
      SELECT term, category, false, count(*)::int
      FROM search_log WHERE at >= ${w.start} AND at < ${w.end} AND term = ANY(${terms}::text[]) AND NOT self_check
        AND category IS NOT NULL GROUP BY 1, 2`.execute(db),
  ]);
  for (const r of counts.rows) results.set(r.term, r.median);
  const byTerm = new Map<string, typeof cats.rows>();
  for (const r of cats.rows) byTerm.set(r.term, [...(byTerm.get(r.term) ?? []), r]);
  for (const term of terms) {
    const rows = byTerm.get(term) ?? [];
    const inferred = rows.filter((r) => r.inferred);
    const pick = (inferred.length ? inferred : rows).sort(
      (a, b) => b.n - a.n || a.category.localeCompare(b.category),
    );
    const top = pick[0]?.n ?? 0;
    categories.set(
      term,
      pick
        .filter((r) => r.n * 2 >= top)
        .slice(0, 3)
        .map((r) => r.category),
    );
  }
  return { results, categories };
}

/**
 * Build the paid snapshots (current demand: no delay) as the single writer: an advisory lock in the same
 * short transaction as the writes, so a second aggregator replica skips instead of racing.
 */
export async function buildDemandSnapshots(
  db: Db,
  o: Omit<DemandOptions, "delayHours" | "paidTierLive"> & {
    /** Vectors for needs (the aggregator's cached embedder); without it needs are grouped by shared words. */
    embed?: (texts: string[]) => Promise<Float32Array[]>;
    /** The directory's own search for answered_now (semantic in the aggregator). */
    discover?: DiscoverDeps;
  },
) {
  const now = o.now ?? new Date();
  const {
    window: w,
    agg,
    totals,
  } = await demandAggregate(db, { ...o, now, paidTierLive: false, delayHours: 0 });
  const top = agg.needs.slice(0, 1000);
  await refreshAnswers(
    db,
    top.map((n) => n.need),
    now,
    o.discover,
  );
  const asked = await whenAsked(
    db,
    top.map((n) => n.need),
    w,
  );
  const answers = await demandAnswers(
    db,
    top.map((n) => n.need),
  );
  let groups: (typeof agg.needs)[];
  if (o.embed) {
    let vectors: (Float32Array | null)[];
    try {
      vectors = await o.embed(agg.needs.map((n) => n.need));
    } catch {
      vectors = agg.needs.map(() => null);
    }
    groups = clusterByMeaning(agg.needs, vectors).groups;
  } else groups = clusterNeeds(agg.needs);
  const coverage = groupingCoverage(agg.needs, groups);
  const generated = {
    generated_at: unixSeconds(now),
    generated_at_iso: now.toISOString(),
    policy_epoch: DEMAND_POLICY.policy_epoch,
  };
  const windowInfo = {
    start: unixSeconds(w.start),
    end: unixSeconds(w.end),
    days: DEMAND_POLICY.window_days,
  };
  const clusters = {
    ...generated,
    window: windowInfo,
    k_anonymity_floor: o.kFloor,
    method: clusterMethod(!!o.embed),
    clusters: demandClusters(groups),
    withheld: {
      terms_under_floor: agg.withheld.identifying_terms,
      seller_only_terms: agg.withheld.seller_only_terms,
    },
  };
  const edition = now.toISOString().slice(0, 16).replace(/[-:T]/g, "");
  const report = {
    report: "tollgate demand report",
    edition,
    ...generated,
    window: windowInfo,
    totals: {
      searches: totals?.total ?? 0,
      client_ips: totals?.ips ?? 0,
      needs_published: agg.needs.length,
      self_monitoring_searches: agg.selfMonitoringSearches,
    },
    privacy: { k_anonymity_floor: o.kFloor, withheld: agg.withheld, client_ip_storage: "salted hash only" },
    how_to_read:
      "needs are what agents asked, normalised; client_ips is a ceiling on independent demand, never a count of buyers; answered_now is the directory's own search for the need, re-run about daily for the 1000 highest-ranked needs (null when not yet checked); results_when_asked is the median number of results agents were shown when they asked; categories are the categories the matcher inferred for the need when it was asked (most often first), else the category filters agents used, empty when neither was recorded",
    needs: top.map((n) => {
      const a = answers.get(n.need);
      return {
        need: n.need,
        asked_as: [n.need],
        client_ips: n.client_ips,
        searches: n.searches,
        seller_self_checks: n.seller_self_checks,
        results_when_asked: asked.results.get(n.need) ?? null,
        categories: asked.categories.get(n.need) ?? [],
        answered_now: a
          ? { checked_at: unixSeconds(a.checked_at), result_count: a.result_count, top_ids: a.top_ids }
          : null,
      };
    }),
    named_listing_lookups: agg.named,
  };
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{
      ok: boolean;
    }>`SELECT pg_try_advisory_xact_lock(hashtext('tollgate:demand-snapshots')) AS ok`.execute(trx);
    if (!lock.rows[0]?.ok) return { skipped: true as const };
    for (const [kind, payload] of [
      ["clusters", clusters],
      ["report", report],
    ] as const)
      await trx
        .insertInto("demand_snapshots")
        .values({
          kind,
          built_at: now,
          window_start: w.start,
          window_end: w.end,
          searches_total: coverage.searchesTotal,
          searches_ungrouped: coverage.searchesUngrouped,
          payload: JSON.stringify(payload),
        })
        .execute();
    await trx
      .deleteFrom("demand_snapshots")
      .where("built_at", "<", new Date(now.getTime() - 7 * 86_400_000))
      .execute();
    return { skipped: false as const, needs: agg.needs.length, clusters: clusters.clusters.length };
  });
}

/**
 * The latest snapshot of a kind, if it may be sold: 403 when the operator has switched the paid tier off;
 * 503 when not built yet, older than 45 minutes, or more than 5% of its searches ungrouped — checked before
 * anything is offered or charged.
 */
export async function sellableSnapshot(
  db: Db,
  kind: "clusters" | "report",
  o: { paidTierLive: boolean; now?: Date },
) {
  if (!o.paidTierLive)
    throw new ApiError(
      "paid_tier_not_live",
      "the paid demand tier is offline; the free aggregate is GET /v1/demand",
    );
  const now = o.now ?? new Date();
  const snap = await db
    .selectFrom("demand_snapshots")
    .selectAll()
    .where("kind", "=", kind)
    .orderBy("built_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const retry = { "retry-after": String(DEMAND_POLICY.snapshot_every_s) };
  if (!snap)
    throw new ApiError(
      "demand_snapshot_not_built_yet",
      `the ${kind} snapshot has not been built yet; nothing was offered or charged`,
      {},
      retry,
    );
  const age = (now.getTime() - snap.built_at.getTime()) / 1000;
  if (age > DEMAND_POLICY.snapshot_stale_s)
    throw new ApiError(
      "demand_snapshot_stale",
      `the ${kind} snapshot is ${Math.round(age / 60)} minutes old (limit 45); nothing was offered or charged`,
      {},
      retry,
    );
  if (
    snap.searches_total > 0 &&
    snap.searches_ungrouped / snap.searches_total > DEMAND_POLICY.snapshot_max_ungrouped_share
  )
    throw new ApiError(
      "demand_snapshot_incomplete",
      `more than 5% of the ${kind} snapshot's searches are not grouped yet; nothing was offered or charged`,
      {},
      retry,
    );
  return snap.payload as Record<string, unknown>;
}
