import { type Kysely, sql } from "kysely";

// Frozen once landed. Listing embeddings: the sync finds work through a partial index (rows never
// embedded, or edited since), and every api/mcp replica follows new vectors by embedding_synced_at.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX listings_embedding_due ON listings (updated_at)
    WHERE embedding_synced_at IS NULL OR embedding_synced_at < updated_at`.execute(db);
  await sql`CREATE INDEX listings_embedding_synced ON listings (embedding_synced_at)`.execute(db);
  await sql`CREATE INDEX listings_updated ON listings (updated_at)`.execute(db);
  // Discovery matches listings not embedded yet by text: a small partial full-text index.
  await sql`CREATE INDEX listings_not_embedded ON listings USING gin (search_tsv)
    WHERE embedding_synced_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS listings_embedding_due, listings_embedding_synced, listings_updated, listings_not_embedded`.execute(
    db,
  );
}
