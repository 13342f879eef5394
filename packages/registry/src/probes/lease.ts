import type { Db } from "@tollgate/db";
import { sql } from "kysely";

export interface DueProbe {
  listingId: string;
  /** The scheduled check this probe fills (next_check_by as unix seconds): one probe per slot. */
  slot: number;
}

/**
 * Lease up to `limit` listings whose check is due, for `leaseS` seconds. Concurrent schedulers skip
 * each other's rows (FOR UPDATE SKIP LOCKED). next_check_by moves only when the probe is recorded,
 * so a lease whose enqueue is lost is taken again once it lapses — same slot, same job id.
 * ("Claim" is the listing claim flow; a probe lease is not a claim.)
 */
export async function leaseDueProbes(
  db: Db,
  opts: { limit: number; leaseS: number; now?: Date },
): Promise<DueProbe[]> {
  const now = opts.now ?? new Date();
  const leaseUntil = new Date(now.getTime() + opts.leaseS * 1000);
  const rows = await sql<{ id: string; slot: string | number }>`
    UPDATE listings SET lease_until = ${leaseUntil}
    WHERE id IN (
      SELECT id FROM listings
      WHERE status <> 'delisted' AND next_check_by <= ${now} AND (lease_until IS NULL OR lease_until < ${now})
      ORDER BY next_check_by
      LIMIT ${opts.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, floor(extract(epoch from next_check_by))::bigint AS slot`.execute(db);
  return rows.rows.map((r) => ({ listingId: r.id, slot: Number(r.slot) }));
}

/**
 * How far probing is behind schedule: seconds the most overdue active listing is past its next_check_by
 * (0 when none is due). Leased listings count until their probe is recorded. One read of the first entry
 * of `listings_due`.
 */
export async function probeScheduleLagS(db: Db, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("listings")
    .select(sql<Date | null>`min(next_check_by)`.as("oldest"))
    .where("status", "<>", "delisted")
    .where("next_check_by", "<=", now)
    .executeTakeFirst();
  return row?.oldest ? Math.max(0, (now.getTime() - row.oldest.getTime()) / 1000) : 0;
}
