import { type Kysely, sql } from "kysely";

// Frozen once landed. The scout's purchases: a purchase row is written BEFORE the payment is signed (state
// `paying`, holding the authorization nonce), so a payment made just before a crash is found again and
// settled into its row by the nonce; a row that reached `recorded` is never edited again. The listing keeps
// a derived `paid_state` (latest purchase, latest delivery, paid-depth rung), recomputed from its purchases
// in the transaction that records one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("purchases")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("recorded"))
    .addColumn("payer", "text")
    .addColumn("pay_to", "text")
    .addColumn("nonce", "text")
    .addColumn("content_type", "text")
    .addColumn("latency_ms", "integer")
    // A purchase owed to a verify-now plan carries the plan and its place in it from the intent on, so a plan
    // purchase is made once however often the scout retries (no foreign key: plans come in their own migration).
    .addColumn("plan_id", "uuid")
    .addColumn("plan_seq", "integer")
    .execute();
  await sql`CREATE UNIQUE INDEX purchases_plan_seq ON purchases (plan_id, plan_seq) WHERE plan_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX purchases_nonce ON purchases (nonce) WHERE nonce IS NOT NULL`.execute(db);
  // One purchase in flight per listing, whichever replica started it.
  await sql`CREATE UNIQUE INDEX purchases_one_paying ON purchases (listing_id) WHERE state = 'paying'`.execute(
    db,
  );
  await db.schema
    .alterTable("listings")
    .addColumn("paid_state", "jsonb")
    .addColumn("last_purchase_at", "timestamptz")
    .execute();
  // What a running service publishes about its own configuration (the scout's budget and caps), so
  // /methodology.json shows the policy actually in force rather than a default.
  await db.schema
    .createTable("service_settings")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("service_settings").execute();
  await db.schema.alterTable("listings").dropColumn("paid_state").dropColumn("last_purchase_at").execute();
  await sql`DROP INDEX IF EXISTS purchases_one_paying`.execute(db);
  await sql`DROP INDEX IF EXISTS purchases_plan_seq`.execute(db);
  await sql`DROP INDEX IF EXISTS purchases_nonce`.execute(db);
  await db.schema
    .alterTable("purchases")
    .dropColumn("state")
    .dropColumn("payer")
    .dropColumn("pay_to")
    .dropColumn("nonce")
    .dropColumn("content_type")
    .dropColumn("latency_ms")
    .dropColumn("plan_id")
    .dropColumn("plan_seq")
    .execute();
}
