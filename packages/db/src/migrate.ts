import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import * as m0001 from "./migrations/2026_11_23_0001_initial.js";
import * as m0002 from "./migrations/2026_11_23_0002_listing_search.js";
import * as m0003 from "./migrations/2026_11_23_0003_probe_scheduling.js";
import * as m0004 from "./migrations/2026_11_23_0004_demand.js";
import * as m0005 from "./migrations/2026_11_23_0005_embeddings.js";
import * as m0006 from "./migrations/2026_11_23_0006_claim_binding.js";
import * as m0007 from "./migrations/2026_11_23_0007_paid_answers.js";
import * as m0008 from "./migrations/2026_11_25_0008_scout_purchases.js";
import * as m0009 from "./migrations/2026_11_25_0009_chain_index.js";
import * as m0010 from "./migrations/2026_11_25_0010_verify_plans.js";
import * as m0011 from "./migrations/2026_11_25_0011_outcome_reports.js";
import * as m0015 from "./migrations/2026_11_25_0015_listing_notify.js";
import * as m0016 from "./migrations/2026_11_25_0016_search_categories.js";
import * as m0017 from "./migrations/2026_12_02_0017_endpoint_canonical_percent.js";
import * as m0018 from "./migrations/2026_12_03_0018_purchase_valid_before.js";
import * as m0019 from "./migrations/2026_12_03_0019_payment_answer_delivered.js";

/** Every migration, in order. Names are dated; files are frozen once landed. */
const migrations: Record<string, Migration> = {
  "2026_11_23_0001_initial": m0001,
  "2026_11_23_0002_listing_search": m0002,
  "2026_11_23_0003_probe_scheduling": m0003,
  "2026_11_23_0004_demand": m0004,
  "2026_11_23_0005_embeddings": m0005,
  "2026_11_23_0006_claim_binding": m0006,
  "2026_11_23_0007_paid_answers": m0007,
  "2026_11_25_0008_scout_purchases": m0008,
  "2026_11_25_0009_chain_index": m0009,
  "2026_11_25_0010_verify_plans": m0010,
  "2026_11_25_0011_outcome_reports": m0011,
  "2026_11_25_0015_listing_notify": m0015,
  "2026_11_25_0016_search_categories": m0016,
  "2026_12_02_0017_endpoint_canonical_percent": m0017,
  "2026_12_03_0018_purchase_valid_before": m0018,
  "2026_12_03_0019_payment_answer_delivered": m0019,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Bring the schema to the latest migration. Kysely's Migrator holds a Postgres advisory lock, so
 * several processes starting at once is safe.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The database lacks migrations this build needs; the message names them and who applies them. */
export class SchemaNotCurrentError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `database schema is not current: ${pending.length} migration(s) this build needs are not applied ` +
        `(${pending.join(", ")}). In production the migrate Job owns the schema: run it for this release ` +
        "(`pnpm migrate`, same DATABASE_URL), then start the service again; services never migrate themselves there.",
    );
    this.name = "SchemaNotCurrentError";
  }
}

/**
 * Check, changing nothing, that every migration this build knows is applied: what a production service
 * does at start instead of migrating. Migrations the database has and this build does not know are fine
 * (a newer release migrated ahead of an older pod; migrations only add). Returns the latest known name.
 */
export async function assertSchemaCurrent(db: Kysely<unknown>): Promise<string | undefined> {
  const known = await new Migrator({ db, provider }).getMigrations();
  const pending = known.filter((m) => !m.executedAt).map((m) => m.name);
  if (pending.length > 0) throw new SchemaNotCurrentError(pending);
  return known.at(-1)?.name;
}
