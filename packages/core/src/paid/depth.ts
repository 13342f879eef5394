/** One recorded purchase as the paid-depth rules read it (oldest first). */
export interface DepthPurchase {
  at: number;
  delivered: boolean;
  /** Live quote in atomic units and the payTo paid: a change in either is seller-caused. */
  quoteAtomic: string | null;
  payTo: string | null;
}

export interface PaidDepth {
  rung: string;
  deliveries: number;
  span_weeks: number;
  first_ok_at: number | null;
  first_ok_at_iso: string | null;
  last_ok_at: number | null;
  last_ok_at_iso: string | null;
  /** 1 when the latest purchase delivered, 0 when it did not, null before any purchase. */
  last_attempt_ok: number | null;
  through_change: boolean;
}

const HOUR = 3600;
const WEEK = 7 * 24 * HOUR;
const iso = (t: number | null) => (t === null ? null : new Date(t * 1000).toISOString());

/**
 * The paid-depth rung from a listing's purchases (spec: Paid-depth rung). `failed_rebuy` wins when the
 * latest purchase failed after an earlier delivery; otherwise the deepest rung the deliveries earn:
 * `Nwk` (deliveries spanning N >= 3 weeks), `held` (two deliveries across a seller-caused change of price
 * or payTo), `2x` (a second delivery at least 48 h after the first), `paid_verified` (one delivery).
 */
export function paidDepth(purchases: readonly DepthPurchase[]): PaidDepth {
  const ok = purchases.filter((p) => p.delivered);
  const latest = purchases.at(-1);
  const first = ok[0]?.at ?? null;
  const last = ok.at(-1)?.at ?? null;
  const spanWeeks = first !== null && last !== null ? Math.floor((last - first) / WEEK) : 0;
  let throughChange = false;
  for (let i = 1; i < ok.length && !throughChange; i++) {
    // A change seen in any purchase between two deliveries (failed ones included) counts.
    const from = purchases.indexOf(ok[i - 1]!);
    const to = purchases.indexOf(ok[i]!);
    const base = purchases[from]!;
    for (let j = from + 1; j <= to; j++) {
      const p = purchases[j]!;
      if ((p.quoteAtomic ?? base.quoteAtomic) !== base.quoteAtomic || (p.payTo ?? base.payTo) !== base.payTo)
        throughChange = true;
    }
  }
  let rung = "none";
  if (ok.length > 0) {
    if (latest && !latest.delivered) rung = "failed_rebuy";
    else if (spanWeeks >= 3) rung = `${spanWeeks}wk`;
    else if (throughChange && ok.length >= 2) rung = "held";
    else if (first !== null && ok.some((p) => p.at - first >= 48 * HOUR)) rung = "2x";
    else rung = "paid_verified";
  }
  return {
    rung,
    deliveries: ok.length,
    span_weeks: spanWeeks,
    first_ok_at: first,
    first_ok_at_iso: iso(first),
    last_ok_at: last,
    last_ok_at_iso: iso(last),
    last_attempt_ok: latest ? (latest.delivered ? 1 : 0) : null,
    through_change: throughChange,
  };
}
