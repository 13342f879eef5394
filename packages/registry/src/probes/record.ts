import {
  applyProbe,
  LATENCY_WINDOW_DAYS,
  type ListingStatus,
  NEUTRAL_FAILURES,
  nextCheckBasis,
  percentile,
  probeTier,
  tierInterval,
} from "@tollgate/core";
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

/** Distinct payTo addresses over 7 days at or above this count mark a listing unstable. */
export const PAYTO_UNSTABLE_DISTINCT = 3;

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
  opts: { intervalScale?: number } = {},
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
    const outcome = o.passed
      ? "pass"
      : o.failureReason && NEUTRAL_FAILURES.has(o.failureReason)
        ? "neutral"
        : "fail";
    const inserted = await trx
      .insertInto("probes")
      .values({
        listing_id: o.listingId,
        slot: o.slot,
        at: o.at,
        outcome,
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

    const t = applyProbe(
      {
        status: l.status as ListingStatus,
        score: l.score,
        probeCount: l.probe_count,
        probesPassed: l.probes_passed,
        probesFailed: l.probes_failed,
        consecutiveFailures: l.consecutive_failures,
      },
      o.passed,
    );
    const since = new Date(o.at.getTime() - LATENCY_WINDOW_DAYS * 86_400_000);
    const recent = await trx
      .selectFrom("probes")
      .select(["latency_ms", "pay_to"])
      .where("listing_id", "=", o.listingId)
      .where("at", ">=", since)
      .execute();
    const latencies = recent.map((r) => r.latency_ms);
    const distinctPayTo = new Set(recent.map((r) => r.pay_to?.toLowerCase()).filter(Boolean)).size;
    const statusChangedAt = t.change ? o.at : l.status_changed_at;
    const lastFailedAt = o.passed ? l.last_failed_at : o.at;
    const c = o.challenge;
    const priceChanged = !!c && l.amount_atomic !== null && c.amountAtomic !== l.amount_atomic;
    const payToChanged =
      !!c && l.obs_pay_to !== null && (c.payTo ?? "").toLowerCase() !== l.obs_pay_to.toLowerCase();
    const priceChangedAt = priceChanged ? o.at : l.price_changed_at;
    const payToChangedAt = payToChanged ? o.at : l.pay_to_changed_at;
    const tier = probeTier(
      {
        status: t.next.status,
        createdAt: l.created_at,
        consecutiveFailures: t.next.consecutiveFailures,
        lastFailedAt,
        statusChangedAt,
        priceChangedAt,
        payToChangedAt,
      },
      o.at,
    );
    const interval = tierInterval(tier.tier, opts.intervalScale ?? 1);
    const set: ListingUpdate = {
      status: t.next.status,
      score: t.next.score,
      probe_count: t.next.probeCount,
      probes_passed: t.next.probesPassed,
      probes_failed: t.next.probesFailed,
      consecutive_failures: t.next.consecutiveFailures,
      last_probed_at: o.at,
      last_ok_at: o.passed ? o.at : undefined,
      last_failed_at: lastFailedAt,
      last_failure_reason: o.passed ? undefined : o.failureReason,
      status_changed_at: statusChangedAt,
      p50_latency_ms: percentile(latencies, 50),
      p95_latency_ms: percentile(latencies, 95),
      p99_latency_ms: percentile(latencies, 99),
      payto_distinct_recent: distinctPayTo,
      payto_unstable: distinctPayTo >= PAYTO_UNSTABLE_DISTINCT,
      probe_tier: tier.tier,
      probe_interval_s: interval,
      next_check_by: new Date(o.at.getTime() + interval * 1000),
      next_check_basis: nextCheckBasis(tier.tier, tier.because, interval),
      lease_until: null,
      sample_ok: o.sampleOk ?? undefined,
    };
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
        obs_first_seen_at: l.obs_first_seen_at ?? o.at,
        price_changed_at: priceChangedAt,
        pay_to_changed_at: payToChangedAt,
        header_bytes: c.headerBytes,
        testnet: c.testnet,
        payto_sentinel: c.payToSentinel,
      } satisfies ListingUpdate);
    }
    await trx.updateTable("listings").set(set).where("id", "=", o.listingId).execute();
    if (t.change) {
      const reasons: string[] = [...t.change.reasons];
      if (!o.passed && o.failureReason) reasons.push(`last_failure:${o.failureReason}`);
      await trx
        .insertInto("status_changes")
        .values({
          listing_id: o.listingId,
          from_status: t.change.from,
          to_status: t.change.to,
          reasons,
          probe_id: inserted.id,
          at: o.at,
        })
        .execute();
    }
    return { recorded: true, statusChange: t.change ? { from: t.change.from, to: t.change.to } : null };
  });
}

/** Listings whose probe is due but not yet claimed (used by tests and metrics). */
export async function countDue(db: Db, now = new Date()): Promise<number> {
  const r = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM listings WHERE status <> 'delisted' AND next_check_by <= ${now}`.execute(
    db,
  );
  return r.rows[0]?.n ?? 0;
}
