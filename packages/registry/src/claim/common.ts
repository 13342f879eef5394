import type { Db } from "@tollgate/db";
import { ApiError } from "@tollgate/schema";
import { notFound } from "../errors.js";

export const CHALLENGE_VALID_S = 24 * 3600;

/**
 * The change-feed reason a successful claim writes. A claim is not a status change: its entry has
 * from = to (the listing's status at the time) and records that control was proven and the edit token
 * replaced, so watchers of a listing see a change of hands.
 */
export const CLAIM_CHANGE_REASONS = {
  claimed:
    "not a status change (from = to): control of the endpoint was proven through the claim flow and a new edit token replaced the previous one",
} as const;

export async function activeListing(db: Db, id: string) {
  const l = await db
    .selectFrom("listings")
    .select(["id", "status", "origin", "endpoint_url"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!l || l.status === "delisted") throw notFound(id);
  return l;
}

/** Where the proof is read: the endpoint's own origin only. */
export const proofLocation = (serviceName: string, endpoint: string) => {
  const origin = new URL(endpoint).origin;
  return { wellKnown: `${origin}/.well-known/${serviceName}-claim`, header: `x-${serviceName}-claim` };
};

export const claimBody = `{"email": "...", "claim_secret": "<from your challenge>"}`;

export const noChallenge = (id: string) =>
  new ApiError(
    "no_challenge",
    `no active challenge of yours for ${id}: POST /v1/listings/${id}/claim/challenge, serve its token, then POST /v1/listings/${id}/claim with ${claimBody} using the claim_secret that challenge returned (a challenge is valid 24 hours and completes one claim)`,
  );
