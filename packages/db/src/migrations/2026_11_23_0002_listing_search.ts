import { type Kysely, sql } from "kysely";

// Frozen once landed. Plain-text discovery matches words through a full-text index instead of scanning
// every listing with ILIKE (2 s per query at 100k listings before this index).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE listings ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    to_tsvector('english', coalesce(name, '') || ' ' || coalesce(description, '') || ' ' || replace(category, '.', ' '))
  ) STORED`.execute(db);
  await sql`CREATE INDEX listings_search ON listings USING gin (search_tsv)`.execute(db);
  await sql`CREATE INDEX listings_rank ON listings (
    (CASE status WHEN 'verified' THEN 0 WHEN 'unverified' THEN 1 ELSE 2 END), score DESC NULLS LAST, price_amount, id
  ) WHERE status <> 'delisted'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS listings_rank`.execute(db);
  await sql`DROP INDEX IF EXISTS listings_search`.execute(db);
  await sql`ALTER TABLE listings DROP COLUMN IF EXISTS search_tsv`.execute(db);
}
