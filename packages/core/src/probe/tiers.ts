/** Probe tiers and their intervals (seconds). */
export const PROBE_TIERS = {
  new: { interval_s: 900, covers: "listings submitted in the last 24 hours" },
  watch: {
    interval_s: 1800,
    covers:
      "unverified; failing up to 10 in a row; failed within 24 h; payment terms changed within 7 days; new or changed status within 7 days",
  },
  steady: { interval_s: 3600, covers: "verified listings with no recent failure or change" },
  dormant: { interval_s: 21_600, covers: "failing more than 10 in a row" },
} as const;
export type ProbeTier = keyof typeof PROBE_TIERS;

const DAY = 86_400_000;

export interface TierInput {
  status: string;
  createdAt: Date;
  consecutiveFailures: number;
  lastFailedAt: Date | null;
  statusChangedAt: Date;
  priceChangedAt: Date | null;
  payToChangedAt: Date | null;
}

/** Which tier a listing is in now, and the rule in words. Pure. */
export function probeTier(l: TierInput, now: Date): { tier: ProbeTier; because: string } {
  const age = (d: Date | null) => (d ? now.getTime() - d.getTime() : Number.POSITIVE_INFINITY);
  if (age(l.createdAt) < DAY) return { tier: "new", because: "submitted within 24 hours" };
  if (l.status === "failing" && l.consecutiveFailures > 10)
    return { tier: "dormant", because: "failing more than 10 in a row" };
  if (l.status === "failing") return { tier: "watch", because: "failing, up to 10 in a row" };
  if (l.status === "unverified") return { tier: "watch", because: "unverified" };
  if (age(l.lastFailedAt) < DAY) return { tier: "watch", because: "failed within 24 hours" };
  if (Math.min(age(l.priceChangedAt), age(l.payToChangedAt)) < 7 * DAY)
    return { tier: "watch", because: "payment terms changed within 7 days" };
  if (age(l.statusChangedAt) < 7 * DAY)
    return { tier: "watch", because: "status new or changed within 7 days" };
  return { tier: "steady", because: "verified and stable" };
}

/**
 * Interval for a tier; `scale` (non-production only) shortens every interval for demos and e2e,
 * never below one second.
 */
export function tierInterval(tier: ProbeTier, scale = 1): number {
  return Math.max(1, Math.round(PROBE_TIERS[tier].interval_s * scale));
}

export function nextCheckBasis(tier: ProbeTier, because: string, intervalS: number): string {
  const every = intervalS >= 120 ? `${Math.round(intervalS / 60)} minutes` : `${intervalS} seconds`;
  return `probe tier ${tier} (${because}): probed every ${every}; a record past next_check_by is stale`;
}
