import { type Kysely, sql } from "kysely";

// Frozen once landed. Demand: the normalised term and the seller-self-check flag are fixed at ingestion;
// the submitter's client hash lets a search of one's own listing be recognised as self-monitoring;
// demand_answers holds the directory's own answer to each top need.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE listings ADD COLUMN submitter_client_hash text`.execute(db);
  await sql`ALTER TABLE search_log ADD COLUMN term text`.execute(db);
  await sql`ALTER TABLE search_log ADD COLUMN self_check boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE INDEX search_log_term ON search_log (term, at)`.execute(db);
  await db.schema
    .createTable("demand_answers")
    .addColumn("term", "text", (c) => c.primaryKey())
    .addColumn("checked_at", "timestamptz", (c) => c.notNull())
    .addColumn("result_count", "integer", (c) => c.notNull())
    .addColumn("top_ids", sql`text[]`, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("demand_answers").ifExists().execute();
  await sql`ALTER TABLE search_log DROP COLUMN IF EXISTS term, DROP COLUMN IF EXISTS self_check`.execute(db);
  await sql`ALTER TABLE listings DROP COLUMN IF EXISTS submitter_client_hash`.execute(db);
}
