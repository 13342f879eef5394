import { type Kysely, sql } from "kysely";

// Frozen once landed. A paid answer is kept with its payment (payer + nonce) so that a retry with the same
// payment gets the same answer, and the work that publishes it (an attestation, a paid listing) runs only
// once the payment has settled. `lease_*` marks which request holds an open payment; `answer_sealed` is
// AES-GCM ciphertext under a key derived from the payer's signature (claim tokens are never stored
// readable); `pending_key` reserves what an unsettled payment will create (a submission's endpoint).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("request_sha256", "text")
    .addColumn("payload_sha256", "text")
    .addColumn("lease_id", "uuid")
    .addColumn("lease_until", "timestamptz")
    .addColumn("valid_before", "timestamptz")
    .addColumn("answer_status", "integer")
    .addColumn("answer_sealed", "text")
    .addColumn("work", "jsonb")
    .addColumn("pending_key", "text")
    .addColumn("finalized_at", "timestamptz")
    .execute();
  await sql`CREATE INDEX payments_open ON payments (lease_until) WHERE status IN ('verified', 'answered', 'indeterminate')`.execute(
    db,
  );
  await sql`CREATE INDEX payments_pending_key ON payments (pending_key) WHERE status IN ('verified', 'answered', 'indeterminate')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS payments_open, payments_pending_key`.execute(db);
  await db.schema
    .alterTable("payments")
    .dropColumn("request_sha256")
    .dropColumn("payload_sha256")
    .dropColumn("lease_id")
    .dropColumn("lease_until")
    .dropColumn("valid_before")
    .dropColumn("answer_status")
    .dropColumn("answer_sealed")
    .dropColumn("work")
    .dropColumn("pending_key")
    .dropColumn("finalized_at")
    .execute();
}
