import {
  FAILURE_REASONS,
  isEphemeralHost,
  NEUTRAL_FAILURES,
  STATUS_REASONS,
  unixSeconds,
} from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { ApiError } from "@tollgate/schema";
import { sql } from "kysely";
import { CLAIM_CHANGE_REASONS } from "../claim/common.js";
import { notFound } from "../errors.js";
import { ledgerReport } from "../onchain/figures.js";
import { verdictSales } from "../paid/sales.js";
import { paidVerificationCensus } from "../paid/scout.js";

/** The ledger's 30-day totals for the stats (null before the chain index has read a block). */
async function onchainStats(db: Db, now: Date) {
  const l = await ledgerReport(db, now);
  return l.indexed_to_block === null
    ? null
    : {
        ...l.totals,
        indexed_to_block: l.indexed_to_block,
        basis:
          "USDC payments on Base to active listings' payTo addresses over 30 days, from the registry's own index (GET /state/the-ledger.json has the detail)",
      };
}

const shapeChange = (r: {
  id: string;
  listing_id: string;
  from_status: string | null;
  to_status: string;
  reasons: string[];
  at: Date;
}) => ({
  id: Number(r.id),
  listing_id: r.listing_id,
  from: r.from_status,
  to: r.to_status,
  reasons: r.reasons,
  at: Math.floor(r.at.getTime() / 1000),
  at_iso: r.at.toISOString(),
});

const vocabulary = (reasons: Record<string, string>) =>
  Object.entries(reasons)
    .map(([k, v]) => `${k} (${v})`)
    .join("; ");
const REASON_NOTE =
  `Each entry is one real status change, except entries with reason claimed. Reasons: ${vocabulary(STATUS_REASONS)}; ` +
  `last_failure:<failure_reason> names the probe failure that caused it (${Object.keys(FAILURE_REASONS).join(", ")}). ` +
  `Not a status change: ${vocabulary(CLAIM_CHANGE_REASONS)}.`;

/** Every real status change of one listing (and its claims), oldest first (delisted listings keep their history). */
export async function listingHistory(db: Db, id: string) {
  const listing = await db
    .selectFrom("listings")
    .select(["id", "status"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!listing) throw notFound(id);
  const rows = await db
    .selectFrom("status_changes")
    .select(["id", "listing_id", "from_status", "to_status", "reasons", "at"])
    .where("listing_id", "=", id)
    .orderBy("at")
    .orderBy("id")
    .execute();
  return {
    listing_id: id,
    status: listing.status,
    count: rows.length,
    history: rows.map(shapeChange),
    note: REASON_NOTE,
  };
}

/** The change feed: status changes (and claims) since `since`, newest first. */
/**
 * The change feed, newest first (at, then id). `before_id` pages back: only changes older than that change in
 * this order, so a poller that found a full page since its last poll follows `next_before_id` until it is null
 * and misses nothing however many changes came (the spec's `since` alone gave only the newest 500). A
 * `before_id` that names no change is refused (ApiError 400), never answered as an empty page.
 */
export async function statusChanges(db: Db, q: { since?: number; limit: number; before_id?: string }) {
  let query = db
    .selectFrom("status_changes")
    .select(["id", "listing_id", "from_status", "to_status", "reasons", "at"]);
  if (q.since !== undefined) query = query.where("at", ">=", new Date(q.since * 1000));
  if (q.before_id !== undefined) {
    const before_id = q.before_id;
    const cursor = await db
      .selectFrom("status_changes")
      .select(["at"])
      .where("id", "=", before_id)
      .executeTakeFirst();
    if (!cursor)
      throw new ApiError(
        "validation_failed",
        "before_id: no change has this id (page back with the next_before_id a page of this feed gave)",
      );
    query = query.where((eb) =>
      eb.or([eb("at", "<", cursor.at), eb.and([eb("at", "=", cursor.at), eb("id", "<", before_id)])]),
    );
  }
  const rows = await query.orderBy("at", "desc").orderBy("id", "desc").limit(q.limit).execute();
  const last = rows.at(-1);
  return {
    count: rows.length,
    limit: q.limit,
    since: q.since ?? null,
    before_id: q.before_id === undefined ? null : Number(q.before_id),
    // A full page may have more behind it; a short one is the end.
    next_before_id: rows.length === q.limit && last ? Number(last.id) : null,
    changes: rows.map(shapeChange),
    note: REASON_NOTE,
  };
}

/** Directory-wide figures. Fields that later capabilities fill are present with their basis, never invented. */
export async function registryStats(db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const listings = await db
    .selectFrom("listings")
    .select(["host", "status"])
    .where("status", "<>", "delisted")
    .where("probe_count", ">", 0)
    .execute();
  const counted = listings.filter((l) => !isEphemeralHost(l.host));
  const probes = await sql<{ outcome: string; failure_reason: string | null; n: number }>`
    SELECT outcome, failure_reason, count(*)::int AS n FROM probes WHERE at >= ${dayAgo} GROUP BY 1, 2`.execute(
    db,
  );
  let total = 0;
  let passed = 0;
  let judged = 0;
  for (const r of probes.rows) {
    total += r.n;
    if (r.failure_reason && NEUTRAL_FAILURES.has(r.failure_reason)) continue;
    judged += r.n;
    if (r.outcome === "pass") passed += r.n;
  }
  const gap = await sql<{ avg_gap_s: number | null }>`
    SELECT avg(gap) AS avg_gap_s FROM (
      SELECT extract(epoch FROM at - lag(at) OVER (PARTITION BY listing_id ORDER BY at)) AS gap
      FROM probes WHERE at >= ${dayAgo}
    ) g WHERE gap IS NOT NULL`.execute(db);
  const avgGap = gap.rows[0]?.avg_gap_s;
  return {
    listings_total: counted.length,
    listings_total_basis:
      "active listings probed at least once; delisted listings and listings on ephemeral tunnel hosts excluded",
    hosts_total: new Set(counted.map((l) => l.host)).size,
    verified: counted.filter((l) => l.status === "verified").length,
    probes_24h: total,
    probe_pass_rate_24h: judged > 0 ? Math.round((passed / judged) * 10_000) / 10_000 : null,
    probe_pass_rate_24h_basis:
      "passing probes over probes in the last 24 hours, excluding the neutral classes dns_lookup_error, not_payment_gated and probe_refused",
    avg_probe_gap_min: avgGap == null ? null : Math.round(Number(avgGap) / 60),
    ...(await paidVerificationCensus(db)),
    verdict_sales: await verdictSales(db, now),
    onchain_30d: await onchainStats(db, now),
    as_of: unixSeconds(now),
  };
}
