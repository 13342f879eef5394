import type { Db } from "@tollgate/db";
import { sql } from "kysely";

/** What the prober needs of a listing to probe it. */
export interface ProbeTargetRow {
  id: string;
  endpoint_url: string;
  sample_query: string | null;
  status: string;
  host: string;
}

/**
 * The listings to probe, in the order of `ids` (undefined: no such listing). One query whatever the number
 * of ids: they go as one array parameter.
 */
export async function probeTargets(db: Db, ids: readonly string[]): Promise<(ProbeTargetRow | undefined)[]> {
  const rows = await db
    .selectFrom("listings")
    .select(["id", "endpoint_url", "sample_query", "status", "host"])
    .where(sql<boolean>`id = ANY(${ids}::text[])`)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id));
}

/**
 * Which of these (listing, slot) pairs already have their probe row, as `<listing>-<slot>`: a probe job
 * taken again after a crash skips them instead of probing again.
 */
export async function recordedSlots(
  db: Db,
  slots: readonly { listingId: string; slot: number }[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom("probes")
    .select(["listing_id", "slot"])
    .where(sql<boolean>`listing_id = ANY(${slots.map((p) => p.listingId)}::text[])`)
    .where(sql<boolean>`slot = ANY(${slots.map((p) => p.slot)}::bigint[])`)
    .execute();
  return new Set(rows.map((r) => `${r.listing_id}-${Number(r.slot)}`));
}
