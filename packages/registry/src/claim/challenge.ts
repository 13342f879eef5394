import { randomBytes } from "node:crypto";
import type { Db } from "@tollgate/db";
import { sha256Hex } from "../tokens.js";
import { activeListing, CHALLENGE_VALID_S, claimBody, proofLocation } from "./common.js";

/** The claim explanation: read-only, issues nothing. */
export async function claimExplanation(db: Db, id: string, serviceName: string, now = new Date()) {
  const l = await activeListing(db, id);
  const active = await db
    .selectFrom("claim_challenges")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where("listing_id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirstOrThrow();
  const w = proofLocation(serviceName, l.endpoint_url);
  return {
    origin_status: l.origin,
    challenge_active: Number(active.n) > 0,
    next:
      Number(active.n) > 0
        ? `POST /v1/listings/${id}/claim with ${claimBody}`
        : `POST /v1/listings/${id}/claim/challenge`,
    instructions: `1. POST /v1/listings/${id}/claim/challenge to get a token and a claim_secret (valid 24 hours; the token is public and not a credential, the claim_secret is yours: keep it private). 2. Serve the token as the body of ${w.wellKnown} or as the response header ${w.header} on the endpoint (its own origin: redirects to another origin are not followed). 3. POST /v1/listings/${id}/claim with ${claimBody}: the edit token is returned once and replaces any earlier one (this also recovers a lost token); every open challenge of the listing is then used up.`,
  };
}

/**
 * A new challenge, valid 24 hours; earlier ones stay valid for their own 24 hours until a claim succeeds.
 * The token is what the endpoint serves (public); the claim secret binds the claim to whoever asked for
 * the challenge: it is shown once and stored only as sha256.
 */
export async function issueChallenge(db: Db, id: string, serviceName: string, now = new Date()) {
  const l = await activeListing(db, id);
  const token = `tgc_${randomBytes(24).toString("hex")}`;
  const claimSecret = `tgs_${randomBytes(32).toString("hex")}`;
  await db
    .insertInto("claim_challenges")
    .values({
      listing_id: id,
      token,
      secret_sha256: sha256Hex(claimSecret),
      created_at: now,
      expires_at: new Date(now.getTime() + CHALLENGE_VALID_S * 1000),
    })
    .execute();
  const w = proofLocation(serviceName, l.endpoint_url);
  return {
    token,
    claim_secret: claimSecret,
    valid_for_seconds: CHALLENGE_VALID_S,
    instructions: `Serve exactly this token as the body of ${w.wellKnown}, or as the response header ${w.header} on ${l.endpoint_url}, then POST /v1/listings/${id}/claim with ${claimBody}, using the claim_secret of this answer. The token proves control only and is never an edit credential; the claim_secret is shown once: keep it private, only a claim carrying it can use this challenge.`,
  };
}
