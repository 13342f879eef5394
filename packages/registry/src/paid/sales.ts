import type { Db } from "@tollgate/db";
import { sql } from "kysely";

/** Verdict sales from the payments ledger (settled payments only). */
export async function verdictSales(db: Db, now = new Date()) {
  const r = await sql<{ total: number; last_24h: number; atomic: string | null }>`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE settled_at >= ${new Date(now.getTime() - 86_400_000)})::int AS last_24h,
           sum(amount_atomic)::text AS atomic
    FROM payments WHERE route = 'verdict' AND status = 'settled'`.execute(db);
  const row = r.rows[0];
  return {
    total: row?.total ?? 0,
    last_24h: row?.last_24h ?? 0,
    usd_total: row?.atomic ? Number(row.atomic) / 1e6 : 0,
    basis: "verdicts paid and settled on Base (x402), from the registry's own payments ledger",
  };
}
