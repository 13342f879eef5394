/** Prices of the paid routes, atomic USDC (6 decimals). */
export const PAID_ROUTES = {
  verdict: { path: "/v1/listings/{id}/verdict", usd: 0.005, atomic: "5000" },
  purchases: { path: "/v1/listings/{id}/purchases", usd: 0.01, atomic: "10000" },
  demand_clusters: { path: "/v1/demand/clusters", usd: 0.25, atomic: "250000" },
  demand_report: { path: "/v1/demand/report", usd: 2, atomic: "2000000" },
  submission_fee: { path: "POST /v1/listings (beyond the free allowance)", usd: 0.25, atomic: "250000" },
  verify_now_single: { path: "/v1/listings/{id}/verify-now?plan=single", usd: 2, atomic: "2000000" },
  verify_now_pack: { path: "/v1/listings/{id}/verify-now?plan=pack", usd: 5, atomic: "5000000" },
} as const;

export const VERDICT_RULE_VERSION = "verdict-v1";
export const PAY_MIN_SCORE = 0.9;
export const PAYTO_MIN_AGE_DAYS = 7;
export const ATTESTATION_VALID_S = 3600;

export type Verdict = "pay" | "caution" | "avoid";

/** What a verdict is computed from; every field is something the registry observed itself. */
export interface VerdictInput {
  status: "verified" | "unverified" | "failing";
  score: number | null;
  probeCount: number;
  consecutiveFailures: number;
  verifiedVia: string | null;
  paytoSentinel: boolean;
  paytoUnstable: boolean;
  /** Days the current payTo has been served (since first seen or last change); null if never observed. */
  paytoAgeDays: number | null;
  priceMatchesListing: boolean | null;
  selfReferential: boolean;
  /** Latest paid-delivery outcome by the scout; null when none was attempted yet. */
  paidDelivery: { delivered: boolean; at: number } | null;
  /** Whether the registry's USDC index has figures for the payTo. */
  onchainKnown: boolean;
  /** The index's 30-day figures for the payTo when known (informational: never held against it). */
  onchain30d?: { txCount: number; uniquePayers: number; volumeUsd: number } | null;
}

const RANK: Record<Verdict, number> = { pay: 0, caution: 1, avoid: 2 };
const worse = (a: Verdict, b: Verdict): Verdict => (RANK[a] >= RANK[b] ? a : b);

/**
 * The pre-spend verdict as a pure function: `avoid` on anything that would waste or destroy money,
 * `caution` on anything unproven or unstable, `pay` only when every check holds. A self-referential
 * listing (operated by the registry itself) is never better than `caution`.
 */
export function decideVerdict(i: VerdictInput): { verdict: Verdict; reasons: string[] } {
  let v: Verdict = "pay";
  const reasons: string[] = [];
  const add = (level: Verdict, reason: string) => {
    v = worse(v, level);
    reasons.push(reason);
  };
  if (i.paytoSentinel)
    add("avoid", "payto_sentinel: the live challenge names a burn address; a payment would be destroyed");
  if (i.status === "failing")
    add("avoid", `failing: ${i.consecutiveFailures} consecutive probes without a valid payment challenge`);
  if (i.paidDelivery && !i.paidDelivery.delivered)
    add("avoid", "paid_delivery_failed: the latest real purchase did not deliver");
  if (i.probeCount === 0) add("caution", "not_probed_yet: no probe has run against this endpoint");
  else if (i.status === "unverified") add("caution", "unverified: not enough clean probes yet");
  if (i.status === "verified" && (i.score ?? 0) < PAY_MIN_SCORE)
    add("caution", `score_below_${PAY_MIN_SCORE}: recent probes were not consistently clean`);
  if (i.paytoUnstable) add("caution", "payto_unstable: several different payment addresses served recently");
  if (i.paytoAgeDays !== null && i.paytoAgeDays < PAYTO_MIN_AGE_DAYS && !i.paytoSentinel)
    add("caution", `payto_recent: the payment address has been served for under ${PAYTO_MIN_AGE_DAYS} days`);
  if (i.priceMatchesListing === false)
    add("caution", "price_mismatch: the live challenge asks a different price than the listing");
  if (i.verifiedVia === "POST")
    add("caution", "challenge_on_post_only: the unpaid GET gave no payment challenge; only POST did");
  if (i.selfReferential)
    add("caution", "self_referential: the registry operates this endpoint; this verdict is not independent");
  if (!i.paidDelivery)
    reasons.push(
      "no_paid_delivery_check_yet: the registry has not bought from this endpoint yet (not held against it)",
    );
  else if (i.paidDelivery.delivered) reasons.push("paid_delivery_ok: the latest real purchase delivered");
  if (i.onchainKnown && i.onchain30d)
    reasons.push(
      `onchain_30d: ${i.onchain30d.txCount} USDC payments from ${i.onchain30d.uniquePayers} wallets ($${i.onchain30d.volumeUsd}) to this payTo in 30 days (wallets are a ceiling on customers)`,
    );
  if (!i.onchainKnown)
    reasons.push(
      "no_onchain_figures_yet: on-chain payment counts for this payTo are not indexed yet (not held against it)",
    );
  if (v === "pay") reasons.unshift("verified: clean probes, stable payTo, price as listed");
  return { verdict: v, reasons };
}

/** Spec, Versioning: the interface version, its date, and the dated behaviour changes it states. */
export const API_VERSION = {
  version: "1.0.0",
  version_date: "2026-09-03",
  behaviour_changes: [
    { since: "2026-08-29", change: "on-chain figures come from the registry's own USDC index" },
    { since: "2026-08-30", change: "the claim explanation (GET claim) is read-only" },
    { since: "2026-09-02", change: "neutral probe classes (not counted for or against a listing)" },
    { since: "2026-09-03", change: "more neutral probe classes" },
    {
      since: "2026-09-05",
      change: "more neutral probe classes; ephemeral hosts excluded from the directory's figures",
    },
    { since: "2026-09-13", change: "demand clusters on sale" },
    { since: "2026-09-24", change: "latency is a median over 7 days instead of a running average" },
    { since: "2026-09-25", change: "submission fee beyond five free listings per registered domain" },
    { since: "2026-09-26", change: "payment_protocols on listings" },
    { since: "2026-09-28", change: "submission fee 0.25 USDC (0.50 before)" },
  ],
} as const;
