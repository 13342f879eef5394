import { unixSeconds } from "@tollgate/core";
import type { Db } from "@tollgate/db";
import type { ListingRecord } from "../columns.js";

/** The purchase history: every real purchase oldest first, with consecutive-pair deltas. */
export async function purchaseHistory(db: Db, l: ListingRecord, now = new Date()) {
  const rows = await db
    .selectFrom("purchases")
    .selectAll()
    .where("listing_id", "=", l.id)
    .where("dry_run", "=", false)
    .where("state", "=", "recorded")
    .orderBy("at")
    .execute();
  const purchases = rows.map((p) => ({
    at: unixSeconds(p.at),
    at_iso: p.at.toISOString(),
    outcome: p.outcome,
    delivered: p.delivered,
    quote_atomic: p.quote_amount_atomic,
    listed_price_usd: p.listed_price,
    amount_usdc: p.amount_usdc,
    tx_hash: p.tx_hash,
    http_status: p.http_status,
    json_valid: p.json_valid,
    schema_valid: p.schema_valid,
    fresh: p.fresh,
    body_sha256: p.body_sha256,
    failure_reason: p.failure_reason,
  }));
  const pairs = purchases.slice(1).map((cur, i) => {
    const prev = purchases[i]!;
    const q = (x: string | null) => (x === null ? null : Number(x) / 1e6);
    const delta =
      q(cur.quote_atomic) !== null && q(prev.quote_atomic) !== null
        ? q(cur.quote_atomic)! - q(prev.quote_atomic)!
        : null;
    return {
      from_at: prev.at,
      to_at: cur.at,
      delivery:
        prev.delivered === cur.delivered
          ? cur.delivered
            ? "held"
            : "regressed"
          : cur.delivered
            ? "recovered"
            : "regressed",
      price: delta === null || Math.abs(delta) < 1e-12 ? "held" : "moved",
      quote_delta_usdc: delta,
      body:
        !prev.body_sha256 || !cur.body_sha256
          ? "no_hash"
          : prev.body_sha256 === cur.body_sha256
            ? "same"
            : "changed",
    };
  });
  const delivered = purchases.filter((p) => p.delivered).length;
  return {
    listing_id: l.id,
    endpoint_url: l.endpoint_url,
    status: l.status,
    as_of: unixSeconds(now),
    summary: {
      purchases: purchases.length,
      delivered,
      failed: purchases.length - delivered,
      first_at: purchases[0]?.at ?? null,
      last_at: purchases.at(-1)?.at ?? null,
      usdc_spent: purchases.reduce((s, p) => s + (p.amount_usdc ?? 0), 0),
    },
    purchases,
    pairs,
    basis:
      "real purchases by the registry's own scout with its own wallet, settled on Base; dry runs excluded",
    rule: "each purchase is graded on delivery, live quote versus listed price, JSON and schema validity, freshness and a normalised body hash",
  };
}
