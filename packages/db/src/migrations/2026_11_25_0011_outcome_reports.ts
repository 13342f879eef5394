import { type Kysely, sql } from "kysely";

// Frozen once landed. Payer-signed outcome reports (issue 13, POST /v1/reports):
// - outcome_reports: one row per reported transaction (tx_hash unique, lowercase: each transaction is
//   reportable once), with the payer recovered from the EIP-191 signature, the payTo and amount the
//   transaction's receipt showed, and what the payer said (ok, detail).
// - listings.report_payers / report_payers_ok / report_last_at: distinct payers who reported, and how many
//   of them said ok in their latest report, refreshed in the transaction that stores a report. Ranking
//   reads them (a blend applies from 3 distinct payers), and the listing record shows them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("outcome_reports")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("listing_id", "text", (c) => c.notNull().references("listings.id"))
    .addColumn("tx_hash", "text", (c) => c.notNull().unique())
    .addColumn("payer", "text", (c) => c.notNull())
    .addColumn("pay_to", "text", (c) => c.notNull())
    .addColumn("amount_atomic", "numeric", (c) => c.notNull())
    .addColumn("block_number", "bigint", (c) => c.notNull())
    .addColumn("ok", "boolean", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.check(sql`char_length(detail) <= 500`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX outcome_reports_listing ON outcome_reports (listing_id, payer, created_at DESC)`.execute(
    db,
  );
  await db.schema
    .alterTable("listings")
    .addColumn("report_payers", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("report_payers_ok", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("report_last_at", "timestamptz")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("listings")
    .dropColumn("report_payers")
    .dropColumn("report_payers_ok")
    .dropColumn("report_last_at")
    .execute();
  await db.schema.dropTable("outcome_reports").ifExists().execute();
}
