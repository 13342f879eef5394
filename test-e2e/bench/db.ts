import { createDb, type Db, ensureDatabase, migrateToLatest } from "@tollgate/db";
import { urlFor, withAdmin } from "@tollgate/db/testing/shared";

/** Drop a benchmark's database (and every connection to it). */
export const dropBenchDb = (name: string) =>
  withAdmin((a) => a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

/** A benchmark's own database, dropped first if a previous run left it, created and migrated. */
export async function freshBenchDb(name: string): Promise<{ db: Db; url: string }> {
  await dropBenchDb(name);
  const url = urlFor(name);
  await ensureDatabase(url);
  const db = createDb(url);
  await migrateToLatest(db as never);
  return { db, url };
}
