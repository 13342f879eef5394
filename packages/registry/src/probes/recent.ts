import type { Db } from "@tollgate/db";

export interface RecentProbe {
  at: Date;
  outcome: string;
  latency_ms: number;
  http_status: number | null;
  failure_reason: string | null;
}

/** The listing's latest probes, oldest first (the site's chart). */
export async function recentProbes(db: Db, listingId: string, limit = 96): Promise<RecentProbe[]> {
  const rows = await db
    .selectFrom("probes")
    .select(["at", "outcome", "latency_ms", "http_status", "failure_reason"])
    .where("listing_id", "=", listingId)
    .orderBy("at", "desc")
    .limit(limit)
    .execute();
  return rows.reverse();
}
