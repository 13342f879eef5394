import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, ensureDatabase, migrateToLatest } from "../src/index.js";
import { urlFor, withAdmin } from "../src/testing/shared.js";

const name = `tollgate_t_mig_${process.pid}`;
afterAll(() => withAdmin((a) => a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));

describe("migrations", () => {
  it("creates its own database and migrates it from several processes at once", async () => {
    const url = urlFor(name);
    await Promise.all([ensureDatabase(url), ensureDatabase(url), ensureDatabase(url)]);
    const dbs = [createDb(url), createDb(url), createDb(url)];
    try {
      const applied = await Promise.all(dbs.map((db) => migrateToLatest(db as never)));
      // Exactly one runner applied the initial migration; the others found it done.
      expect(applied.flat().filter((n) => n.endsWith("_initial"))).toHaveLength(1);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM categories`.execute(dbs[0]!);
      expect(rows[0]!.n).toBeGreaterThan(10);
    } finally {
      await Promise.all(dbs.map((d) => d.destroy()));
    }
  });
});
