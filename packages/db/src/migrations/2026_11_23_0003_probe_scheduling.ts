import { type Kysely, sql } from "kysely";

// Frozen once landed. A claimed listing holds a short lease instead of having next_check_by moved at
// claim time: if the enqueue after the claim is lost, the lease lapses and the listing is claimed again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE listings ADD COLUMN lease_until timestamptz`.execute(db);
  await sql`ALTER TABLE listings ADD COLUMN last_failed_at timestamptz`.execute(db);
  await sql`ALTER TABLE listings ADD COLUMN last_failure_reason text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE listings DROP COLUMN IF EXISTS lease_until, DROP COLUMN IF EXISTS last_failed_at, DROP COLUMN IF EXISTS last_failure_reason`.execute(
    db,
  );
}
