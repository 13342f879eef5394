/** Every probe result moves the score this fraction of the way toward 1 (pass) or 0 (fail). */
export const SCORE_STEP = 0.1;
export const VERIFIED_MIN_PROBES = 3;
export const VERIFIED_MIN_SCORE = 0.8;
export const FAILING_STREAK = 5;
export const LATENCY_WINDOW_DAYS = 7;
export const LATENCY_MIN_PROBES = 5;

export type ListingStatus = "unverified" | "verified" | "failing";

/** Why a listing's status changed: the vocabulary published in the /v1/changes note. */
export const STATUS_REASONS = {
  submitted: "listing accepted; not yet verified",
  indexed:
    "listing imported from a facilitator's discovery catalogue (origin indexed, claimable); not yet verified",
  verification_met: `${VERIFIED_MIN_PROBES}+ probes, no failure streak, score above ${VERIFIED_MIN_SCORE}`,
  failure_streak: `${FAILING_STREAK}+ consecutive failed probes`,
  failure_broke_verification:
    "a failed probe started a failure streak, so the verified conditions no longer hold",
  score_below_threshold: `score fell to ${VERIFIED_MIN_SCORE} or below`,
  recovered: "a passing probe ended the failure streak",
  delisted_by_owner: "the owner delisted the listing",
} as const;
export type StatusReason = keyof typeof STATUS_REASONS;

export interface ProbeState {
  status: ListingStatus;
  score: number | null;
  probeCount: number;
  probesPassed: number;
  probesFailed: number;
  consecutiveFailures: number;
}

/** The score after one result; a listing starts at 0, so ~16 clean probes pass 0.8. */
export function nextScore(score: number | null, passed: boolean): number {
  const s = score ?? 0;
  return s + SCORE_STEP * ((passed ? 1 : 0) - s);
}

/** The status the counters call for. */
export function statusFor(s: Omit<ProbeState, "status">): ListingStatus {
  if (s.consecutiveFailures >= FAILING_STREAK) return "failing";
  if (
    s.probeCount >= VERIFIED_MIN_PROBES &&
    s.consecutiveFailures === 0 &&
    (s.score ?? 0) > VERIFIED_MIN_SCORE
  )
    return "verified";
  return "unverified";
}

export interface ProbeTransition {
  next: ProbeState;
  /** Non-null only when the status really changes. */
  change: { from: ListingStatus; to: ListingStatus; reasons: StatusReason[] } | null;
}

/** Apply one counted probe result to a listing's state. Pure. */
export function applyProbe(prev: ProbeState, passed: boolean): ProbeTransition {
  const next: ProbeState = {
    score: nextScore(prev.score, passed),
    probeCount: prev.probeCount + 1,
    probesPassed: prev.probesPassed + (passed ? 1 : 0),
    probesFailed: prev.probesFailed + (passed ? 0 : 1),
    consecutiveFailures: passed ? 0 : prev.consecutiveFailures + 1,
    status: prev.status,
  };
  next.status = statusFor(next);
  if (next.status === prev.status) return { next, change: null };
  const reasons: StatusReason[] = [];
  if (next.status === "verified") reasons.push("verification_met");
  else if (next.status === "failing") reasons.push("failure_streak");
  else if (prev.status === "failing") reasons.push("recovered");
  else if (!passed) reasons.push("failure_broke_verification");
  else reasons.push("score_below_threshold");
  return { next, change: { from: prev.status, to: next.status, reasons } };
}

/** Nearest-rank percentile of latencies (ms); null under the minimum sample. */
export function percentile(values: number[], p: number, minSamples = LATENCY_MIN_PROBES): number | null {
  if (values.length < minSamples) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}
