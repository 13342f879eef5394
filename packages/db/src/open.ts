import { createDb, type Db, type DbOptions, ensureDatabase } from "./connection.js";
import { assertSchemaCurrent, migrateToLatest } from "./migrate.js";

export interface OpenDatabaseOptions extends DbOptions {
  /** Every service pool has one (DATABASE_STATEMENT_TIMEOUT_MS): no statement holds a connection forever. */
  statementTimeoutMs: number;
  /**
   * Create the database when missing and apply every migration first (outside production: local
   * convenience). Otherwise only check that the schema is current, and refuse when it is not.
   */
  migrate?: boolean;
}

/**
 * What every service does first: make sure the schema is what this build needs, and hand back a pool.
 * In production (`migrate` false) the migrate Job owns the schema and this only checks it.
 */
export async function openDatabase(url: string, opts: OpenDatabaseOptions): Promise<Db> {
  const { migrate = false, ...pool } = opts;
  if (migrate) await migrateDatabase(url);
  const db = createDb(url, pool);
  try {
    await assertSchemaCurrent(db as never);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return db;
}

/**
 * Create the database when missing and apply every migration, on a connection of its own with no
 * statement timeout (a migration may rewrite a large table). Safe when several processes race: the
 * migrator holds an advisory lock. Returns the names applied now.
 */
export async function migrateDatabase(url: string): Promise<string[]> {
  await ensureDatabase(url);
  const db = createDb(url, { max: 1, applicationName: "migrate" });
  try {
    return await migrateToLatest(db as never);
  } finally {
    await db.destroy();
  }
}
