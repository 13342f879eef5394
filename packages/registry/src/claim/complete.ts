import type { Db } from "@tollgate/db";
import { SafeFetchError, type SafeHttpClient } from "@tollgate/platform";
import { ApiError } from "@tollgate/schema";
import { notFound } from "../errors.js";
import { newClaimToken, sha256Hex, tokenMatches } from "../tokens.js";
import { activeListing, noChallenge, proofLocation } from "./common.js";

/** Tokens the endpoint's own origin serves: redirects to another origin are refused, never followed. */
async function fetchProofs(client: SafeHttpClient, serviceName: string, endpoint: string): Promise<string[]> {
  const w = proofLocation(serviceName, endpoint);
  const found: string[] = [];
  const sameOrigin = { sameOriginRedirectsOnly: true };
  const attempts = [
    client.request(w.wellKnown, sameOrigin).then((r) => (r.status === 200 ? found.push(r.text().trim()) : 0)),
    client.request(endpoint, sameOrigin).then((r) => {
      const h = r.headers[w.header];
      if (h) found.push(h.trim());
    }),
  ];
  for (const a of await Promise.allSettled(attempts))
    if (a.status === "rejected" && !(a.reason instanceof SafeFetchError)) throw a.reason;
  return found;
}

/** The unused, unexpired challenge the presented secret belongs to (looked up by hash, compared in constant time). */
async function challengeOfSecret(db: Db, id: string, secret: string, now: Date) {
  const row = await db
    .selectFrom("claim_challenges")
    .select(["id", "token", "secret_sha256"])
    .where("listing_id", "=", id)
    .where("secret_sha256", "=", sha256Hex(secret))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row?.secret_sha256 && tokenMatches(secret, row.secret_sha256) ? row : null;
}

/**
 * Complete a claim. Only the challenge the claim secret belongs to can match: it must be unused and
 * unexpired (409 no_challenge otherwise, also without a secret), and its token must be served by the
 * endpoint's own origin (403 proof_not_found), fetched through the SSRF-safe client only. On success, in
 * one transaction: that challenge is used (a conditional update, so a replay or a concurrent POST with the
 * same secret gets 409), every other open challenge of the listing is used too, the listing becomes
 * `claimed`, a new edit token replaces the previous one, and the change feed records `claimed`.
 */
export async function completeClaim(
  db: Db,
  client: SafeHttpClient,
  id: string,
  input: { email: string; claimSecret?: string | null },
  serviceName: string,
  now = new Date(),
) {
  const l = await activeListing(db, id);
  const challenge = input.claimSecret ? await challengeOfSecret(db, id, input.claimSecret, now) : null;
  if (!challenge) throw noChallenge(id);
  const proofs = await fetchProofs(client, serviceName, l.endpoint_url);
  if (!proofs.includes(challenge.token)) {
    const w = proofLocation(serviceName, l.endpoint_url);
    throw new ApiError(
      "proof_not_found",
      `the token of your challenge was not found at ${w.wellKnown} or in the ${w.header} header of the endpoint (served by its own origin; redirects to another origin are not followed)`,
    );
  }
  const { token, sha256 } = newClaimToken();
  await db.transaction().execute(async (trx) => {
    const listing = await trx
      .selectFrom("listings")
      .select(["status"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!listing || listing.status === "delisted") throw notFound(id);
    const used = await trx
      .updateTable("claim_challenges")
      .set({ used_at: now })
      .where("id", "=", challenge.id)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning("id")
      .executeTakeFirst();
    if (!used) throw noChallenge(id);
    await trx
      .updateTable("claim_challenges")
      .set({ used_at: now })
      .where("listing_id", "=", id)
      .where("used_at", "is", null)
      .execute();
    await trx
      .insertInto("claim_credentials")
      .values({
        listing_id: id,
        token_sha256: sha256,
        issued_via: "claim",
        email: input.email,
        issued_at: now,
      })
      .onConflict((oc) =>
        oc
          .column("listing_id")
          .doUpdateSet({ token_sha256: sha256, issued_via: "claim", email: input.email, issued_at: now }),
      )
      .execute();
    await trx
      .updateTable("listings")
      .set({ origin: "claimed", updated_at: now })
      .where("id", "=", id)
      .execute();
    await trx
      .insertInto("status_changes")
      .values({
        listing_id: id,
        from_status: listing.status,
        to_status: listing.status,
        reasons: ["claimed"],
        at: now,
      })
      .execute();
  });
  return { ok: true as const, origin: "claimed" as const, edit_token: token };
}
