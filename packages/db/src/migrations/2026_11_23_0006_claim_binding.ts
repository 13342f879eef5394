import { type Kysely, sql } from "kysely";

// Frozen once landed. Claim binding (security review, issue 10): a challenge carries the sha256 of a
// one-time claim secret, returned only to whoever asked for it; a claim must present it. Challenges
// issued before this have no secret and can never complete a claim, so they are expired now rather
// than reported as active for the rest of their 24 hours.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE claim_challenges ADD COLUMN secret_sha256 text`.execute(db);
  await sql`CREATE UNIQUE INDEX claim_challenges_secret ON claim_challenges (secret_sha256)`.execute(db);
  await sql`UPDATE claim_challenges SET expires_at = now()
    WHERE secret_sha256 IS NULL AND used_at IS NULL AND expires_at > now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS claim_challenges_secret`.execute(db);
  await sql`ALTER TABLE claim_challenges DROP COLUMN IF EXISTS secret_sha256`.execute(db);
}
