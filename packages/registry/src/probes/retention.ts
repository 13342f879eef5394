import type { Db } from "@tollgate/db";
import { sql } from "kysely";

/** Probe rows older than this are rolled into probe_daily and deleted. 7-day latency needs 7 days. */
export const PROBE_RETENTION_DAYS = 8;

/**
 * Roll up and drop old probe rows in one transaction, as a single writer (advisory lock): daily counts
 * per listing survive in probe_daily; the 7-day and 24-hour figures only read raw rows inside the window.
 */
export async function rollUpOldProbes(
  db: Db,
  now = new Date(),
): Promise<{ rolled: number } | { skipped: true }> {
  const cutoff = new Date(now.getTime() - PROBE_RETENTION_DAYS * 86_400_000);
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{
      ok: boolean;
    }>`SELECT pg_try_advisory_xact_lock(hashtext('tollgate:probe-retention')) AS ok`.execute(trx);
    if (!lock.rows[0]?.ok) return { skipped: true } as const;
    await sql`
      INSERT INTO probe_daily (listing_id, day, probes, passed, failed, neutral, latency_ms_sum)
      SELECT listing_id, (at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE outcome = 'pass'),
             count(*) FILTER (WHERE outcome = 'fail'), count(*) FILTER (WHERE outcome = 'neutral'), sum(latency_ms)
      FROM probes WHERE at < ${cutoff} GROUP BY 1, 2
      ON CONFLICT (listing_id, day) DO UPDATE SET
        probes = probe_daily.probes + excluded.probes, passed = probe_daily.passed + excluded.passed,
        failed = probe_daily.failed + excluded.failed, neutral = probe_daily.neutral + excluded.neutral,
        latency_ms_sum = probe_daily.latency_ms_sum + excluded.latency_ms_sum`.execute(trx);
    const del = await sql`DELETE FROM probes WHERE at < ${cutoff}`.execute(trx);
    return { rolled: Number(del.numAffectedRows ?? 0) };
  });
}
