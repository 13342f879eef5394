import { createDb, type Db, migrateDatabase } from "@tollgate/db";
import { urlFor, withAdmin } from "@tollgate/db/testing/shared";

/** Drop a benchmark's database (and every connection to it). */
export const dropBenchDb = (name: string) =>
  withAdmin((a) => a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

/** A benchmark's own database, dropped first if a previous run left it, created and migrated. */
export async function freshBenchDb(name: string): Promise<{ db: Db; url: string }> {
  await dropBenchDb(name);
  const url = urlFor(name);
  // The db package's own migration entry (what `pnpm migrate` runs): nothing outside packages/db migrates.
  await migrateDatabase(url);
  return { db: createDb(url), url };
}
