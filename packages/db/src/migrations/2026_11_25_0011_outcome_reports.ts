import { type Kysely, sql } from "kysely";

// Frozen once landed. Payer-signed outcome reports (issue 13, POST /v1/reports):
// - outcome_reports: one row per reported transaction (tx_hash unique, lowercase: each transaction is
//   reportable once), with the payer recovered from the EIP-191 signature, the payTo and amount the
//   transaction's receipt showed, and what the payer said (ok, detail).
// - listings.report_payers / report_payers_ok / report_last_at: distinct payers who reported, and how many
//   of them said ok in their latest report, refreshed in the transaction that stores a report. The listing
//   record shows them.
// - listings.ranking_score: what discovery orders by after the status: the probe score, blended 75/25 with the
//   share of ok payers once 3+ distinct payers reported (spec, Limits). A stored generated column, so the
//   registry's order keeps an index (listings_ranking replaces listings_rank, which ordered by score).
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
  await sql`ALTER TABLE listings ADD COLUMN ranking_score double precision GENERATED ALWAYS AS (
    CASE WHEN report_payers >= 3 AND score IS NOT NULL
      THEN 0.75 * score + 0.25 * (report_payers_ok::double precision / report_payers)
      ELSE score END
  ) STORED`.execute(db);
  await sql`CREATE INDEX listings_ranking ON listings (
    (CASE status WHEN 'verified' THEN 0 WHEN 'unverified' THEN 1 ELSE 2 END), ranking_score DESC NULLS LAST, price_amount, id
  ) WHERE status <> 'delisted'`.execute(db);
  await sql`DROP INDEX IF EXISTS listings_rank`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS listings_rank ON listings (
    (CASE status WHEN 'verified' THEN 0 WHEN 'unverified' THEN 1 ELSE 2 END), score DESC NULLS LAST, price_amount, id
  ) WHERE status <> 'delisted'`.execute(db);
  await sql`DROP INDEX IF EXISTS listings_ranking`.execute(db);
  await sql`ALTER TABLE listings DROP COLUMN IF EXISTS ranking_score`.execute(db);
  await db.schema
    .alterTable("listings")
    .dropColumn("report_payers")
    .dropColumn("report_payers_ok")
    .dropColumn("report_last_at")
    .execute();
  await db.schema.dropTable("outcome_reports").ifExists().execute();
}
