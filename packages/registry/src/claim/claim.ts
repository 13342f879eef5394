import { randomBytes } from "node:crypto";
import type { Db } from "@tollgate/db";
import { SafeFetchError, type SafeHttpClient } from "@tollgate/platform";
import { ApiError } from "@tollgate/schema";
import { sql } from "kysely";
import { notFound } from "../errors.js";
import { newClaimToken } from "../tokens.js";

export const CHALLENGE_VALID_S = 24 * 3600;

async function activeListing(db: Db, id: string) {
  const l = await db
    .selectFrom("listings")
    .select(["id", "status", "origin", "endpoint_url"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!l || l.status === "delisted") throw notFound(id);
  return l;
}

const where = (serviceName: string, endpoint: string) => {
  const origin = new URL(endpoint).origin;
  return { wellKnown: `${origin}/.well-known/${serviceName}-claim`, header: `x-${serviceName}-claim` };
};

/** The claim explanation: read-only, issues nothing. */
export async function claimExplanation(db: Db, id: string, serviceName: string, now = new Date()) {
  const l = await activeListing(db, id);
  const active = await db
    .selectFrom("claim_challenges")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where("listing_id", "=", id)
    .where("expires_at", ">", now)
    .executeTakeFirstOrThrow();
  const w = where(serviceName, l.endpoint_url);
  return {
    origin_status: l.origin,
    challenge_active: Number(active.n) > 0,
    next:
      Number(active.n) > 0
        ? `POST /v1/listings/${id}/claim with {"email": "..."}`
        : `POST /v1/listings/${id}/claim/challenge`,
    instructions: `1. POST /v1/listings/${id}/claim/challenge to get a token (valid 24 hours; it is not a credential). 2. Serve the token as the body of ${w.wellKnown} or as the response header ${w.header} on the endpoint. 3. POST /v1/listings/${id}/claim with {"email": "..."}: the edit token is returned once and replaces any earlier one (this also recovers a lost token).`,
  };
}

/** A new challenge token, valid 24 hours; earlier ones stay valid for their own 24 hours. */
export async function issueChallenge(db: Db, id: string, serviceName: string, now = new Date()) {
  const l = await activeListing(db, id);
  const token = `tgc_${randomBytes(24).toString("hex")}`;
  await db
    .insertInto("claim_challenges")
    .values({
      listing_id: id,
      token,
      created_at: now,
      expires_at: new Date(now.getTime() + CHALLENGE_VALID_S * 1000),
    })
    .execute();
  const w = where(serviceName, l.endpoint_url);
  return {
    token,
    valid_for_seconds: CHALLENGE_VALID_S,
    instructions: `Serve exactly this token as the body of ${w.wellKnown}, or as the response header ${w.header} on ${l.endpoint_url}, then POST /v1/listings/${id}/claim with {"email": "..."}. The token proves control only; it is never an edit credential.`,
  };
}

async function fetchProofs(client: SafeHttpClient, serviceName: string, endpoint: string): Promise<string[]> {
  const w = where(serviceName, endpoint);
  const found: string[] = [];
  const attempts = [
    client.request(w.wellKnown).then((r) => (r.status === 200 ? found.push(r.text().trim()) : 0)),
    client.request(endpoint).then((r) => {
      const h = r.headers[w.header];
      if (h) found.push(h.trim());
    }),
  ];
  for (const a of await Promise.allSettled(attempts))
    if (a.status === "rejected" && !(a.reason instanceof SafeFetchError)) throw a.reason;
  return found;
}

/**
 * Complete a claim: an active challenge must exist (409 no_challenge), and its token must be served by the
 * endpoint's origin (403 proof_not_found), fetched through the SSRF-safe client only. On success the
 * listing becomes `claimed` and a new edit token replaces the previous one, in one transaction.
 */
export async function completeClaim(
  db: Db,
  client: SafeHttpClient,
  id: string,
  email: string,
  serviceName: string,
  now = new Date(),
) {
  const l = await activeListing(db, id);
  const challenges = await db
    .selectFrom("claim_challenges")
    .select(["id", "token"])
    .where("listing_id", "=", id)
    .where("expires_at", ">", now)
    .execute();
  if (challenges.length === 0)
    throw new ApiError(
      "no_challenge",
      `no active challenge for ${id}: POST /v1/listings/${id}/claim/challenge first (a challenge is valid 24 hours)`,
    );
  const proofs = await fetchProofs(client, serviceName, l.endpoint_url);
  const match = challenges.find((c) => proofs.includes(c.token));
  if (!match) {
    const w = where(serviceName, l.endpoint_url);
    throw new ApiError(
      "proof_not_found",
      `no active challenge token was found at ${w.wellKnown} or in the ${w.header} header of the endpoint`,
    );
  }
  const { token, sha256 } = newClaimToken();
  await db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM listings WHERE id = ${id} FOR UPDATE`.execute(trx);
    await trx
      .insertInto("claim_credentials")
      .values({ listing_id: id, token_sha256: sha256, issued_via: "claim", email, issued_at: now })
      .onConflict((oc) =>
        oc
          .column("listing_id")
          .doUpdateSet({ token_sha256: sha256, issued_via: "claim", email, issued_at: now }),
      )
      .execute();
    await trx
      .updateTable("listings")
      .set({ origin: "claimed", updated_at: now })
      .where("id", "=", id)
      .execute();
    await trx.updateTable("claim_challenges").set({ used_at: now }).where("id", "=", match.id).execute();
  });
  return { ok: true as const, origin: "claimed" as const, edit_token: token };
}
