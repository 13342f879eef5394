import { createDb, type Db, ensureDatabase } from "./connection.js";
import { migrateToLatest } from "./migrate.js";

/**
 * What every service does first: create its database when missing, migrate it (safe when several
 * processes start at once), and hand back a pool.
 */
export async function openDatabase(
  url: string,
  opts: { applicationName?: string; max?: number } = {},
): Promise<Db> {
  await ensureDatabase(url);
  const db = createDb(url, opts);
  await migrateToLatest(db as never);
  return db;
}
