import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./types.js";

// int8 (bigint counts) as number where safe; ids of bigserial stay strings via the column types.
pg.types.setTypeParser(20, (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v));

export type Db = Kysely<Database>;

export interface DbOptions {
  max?: number;
  applicationName?: string;
  /**
   * Postgres cancels a statement running longer than this (error 57014), set per connection at connect.
   * Unset or 0: the server's setting (tools, tests, migrations). Services always set it (openDatabase); a
   * job that legitimately runs longer raises it for its own transaction with `SET LOCAL statement_timeout`.
   */
  statementTimeoutMs?: number;
}

/** A pooled Kysely instance for one database URL. */
export function createDb(url: string, opts: DbOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    // An unreachable (not refusing) Postgres fails a checkout in seconds instead of hanging the request.
    connectionTimeoutMillis: 5000,
    application_name: opts.applicationName ?? "tollgate",
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it. A client that
  // dies while checked out emits its own error event: without a listener that is an uncaught exception (the
  // query itself still fails and is answered 503).
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Create the database named in `url` when it does not exist (the project never needs a manual
 * createdb). Safe when several processes race: a duplicate_database error counts as success.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  if (!/^[a-zA-Z0-9_]+$/.test(name)) throw new Error(`database name must be [a-zA-Z0-9_]+, got ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return;
    await client.query(`CREATE DATABASE "${name}"`);
  } catch (err) {
    if ((err as { code?: string }).code !== "42P04" && (err as { code?: string }).code !== "23505") throw err;
  } finally {
    await client.end();
  }
}
