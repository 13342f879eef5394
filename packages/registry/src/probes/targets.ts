import type { Db } from "@tollgate/db";
import { sql } from "kysely";

/** What the prober needs of a listing to probe it for one slot. */
export interface ProbeTargetRow {
  id: string;
  endpoint_url: string;
  sample_query: string | null;
  status: string;
  host: string;
  /** The probe row for this slot already exists (a job delivered again, or a listing enqueued twice). */
  recorded: boolean;
}

/**
 * The listings to probe for their slots, in input order (undefined: no such listing). One query whatever the
 * number: ids and slots go as two array parameters, and whether each slot is already recorded is one lookup
 * of the unique (listing_id, slot) index.
 */
export async function probeTargets(
  db: Db,
  slots: readonly { listingId: string; slot: number }[],
): Promise<(ProbeTargetRow | undefined)[]> {
  const { rows } = await sql<ProbeTargetRow & { slot: string }>`
    SELECT l.id, l.endpoint_url, l.sample_query, l.status, l.host, t.slot,
           EXISTS (SELECT 1 FROM probes p WHERE p.listing_id = l.id AND p.slot = t.slot) AS recorded
    FROM unnest(${slots.map((s) => s.listingId)}::text[], ${slots.map((s) => s.slot)}::bigint[]) AS t(id, slot)
    JOIN listings l ON l.id = t.id`.execute(db);
  const byKey = new Map(rows.map((r) => [`${r.id}-${r.slot}`, r]));
  return slots.map((s) => {
    const r = byKey.get(`${s.listingId}-${s.slot}`);
    if (!r) return undefined;
    const { slot: _slot, ...row } = r;
    return row;
  });
}
