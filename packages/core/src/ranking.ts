/** What discovery ranks on. */
export interface Rankable {
  id: string;
  status: string;
  score: number | null;
  price_amount: number;
}

const STATUS_RANK: Record<string, number> = { verified: 0, unverified: 1, failing: 2 };

/**
 * Discovery order: verified first, then score (higher first, no score last), then price (lower
 * first); failing listings rank last. Ties break on id so the order is stable.
 */
export function compareForDiscovery(a: Rankable, b: Rankable): number {
  const sa = STATUS_RANK[a.status] ?? 3;
  const sb = STATUS_RANK[b.status] ?? 3;
  if (sa !== sb) return sa - sb;
  const scoreA = a.score ?? -1;
  const scoreB = b.score ?? -1;
  if (scoreA !== scoreB) return scoreB - scoreA;
  if (a.price_amount !== b.price_amount) return a.price_amount - b.price_amount;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
