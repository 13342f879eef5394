import { type Kysely, sql } from "kysely";

// Frozen once landed. search_log.categories: the need's likely categories as the discover matcher inferred
// them when the search was made (null for searches matched by text, or logged before this column). The paid
// demand report's `categories` per need come from here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("search_log").addColumn("categories", sql`text[]`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("search_log").dropColumn("categories").execute();
}
