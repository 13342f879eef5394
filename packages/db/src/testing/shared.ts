import pg from "pg";

export const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const TEST_DB_PREFIX = "tollgate_t_";

/**
 * The vitest run a test database belongs to (the pid of the process that ran the global setup). Several
 * runs share one Postgres (parallel checkouts, a developer beside CI): each drops only its own databases
 * and those of runs that are no longer alive, never another live run's.
 */
export const RUN_ID = process.env.TOLLGATE_TEST_RUN ?? String(process.pid);
export const TEMPLATE_DB = `tollgate_test_template_${RUN_ID}`;
/** Names of this run's databases start with this. */
export const RUN_DB_PREFIX = `${TEST_DB_PREFIX}${RUN_ID}_`;

/** True when the run that owns `datname` is this one or still alive. */
export function ownerAlive(datname: string): boolean {
  const m = /^tollgate_(?:t|test_template)_(\d+)(?:_|$)/.exec(datname);
  if (!m) return false;
  const pid = Number(m[1]);
  if (String(pid) === RUN_ID) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === "EPERM";
  }
}

export function urlFor(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
