import { type ListingStatus, latencyWindowStart, listingAfterProbe, probeRowOutcome } from "@tollgate/core";
import type { Db, ListingUpdate } from "@tollgate/db";
import { sql } from "kysely";

/** What one probe observed, as the prober hands it over. */
export interface ProbeOutcome {
  listingId: string;
  slot: number;
  at: Date;
  passed: boolean;
  failureReason: string | null;
  httpStatus: number | null;
  latencyMs: number;
  verifiedVia: "GET" | "POST" | null;
  sampleOk: boolean | null;
  challenge: null | {
    x402Version: number | null;
    protocols: string[];
    transport: string;
    scheme: string | null;
    network: string | null;
    asset: string | null;
    payTo: string | null;
    acceptsCount: number;
    acceptsIndex: number | null;
    amountAtomic: string | null;
    amountUsd: number | null;
    domainName: string | null;
    domainVersion: string | null;
    mppMethods: string[] | null;
    mppOffers: unknown;
    headerBytes: number;
    testnet: boolean;
    payToSentinel: boolean;
  };
  detail?: Record<string, unknown>;
}

export type RecordResult =
  | { recorded: false }
  | { recorded: true; statusChange: { from: string; to: string } | null };

/**
 * Record one probe and everything it changes, in one transaction: the probe row (unique per listing and
 * slot, so a redelivered job counts once), counters, score, status (with one status-change row when it
 * really changes), latency percentiles, the observed challenge and payTo stability, and the next check.
 */
export async function recordProbe(
  db: Db,
  o: ProbeOutcome,
  opts: {
    intervalScale?: number;
    /** The operator's own payment addresses (lowercase): a listing paying one of them is self-referential. */
    selfPayTos?: ReadonlySet<string>;
  } = {},
): Promise<RecordResult> {
  return db.transaction().execute(async (trx) => {
    const l = await trx
      .selectFrom("listings")
      .select([
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
      ])
      .where("id", "=", o.listingId)
      .forUpdate()
      .executeTakeFirst();
    if (!l || l.status === "delisted") return { recorded: false };
    const inserted = await trx
      .insertInto("probes")
      .values({
        listing_id: o.listingId,
        slot: o.slot,
        at: o.at,
        outcome: probeRowOutcome(o.passed, o.failureReason),
        failure_reason: o.failureReason,
        http_status: o.httpStatus,
        latency_ms: o.latencyMs,
        verified_via: o.verifiedVia,
        pay_to: o.challenge?.payTo ?? null,
        amount_atomic: o.challenge?.amountAtomic ?? null,
        detail: o.detail ? JSON.stringify(o.detail) : null,
      })
      .onConflict((oc) => oc.columns(["listing_id", "slot"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return { recorded: false };

    const recent = await trx
      .selectFrom("probes")
      .select(["latency_ms as latencyMs", "pay_to as payTo"])
      .where("listing_id", "=", o.listingId)
      .where("at", ">=", latencyWindowStart(o.at))
      .execute();
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
    const set: ListingUpdate = {
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
    };
    const c = o.challenge;
    if (c) {
      Object.assign(set, {
        x402_version: c.x402Version,
        payment_protocols: c.protocols,
        mpp_methods: c.mppMethods,
        mpp_offers: c.mppOffers ? JSON.stringify(c.mppOffers) : null,
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
        ...(opts.selfPayTos && c.payTo
          ? { self_referential: opts.selfPayTos.has(c.payTo.toLowerCase()) }
          : {}),
      } satisfies ListingUpdate);
    }
    await trx.updateTable("listings").set(set).where("id", "=", o.listingId).execute();
    const change = after.statusChange;
    if (change) {
      await trx
        .insertInto("status_changes")
        .values({
          listing_id: o.listingId,
          from_status: change.from,
          to_status: change.to,
          reasons: change.reasons,
          probe_id: inserted.id,
          at: o.at,
        })
        .execute();
    }
    return { recorded: true, statusChange: change ? { from: change.from, to: change.to } : null };
  });
}

/** Listings whose probe is due (leased or not; used by tests and metrics). */
export async function countDue(db: Db, now = new Date()): Promise<number> {
  const r = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM listings WHERE status <> 'delisted' AND next_check_by <= ${now}`.execute(
    db,
  );
  return r.rows[0]?.n ?? 0;
}
