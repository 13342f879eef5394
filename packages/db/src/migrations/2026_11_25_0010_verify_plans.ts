import { type Kysely, sql } from "kysely";

// Frozen once landed. Paid verification plans (issue 12, verify-now): an owner pays once for a
// `single` (one scout purchase, 2 USD) or `pack` (three, 5 USD) plan. The plan row is written only
// after the payment settled (payment_tx is the settlement transaction, unique so a replayed payment
// never makes a second plan). At most one open plan per listing is enforced here by a partial unique
// index, so two concurrent POSTs cannot both open one. Each purchase the plan owes is one
// verify_plan_purchases row (seq 1..n), filled in with the purchase once the scout made it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("verify_plans")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("listing_id", "text", (c) => c.notNull().references("listings.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('single', 'pack')`))
    .addColumn("price_micros", "bigint", (c) => c.notNull())
    .addColumn("payment_tx", "text", (c) => c.notNull().unique())
    .addColumn("payer", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c.notNull().defaultTo("open").check(sql`state IN ('open', 'completed')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .execute();
  await sql`CREATE UNIQUE INDEX verify_plans_one_open ON verify_plans (listing_id) WHERE state = 'open'`.execute(
    db,
  );
  await db.schema
    .createTable("verify_plan_purchases")
    .addColumn("plan_id", "uuid", (c) => c.notNull().references("verify_plans.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull().check(sql`seq >= 1`))
    .addColumn("due_at", "timestamptz", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().defaultTo("due").check(sql`state IN ('due', 'done')`))
    .addColumn("purchase_id", "uuid", (c) => c.references("purchases.id").unique())
    .addColumn("done_at", "timestamptz")
    .addPrimaryKeyConstraint("verify_plan_purchases_pk", ["plan_id", "seq"])
    .execute();
  await sql`CREATE INDEX verify_plan_purchases_due ON verify_plan_purchases (due_at) WHERE state = 'due'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("verify_plan_purchases").ifExists().execute();
  await db.schema.dropTable("verify_plans").ifExists().execute();
}
