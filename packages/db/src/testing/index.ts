import { randomBytes } from "node:crypto";
import { createDb, type Db } from "../connection.js";
import { RUN_DB_PREFIX, TEMPLATE_DB, urlFor, withAdmin } from "./shared.js";

export interface TestDatabase {
  db: Db;
  url: string;
  name: string;
  /** Close the pool and drop the database. */
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file, copied from the migrated template that the vitest global
 * setup builds, so test files run in parallel without shared state.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `${RUN_DB_PREFIX}${randomBytes(6).toString("hex")}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DB}"`));
  const url = urlFor(name);
  const db = createDb(url, { max: 5 });
  return {
    db,
    url,
    name,
    async drop() {
      await db.destroy();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** A unique prefix for Redis keys and BullMQ queues of one test file. */
export function testPrefix(label = "t"): string {
  return `${label}_${randomBytes(5).toString("hex")}`;
}
