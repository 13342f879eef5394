import { NEUTRAL_FAILURES } from "./failures.js";
import { applyProbe, LATENCY_WINDOW_DAYS, type ListingStatus, type ProbeState, percentile } from "./rules.js";
import { nextCheckBasis, type ProbeTier, probeTier, tierInterval } from "./tiers.js";

/** Distinct payTo addresses over 7 days at or above this count mark a listing unstable. */
export const PAYTO_UNSTABLE_DISTINCT = 3;

/** How a probe row is stored: neutral failures are kept apart from the directory's pass rate. */
export type ProbeRowOutcome = "pass" | "neutral" | "fail";

/** The stored outcome of one probe result. */
export function probeRowOutcome(passed: boolean, failureReason: string | null): ProbeRowOutcome {
  if (passed) return "pass";
  return failureReason && NEUTRAL_FAILURES.has(failureReason) ? "neutral" : "fail";
}

/** The earliest probe time that counts toward latency percentiles and payTo stability. */
export function latencyWindowStart(at: Date): Date {
  return new Date(at.getTime() - LATENCY_WINDOW_DAYS * 86_400_000);
}

/** What a listing holds before a probe is recorded: the fields the probe's effects depend on. */
export interface ListingBeforeProbe extends ProbeState {
  createdAt: Date;
  lastFailedAt: Date | null;
  statusChangedAt: Date;
  priceChangedAt: Date | null;
  payToChangedAt: Date | null;
  /** The last observed price (atomic units) and payTo; null until a challenge was observed. */
  amountAtomic: string | null;
  obsPayTo: string | null;
  obsFirstSeenAt: Date | null;
}

/** One probe result, in the plain values its effects depend on. */
export interface ProbeResult {
  at: Date;
  passed: boolean;
  failureReason: string | null;
  /** The payment terms the probe observed; null when it read no challenge. */
  challenge: { payTo: string | null; amountAtomic: string | null } | null;
}

/** One probe of the latency window (this one included). */
export interface RecentProbe {
  latencyMs: number;
  payTo: string | null;
}

/** Everything one recorded probe changes on its listing. */
export interface ListingAfterProbe {
  state: ProbeState;
  /** Set only when the probe passed; otherwise the listing keeps its value. */
  lastOkAt: Date | undefined;
  lastFailedAt: Date | null;
  /** Set only when the probe failed; otherwise the listing keeps its value. */
  lastFailureReason: string | null | undefined;
  statusChangedAt: Date;
  latency: { p50: number | null; p95: number | null; p99: number | null };
  payTo: { distinctRecent: number; unstable: boolean };
  /** Change timestamps of the payment terms: the probe's time when this probe saw them change. */
  priceChangedAt: Date | null;
  payToChangedAt: Date | null;
  /** When a challenge was first observed; null while none has been. */
  obsFirstSeenAt: Date | null;
  tier: ProbeTier;
  intervalS: number;
  nextCheckBy: Date;
  nextCheckBasis: string;
  /** Non-null only when the status really changes; reasons end with `last_failure:<reason>` on a failure. */
  statusChange: { from: ListingStatus; to: ListingStatus; reasons: string[] } | null;
}

/** Distinct payTo addresses (case-insensitive) among the window's probes, and whether that is unstable. */
export function payToStability(recent: readonly { payTo: string | null }[]): {
  distinctRecent: number;
  unstable: boolean;
} {
  const distinctRecent = new Set(recent.map((r) => r.payTo?.toLowerCase()).filter(Boolean)).size;
  return { distinctRecent, unstable: distinctRecent >= PAYTO_UNSTABLE_DISTINCT };
}

/**
 * Whether the probe saw the payment terms change against the last observed ones. Only a probe that read
 * a challenge can see a change, and only once something was observed before; a challenge without a payTo
 * after one with a payTo counts as a payTo change.
 */
export function paymentTermsChange(
  before: Pick<ListingBeforeProbe, "amountAtomic" | "obsPayTo">,
  challenge: ProbeResult["challenge"],
): { priceChanged: boolean; payToChanged: boolean } {
  if (!challenge) return { priceChanged: false, payToChanged: false };
  return {
    priceChanged: before.amountAtomic !== null && challenge.amountAtomic !== before.amountAtomic,
    payToChanged:
      before.obsPayTo !== null && (challenge.payTo ?? "").toLowerCase() !== before.obsPayTo.toLowerCase(),
  };
}

/**
 * Everything one recorded probe changes on its listing: counters, score and status (with reasons), the
 * failure and change timestamps, latency percentiles and payTo stability over the window, and the next
 * check with its tier and basis. `recent` is the window's probes including this one. Pure.
 */
export function listingAfterProbe(
  before: ListingBeforeProbe,
  probe: ProbeResult,
  recent: readonly RecentProbe[],
  opts: { intervalScale?: number } = {},
): ListingAfterProbe {
  const t = applyProbe(before, probe.passed);
  const at = probe.at;
  const latencies = recent.map((r) => r.latencyMs);
  const statusChangedAt = t.change ? at : before.statusChangedAt;
  const lastFailedAt = probe.passed ? before.lastFailedAt : at;
  const terms = paymentTermsChange(before, probe.challenge);
  const priceChangedAt = terms.priceChanged ? at : before.priceChangedAt;
  const payToChangedAt = terms.payToChanged ? at : before.payToChangedAt;
  const tier = probeTier(
    {
      status: t.next.status,
      createdAt: before.createdAt,
      consecutiveFailures: t.next.consecutiveFailures,
      lastFailedAt,
      statusChangedAt,
      priceChangedAt,
      payToChangedAt,
    },
    at,
  );
  const intervalS = tierInterval(tier.tier, opts.intervalScale ?? 1);
  let statusChange: ListingAfterProbe["statusChange"] = null;
  if (t.change) {
    const reasons: string[] = [...t.change.reasons];
    if (!probe.passed && probe.failureReason) reasons.push(`last_failure:${probe.failureReason}`);
    statusChange = { from: t.change.from, to: t.change.to, reasons };
  }
  return {
    state: t.next,
    lastOkAt: probe.passed ? at : undefined,
    lastFailedAt,
    lastFailureReason: probe.passed ? undefined : probe.failureReason,
    statusChangedAt,
    latency: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    },
    payTo: payToStability(recent),
    priceChangedAt,
    payToChangedAt,
    obsFirstSeenAt: before.obsFirstSeenAt ?? (probe.challenge ? at : null),
    tier: tier.tier,
    intervalS,
    nextCheckBy: new Date(at.getTime() + intervalS * 1000),
    nextCheckBasis: nextCheckBasis(tier.tier, tier.because, intervalS),
    statusChange,
  };
}
