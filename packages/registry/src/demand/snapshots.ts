import { DEMAND_POLICY, unixSeconds } from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { ApiError } from "@tollgate/schema";
import { sql } from "kysely";
import { type DiscoverDeps, discover } from "../listings/discover.js";
import { type DemandOptions, demandAggregate, demandAnswers } from "./feed.js";

const tokens = (t: string) =>
  new Set(
    t
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3)
      .map((w) => w.replace(/(ing|es|s)$/, "")),
  );
const jaccard = (a: Set<string>, b: Set<string>) => {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter === 0 ? 0 : inter / (a.size + b.size - inter);
};

/** Group needs whose word stems overlap (Jaccard >= threshold), average link; each need lands in one group. */
export function clusterNeeds<T extends { need: string }>(needs: T[], threshold = 0.34): T[][] {
  const groups: { members: T[]; sets: Set<string>[] }[] = [];
  for (const n of needs) {
    const s = tokens(n.need);
    let best: (typeof groups)[number] | null = null;
    let bestScore = threshold;
    for (const g of groups) {
      const score = g.sets.reduce((sum, x) => sum + jaccard(s, x), 0) / g.sets.length;
      if (score >= bestScore) {
        best = g;
        bestScore = score;
      }
    }
    if (best) {
      best.members.push(n);
      best.sets.push(s);
    } else groups.push({ members: [n], sets: [s] });
  }
  return groups.map((g) => g.members);
}

/** Cosine threshold for grouping needs by meaning (average link; measured purity 0.92 at 0.40). */
export const CLUSTER_SIMILARITY = 0.4;

/**
 * Group needs by meaning: each need joins the group whose average similarity to it (for unit vectors, the
 * dot product with the group's vector sum over its size) is highest and at least the threshold, else it
 * starts a group. A need without a vector is left ungrouped (and counted as such).
 */
export function clusterByMeaning<T extends { need: string }>(
  needs: T[],
  vectors: (Float32Array | null)[],
  threshold = CLUSTER_SIMILARITY,
): { groups: T[][]; ungrouped: T[] } {
  const groups: { members: T[]; sum: Float32Array }[] = [];
  const ungrouped: T[] = [];
  for (const [i, n] of needs.entries()) {
    const v = vectors[i];
    if (!v) {
      ungrouped.push(n);
      continue;
    }
    let best: (typeof groups)[number] | null = null;
    let bestScore = threshold;
    for (const g of groups) {
      let s = 0;
      for (let d = 0; d < v.length; d++) s += v[d]! * g.sum[d]!;
      s /= g.members.length;
      if (s >= bestScore) {
        best = g;
        bestScore = s;
      }
    }
    if (best) {
      best.members.push(n);
      for (let d = 0; d < v.length; d++) best.sum[d]! += v[d]!;
    } else groups.push({ members: [n], sum: Float32Array.from(v) });
  }
  return { groups: groups.map((g) => g.members), ungrouped };
}

/** Re-run the directory's own search for the top needs whose answer is older than a day. */
export async function refreshAnswers(db: Db, needs: string[], now = new Date(), deps: DiscoverDeps = {}) {
  const known = await demandAnswers(db, needs);
  let refreshed = 0;
  for (const need of needs) {
    const k = known.get(need);
    if (k && now.getTime() - k.checked_at.getTime() < 86_400_000) continue;
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
  const answers = await demandAnswers(
    db,
    top.map((n) => n.need),
  );
  let groups: (typeof agg.needs)[];
  let method: string;
  if (o.embed) {
    let vectors: (Float32Array | null)[];
    try {
      vectors = await o.embed(agg.needs.map((n) => n.need));
    } catch {
      vectors = agg.needs.map(() => null);
    }
    groups = clusterByMeaning(agg.needs, vectors).groups;
    method = `needs grouped by meaning: sentence embeddings, average link, cosine >= ${CLUSTER_SIMILARITY}; every member need passed the privacy floor`;
  } else {
    groups = clusterNeeds(agg.needs);
    method =
      "needs grouped by shared word stems (average link, Jaccard >= 0.34); every member need passed the privacy floor";
  }
  const termSearches = agg.needs.reduce((s, n) => s + n.searches, 0);
  const grouped = groups.reduce((s, g) => s + g.reduce((x, n) => x + n.searches, 0), 0);
  const generated = { generated_at: unixSeconds(now), generated_at_iso: now.toISOString() };
  const windowInfo = {
    start: unixSeconds(w.start),
    end: unixSeconds(w.end),
    days: DEMAND_POLICY.window_days,
  };
  const clusters = {
    ...generated,
    window: windowInfo,
    k_anonymity_floor: o.kFloor,
    method,
    clusters: groups
      .map((g) => ({
        label: g[0]!.need,
        needs: g.map((n) => n.need),
        searches: g.reduce((s, n) => s + n.searches, 0),
        client_ips_max: Math.max(...g.map((n) => n.client_ips)),
      }))
      .sort((a, b) => b.searches - a.searches),
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
      "needs are what agents asked, normalised; client_ips is a ceiling on independent demand, never a count of buyers; answered_now is the directory's own search for the need, re-run about daily for the 1000 highest-ranked needs (null when not yet checked)",
    needs: top.map((n) => {
      const a = answers.get(n.need);
      return {
        need: n.need,
        asked_as: [n.need],
        client_ips: n.client_ips,
        searches: n.searches,
        seller_self_checks: n.seller_self_checks,
        results_when_asked: null,
        categories: [],
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
          searches_total: termSearches,
          searches_ungrouped: termSearches - grouped,
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
