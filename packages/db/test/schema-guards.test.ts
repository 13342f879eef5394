import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import {
  createDb,
  ensureDatabase,
  migrateDatabase,
  openDatabase,
  SchemaNotCurrentError,
} from "../src/index.js";
import { createTestDatabase } from "../src/testing/index.js";
import { RUN_DB_PREFIX, urlFor, withAdmin } from "../src/testing/shared.js";

const names: string[] = [];
/** A database of this run's that nothing has migrated. */
async function emptyDatabase(): Promise<string> {
  const name = `${RUN_DB_PREFIX}guard_${randomBytes(4).toString("hex")}`;
  names.push(name);
  await ensureDatabase(urlFor(name));
  return urlFor(name);
}
afterAll(async () => {
  for (const name of names) await withAdmin((a) => a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

const migrationTableExists = async (url: string) => {
  const db = createDb(url, { max: 1 });
  try {
    const { rows } = await sql<{
      t: string | null;
    }>`SELECT to_regclass('kysely_migration')::text AS t`.execute(db);
    return rows[0]!.t !== null;
  } finally {
    await db.destroy();
  }
};

describe("schema ownership", () => {
  it("a production open (no migrate) refuses a database that is not migrated, and changes nothing", async () => {
    const url = await emptyDatabase();
    const refused = await openDatabase(url, { statementTimeoutMs: 15_000 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SchemaNotCurrentError);
    expect((refused as SchemaNotCurrentError).pending[0]).toMatch(/_initial$/);
    expect(String(refused)).toMatch(/migrate Job/);
    expect(await migrationTableExists(url)).toBe(false);

    // The one owner migrates (what `pnpm migrate` runs); then the same open succeeds.
    expect((await migrateDatabase(url)).length).toBeGreaterThan(3);
    const db = await openDatabase(url, { statementTimeoutMs: 15_000 });
    await db.destroy();
  });

  it("refuses when one migration this build knows is missing; one it does not know is fine", async () => {
    const url = await emptyDatabase();
    await migrateDatabase(url);
    const admin = createDb(url, { max: 1 });
    try {
      const { rows } = await sql<{ name: string }>`
        DELETE FROM kysely_migration WHERE name = (SELECT max(name) FROM kysely_migration) RETURNING name`.execute(
        admin,
      );
      const latest = rows[0]!.name;
      await expect(openDatabase(url, { statementTimeoutMs: 15_000 })).rejects.toThrow(latest);
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${latest}, now()::text), ('2999_01_01_0001_from_a_newer_release', now()::text)`.execute(
        admin,
      );
      const db = await openDatabase(url, { statementTimeoutMs: 15_000 });
      await db.destroy();
    } finally {
      await admin.destroy();
    }
  });

  it("outside production a service may still migrate at start", async () => {
    const url = await emptyDatabase();
    const db = await openDatabase(url, { statementTimeoutMs: 15_000, migrate: true });
    await db.destroy();
    expect(await migrationTableExists(url)).toBe(true);
  });
});

describe("statement timeout", () => {
  it("a statement past the pool's timeout is cancelled by Postgres; a long job raises it for its transaction", async () => {
    const tdb = await createTestDatabase();
    const db = await openDatabase(tdb.url, { statementTimeoutMs: 200 });
    try {
      const { rows } = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(db);
      expect(rows[0]!.statement_timeout).toBe("200ms");
      const err = await sql`SELECT pg_sleep(1)`.execute(db).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "57014", message: expect.stringMatching(/statement timeout/) });
      // The connection is still usable after a cancel.
      await sql`SELECT 1`.execute(db);
      // What a long job does: a larger limit for its own transaction only.
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL statement_timeout = '5s'`.execute(trx);
        await sql`SELECT pg_sleep(0.5)`.execute(trx);
      });
      const after = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(db);
      expect(after.rows[0]!.statement_timeout).toBe("200ms");
    } finally {
      await db.destroy();
      await tdb.drop();
    }
  });
});
