import type { Kysely } from "kysely";

// Frozen once landed. purchases.valid_before: the end of the signed EIP-3009 authorization's validity, kept
// with the intent's nonce before the paid request leaves. A stranded intent is decided as never paid only once
// this has passed (null for intents written before this column: their start plus ten minutes, as before).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("purchases").addColumn("valid_before", "timestamptz").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("purchases").dropColumn("valid_before").execute();
}
