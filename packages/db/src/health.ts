import { sql } from "kysely";
import type { Db } from "./connection.js";

/** Resolves when Postgres answers a trivial query through the pool (a readiness check); throws otherwise. */
export async function databaseReachable(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
