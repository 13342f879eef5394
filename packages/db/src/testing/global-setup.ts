import { createDb } from "../connection.js";
import { migrateToLatest } from "../migrate.js";
import { ownerAlive, RUN_DB_PREFIX, RUN_ID, TEMPLATE_DB, urlFor, withAdmin } from "./shared.js";

// Workers inherit the run id, so every database this run makes carries it.
process.env.TOLLGATE_TEST_RUN = RUN_ID;

/** Drop this run's databases (teardown), or those of runs that died without cleaning up (setup). */
async function dropLeftovers(ownToo: boolean): Promise<void> {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'tollgate\\_t\\_%' OR datname LIKE 'tollgate\\_test\\_template%'",
    );
    for (const { datname } of rows) {
      const mine = datname.startsWith(RUN_DB_PREFIX) || datname === TEMPLATE_DB;
      if (mine ? ownToo : !ownerAlive(datname))
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  });
}

/** Vitest global setup: a freshly migrated template database that every test file copies. */
export async function setup(): Promise<void> {
  await dropLeftovers(false);
  await withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DB}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  });
  const db = createDb(urlFor(TEMPLATE_DB), { max: 1 });
  try {
    await migrateToLatest(db as never);
  } finally {
    await db.destroy();
  }
}

export async function teardown(): Promise<void> {
  await dropLeftovers(true);
}
