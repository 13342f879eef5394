import { createDb } from "../connection.js";
import { migrateToLatest } from "../migrate.js";
import { TEMPLATE_DB, TEST_DB_PREFIX, urlFor, withAdmin } from "./shared.js";

async function dropLeftovers(): Promise<void> {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [`${TEST_DB_PREFIX}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/** Vitest global setup: a freshly migrated template database that every test file copies. */
export async function setup(): Promise<void> {
  await dropLeftovers();
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
  await dropLeftovers();
}
