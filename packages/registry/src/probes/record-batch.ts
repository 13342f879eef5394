import {
  type ListingStatus,
  latencyWindowStart,
  listingAfterProbe,
  probeRowOutcome,
  type RecentProbe,
} from "@tollgate/core";
import type { Database, Db, ListingUpdate } from "@tollgate/db";
import { type Transaction as KyselyTransaction, sql } from "kysely";
import type { ProbeOutcome, RecordResult } from "./record.js";

type Transaction = KyselyTransaction<Database>;

export interface RecordOptions {
  intervalScale?: number;
  /** The operator's own payment addresses (lowercase): a listing paying one of them is self-referential. */
  selfPayTos?: ReadonlySet<string>;
  /**
   * Write every column a probe sets, changed or not (what recording did before patches carried only changed
   * columns). The rows left are the same either way; tests record with both and compare.
   */
  writeUnchanged?: boolean;
}

const BEFORE_COLUMNS = [
  "id",
  "status",
  "score",
  "probe_count",
  "probes_passed",
  "probes_failed",
  "consecutive_failures",
  "created_at",
  "last_failed_at",
  "status_changed_at",
  "price_changed_at",
  "pay_to_changed_at",
  "amount_atomic",
  "obs_pay_to",
  "obs_first_seen_at",
  // Read only to leave unchanged columns out of the update (`changedColumns`); the rules do not use them.
  "last_failure_reason",
  "p50_latency_ms",
  "p95_latency_ms",
  "p99_latency_ms",
  "payto_distinct_recent",
  "payto_unstable",
  "probe_tier",
  "probe_interval_s",
  "next_check_basis",
  "sample_ok",
  "x402_version",
  "payment_protocols",
  "mpp_methods",
  "transport",
  "verified_via",
  "obs_scheme",
  "obs_network",
  "obs_asset",
  "accepts_count",
  "accepts_index",
  "amount_usd",
  "domain_name",
  "domain_version",
  "header_bytes",
  "testnet",
  "payto_sentinel",
  "self_referential",
  "mpp_offers",
] as const;
/** The column list, written once: a raw statement is not built and compiled from a query builder per batch. */
const BEFORE_SELECT = sql.raw(BEFORE_COLUMNS.join(", "));

/**
 * Record many probes in one transaction with the same rules as one (`recordProbe`): each probe row is
 * unique per listing and slot (a redelivered job counts once), and each listing gets its counters, score,
 * status (one status-change row per real change), latency percentiles, observed challenge, payTo stability
 * and next check. A handful of statements per batch instead of per probe: one locking read, one multi-row
 * insert, one read of the latency windows, one UPDATE … FROM a JSON record set, one multi-row insert of
 * status changes. Results are in input order; a listing probed twice in one batch is applied in order.
 */
export async function recordProbes(
  db: Db,
  outcomes: readonly ProbeOutcome[],
  opts: RecordOptions = {},
): Promise<RecordResult[]> {
  if (outcomes.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const results: RecordResult[] = new Array(outcomes.length);
    // Each round holds a listing at most once, so a later probe of it sees the earlier one applied.
    let pending = outcomes.map((o, i) => ({ o, i }));
    while (pending.length > 0) {
      const seen = new Set<string>();
      const round: typeof pending = [];
      const later: typeof pending = [];
      for (const p of pending) {
        if (seen.has(p.o.listingId)) later.push(p);
        else {
          seen.add(p.o.listingId);
          round.push(p);
        }
      }
      const recorded = await recordRound(
        trx,
        round.map((p) => p.o),
        opts,
      );
      round.forEach((p, k) => {
        results[p.i] = recorded[k]!;
      });
      pending = later;
    }
    return results;
  });
}

async function recordRound(
  trx: Transaction,
  outcomes: readonly ProbeOutcome[],
  opts: RecordOptions,
): Promise<RecordResult[]> {
  const ids = outcomes.map((o) => o.listingId);
  // Locked in id order, so two batches touching the same listings cannot deadlock. Id lists go as one array
  // parameter (`= ANY`), not one parameter per listing: Postgres parses and plans one short statement.
  const { rows } = await sql<Before & { id: string }>`
    SELECT ${BEFORE_SELECT} FROM listings WHERE id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`.execute(trx);
  const before = new Map(rows.filter((l) => l.status !== "delisted").map((l) => [l.id, l]));
  const live = outcomes.filter((o) => before.has(o.listingId));
  if (live.length === 0) return outcomes.map(() => ({ recorded: false }));

  // One array per column (unnest), not one parameter per value: 11 parameters whatever the batch size.
  const col = <T>(f: (o: ProbeOutcome) => T) => live.map(f);
  const inserted = (
    await sql<{ id: string; listing_id: string }>`
      INSERT INTO probes (listing_id, slot, at, outcome, failure_reason, http_status, latency_ms, verified_via,
                          pay_to, amount_atomic, detail)
      SELECT * FROM unnest(
        ${col((o) => o.listingId)}::text[], ${col((o) => o.slot)}::bigint[], ${col((o) => o.at)}::timestamptz[],
        ${col((o) => probeRowOutcome(o.passed, o.failureReason))}::text[], ${col((o) => o.failureReason)}::text[],
        ${col((o) => o.httpStatus)}::int[], ${col((o) => o.latencyMs)}::float8[], ${col((o) => o.verifiedVia)}::text[],
        ${col((o) => o.challenge?.payTo ?? null)}::text[], ${col((o) => o.challenge?.amountAtomic ?? null)}::text[],
        ${col((o) => (o.detail ? JSON.stringify(o.detail) : null))}::jsonb[])
      ON CONFLICT (listing_id, slot) DO NOTHING
      RETURNING id, listing_id`.execute(trx)
  ).rows;
  const probeId = new Map(inserted.map((r) => [r.listing_id, r.id]));
  const fresh = live.filter((o) => probeId.has(o.listingId));
  if (fresh.length === 0) return outcomes.map(() => ({ recorded: false }));

  // Each listing's own window (from its probe's time less 7 days, this probe included), filtered in SQL: only
  // the two values the rules use come back, no timestamps to parse.
  const windowRows = (
    await sql<{ listing_id: string; latencyMs: number; payTo: string | null }>`
      SELECT p.listing_id, p.latency_ms AS "latencyMs", p.pay_to AS "payTo"
      FROM unnest(${fresh.map((o) => o.listingId)}::text[],
                  ${fresh.map((o) => latencyWindowStart(o.at))}::timestamptz[]) AS w(id, since)
      JOIN probes p ON p.listing_id = w.id AND p.at >= w.since`.execute(trx)
  ).rows;
  const windows = new Map<string, RecentProbe[]>();
  for (const r of windowRows) {
    const w = windows.get(r.listing_id);
    if (w) w.push(r);
    else windows.set(r.listing_id, [r]);
  }

  const patches: { id: string; patch: Record<string, unknown> }[] = [];
  const changes: Record<string, unknown>[] = [];
  const out = new Map<string, RecordResult>();
  for (const o of fresh) {
    const l = before.get(o.listingId)!;
    const { set, change } = listingPatch(l, o, windows.get(o.listingId) ?? [], opts);
    patches.push({ id: o.listingId, patch: opts.writeUnchanged ? set : changedColumns(l, set) });
    if (change)
      changes.push({
        listing_id: o.listingId,
        from_status: change.from,
        to_status: change.to,
        reasons: change.reasons,
        probe_id: probeId.get(o.listingId)!,
        at: o.at,
      });
    out.set(o.listingId, {
      recorded: true,
      statusChange: change ? { from: change.from, to: change.to } : null,
    });
  }
  await updateListings(trx, patches);
  if (changes.length > 0)
    await trx
      .insertInto("status_changes")
      .values(changes as never)
      .execute();
  return outcomes.map((o) => out.get(o.listingId) ?? { recorded: false });
}

/**
 * One UPDATE for every listing of the batch: each row's patch (a JSON object of column → value) is laid
 * over the row itself with jsonb_populate_record, so a column absent from a patch keeps its value.
 * Column names come from `listingPatch`, never from input.
 */
/**
 * The columns of a patch whose value differs from the row's before the probe (`before`, read under the lock),
 * plus every column `before` does not hold (those are always written). Less JSON to build, send and parse;
 * the row left is the same, since an absent column keeps its value. Undefined values (not set) are dropped.
 */
export function changedColumns(
  before: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in patch) {
    const v = patch[k];
    if (v === undefined) continue;
    if (!(k in before) || !sameValue(v, before[k])) out[k] = v;
  }
  return out;
}

/**
 * Whether a value to write equals the value read back from Postgres: primitives strictly, dates by instant,
 * arrays element by element, JSON objects by their serialisation. When unsure it answers false, which only
 * writes an unchanged value again.
 */
export function sameValue(next: unknown, prev: unknown): boolean {
  if (next === prev) return true;
  if (next === null || prev === null || typeof next !== "object" || typeof prev !== "object") return false;
  if (next instanceof Date) return prev instanceof Date && next.getTime() === prev.getTime();
  if (Array.isArray(next)) {
    if (!Array.isArray(prev) || prev.length !== next.length) return false;
    return next.every((x, i) => sameValue(x, prev[i]));
  }
  if (prev instanceof Date || Array.isArray(prev)) return false;
  return JSON.stringify(next) === JSON.stringify(prev);
}

async function updateListings(trx: Transaction, patches: { id: string; patch: Record<string, unknown> }[]) {
  const columns = new Set<string>();
  for (const p of patches) for (const c in p.patch) columns.add(c);
  // Written as one raw fragment each (plain lowercase names, checked) rather than a reference node per column.
  const names = [...columns];
  for (const c of names) if (!/^[a-z0-9_]+$/.test(c)) throw new Error(`not a listing column: ${c}`);
  const targets = sql.raw(names.join(", "));
  const values = sql.raw(names.map((c) => `r.${c}`).join(", "));
  await sql`
    UPDATE listings AS l SET (${targets}) = (SELECT ${values} FROM jsonb_populate_record(l, v.patch) AS r)
    FROM jsonb_to_recordset(${JSON.stringify(patches)}::jsonb) AS v(id text, patch jsonb)
    WHERE l.id = v.id`.execute(trx);
}

type Before = {
  status: string;
  score: number | null;
  probe_count: number;
  probes_passed: number;
  probes_failed: number;
  consecutive_failures: number;
  created_at: Date;
  last_failed_at: Date | null;
  status_changed_at: Date;
  price_changed_at: Date | null;
  pay_to_changed_at: Date | null;
  amount_atomic: string | null;
  obs_pay_to: string | null;
  obs_first_seen_at: Date | null;
  /** The other columns read only to compare (`changedColumns`). */
  [column: string]: unknown;
};

/**
 * What one probe changes on its listing, as a patch of columns (undefined: unchanged; JSON columns as
 * values, not strings), and the status change when there is one.
 */
function listingPatch(
  l: Before,
  o: ProbeOutcome,
  recent: readonly { latencyMs: number; payTo: string | null }[],
  opts: RecordOptions,
) {
  const after = listingAfterProbe(
    {
      status: l.status as ListingStatus,
      score: l.score,
      probeCount: l.probe_count,
      probesPassed: l.probes_passed,
      probesFailed: l.probes_failed,
      consecutiveFailures: l.consecutive_failures,
      createdAt: l.created_at,
      lastFailedAt: l.last_failed_at,
      statusChangedAt: l.status_changed_at,
      priceChangedAt: l.price_changed_at,
      payToChangedAt: l.pay_to_changed_at,
      amountAtomic: l.amount_atomic,
      obsPayTo: l.obs_pay_to,
      obsFirstSeenAt: l.obs_first_seen_at,
    },
    o,
    recent,
    opts,
  );
  const { state } = after;
  const set: Record<string, unknown> = {
    status: state.status,
    score: state.score,
    probe_count: state.probeCount,
    probes_passed: state.probesPassed,
    probes_failed: state.probesFailed,
    consecutive_failures: state.consecutiveFailures,
    last_probed_at: o.at,
    last_ok_at: after.lastOkAt,
    last_failed_at: after.lastFailedAt,
    last_failure_reason: after.lastFailureReason,
    status_changed_at: after.statusChangedAt,
    p50_latency_ms: after.latency.p50,
    p95_latency_ms: after.latency.p95,
    p99_latency_ms: after.latency.p99,
    payto_distinct_recent: after.payTo.distinctRecent,
    payto_unstable: after.payTo.unstable,
    probe_tier: after.tier,
    probe_interval_s: after.intervalS,
    next_check_by: after.nextCheckBy,
    next_check_basis: after.nextCheckBasis,
    lease_until: null,
    sample_ok: o.sampleOk ?? undefined,
  } satisfies ListingUpdate;
  const c = o.challenge;
  if (c) {
    Object.assign(set, {
      x402_version: c.x402Version,
      payment_protocols: c.protocols,
      mpp_methods: c.mppMethods,
      transport: c.transport,
      verified_via: o.verifiedVia,
      obs_scheme: c.scheme,
      obs_network: c.network,
      obs_asset: c.asset,
      obs_pay_to: c.payTo,
      accepts_count: c.acceptsCount,
      accepts_index: c.acceptsIndex,
      amount_atomic: c.amountAtomic,
      amount_usd: c.amountUsd,
      domain_name: c.domainName,
      domain_version: c.domainVersion,
      observed_at: o.at,
      obs_first_seen_at: after.obsFirstSeenAt,
      price_changed_at: after.priceChangedAt,
      pay_to_changed_at: after.payToChangedAt,
      header_bytes: c.headerBytes,
      testnet: c.testnet,
      payto_sentinel: c.payToSentinel,
      ...(opts.selfPayTos && c.payTo ? { self_referential: opts.selfPayTos.has(c.payTo.toLowerCase()) } : {}),
    } satisfies ListingUpdate);
    // jsonb: the value itself (a JSON string here would be stored as a JSON string).
    set.mpp_offers = c.mppOffers ?? null;
  }
  return { set, change: after.statusChange };
}
