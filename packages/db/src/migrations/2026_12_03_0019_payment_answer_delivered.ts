import { type Kysely, sql } from "kysely";

// Frozen once landed. payments.answer_delivered_at: when a request first handed over the settled answer. An
// answer settled by the reconciler (nobody was answered) is still unseen, so the next request presenting the
// payment gets it whole; once delivered, what is shown only once (a submission's claim token) is left out of
// any repeat. Rows settled before this column are taken as delivered. payments.client_sha256: a hash of the
// address (IPv4, IPv6 /64) the answer was handed to; once delivered, a repeat from another address is refused
// (the settled payment is public on-chain, so it proves nothing). Null for older rows: not bound.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("answer_delivered_at", "timestamptz")
    .addColumn("client_sha256", "text")
    .execute();
  await sql`UPDATE payments SET answer_delivered_at = settled_at WHERE status = 'settled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .dropColumn("answer_delivered_at")
    .dropColumn("client_sha256")
    .execute();
}
