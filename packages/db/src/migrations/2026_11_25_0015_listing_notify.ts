import { type Kysely, sql } from "kysely";

// Frozen once landed. Every change to a listing row (any writer: api, prober, scout, indexer, reports)
// notifies channel `tollgate_listing` with the listing id, so readers that keep serialised answers in memory
// (the api's listing cache, issue 17) drop them at once. NOTIFY is delivered at commit and folded per
// transaction for identical payloads, so a batch touching a row many times sends one message.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION tollgate_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('tollgate_listing', COALESCE(NEW.id, OLD.id));
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER listings_changed AFTER INSERT OR UPDATE OR DELETE ON listings
    FOR EACH ROW EXECUTE FUNCTION tollgate_listing_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS listings_changed ON listings`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tollgate_listing_changed()`.execute(db);
}
