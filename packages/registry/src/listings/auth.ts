import type { Database, Db } from "@tollgate/db";
import { ApiError } from "@tollgate/schema";
import type { Transaction } from "kysely";
import { notFound } from "../errors.js";
import { tokenMatches } from "../tokens.js";

/** Header forms a claim token may arrive in; the first present wins. */
export function presentedToken(headers: { get(name: string): string | null | undefined }): string | null {
  const direct = headers.get("x-claim-token") ?? headers.get("x-edit-token");
  if (direct) return direct.trim();
  const auth = headers.get("authorization");
  const m = auth ? /^Bearer\s+(\S+)\s*$/i.exec(auth) : null;
  return m?.[1] ?? null;
}

const claimFlowHint = (id: string) =>
  `send the claim token in x-claim-token (or x-edit-token, or Authorization: Bearer); a lost token is recovered through the claim flow: GET /v1/listings/${id}/claim`;

/** Who was authorised: the claim token presented, checked again where the change is written. */
export interface Owner {
  token: string;
}

/**
 * 404 for an unknown or delisted listing, 401 (naming the claim flow) for a missing or wrong token. The owner it
 * returns is checked again by the write (`assertStillOwner`), under the listing's row lock, which a claim takes
 * too: a token a claim replaced after this check changes nothing.
 */
export async function authorizeOwner(db: Db, id: string, token: string | null): Promise<Owner> {
  const row = await db
    .selectFrom("listings")
    .leftJoin("claim_credentials", "claim_credentials.listing_id", "listings.id")
    .select(["listings.status", "claim_credentials.token_sha256"])
    .where("listings.id", "=", id)
    .executeTakeFirst();
  if (!row || row.status === "delisted") throw notFound(id);
  if (!token)
    throw new ApiError("unauthorized", `claim token required: ${claimFlowHint(id)}`, {
      claim_flow: `/v1/listings/${id}/claim`,
    });
  if (!row.token_sha256 || !tokenMatches(token, row.token_sha256))
    throw new ApiError("unauthorized", `claim token is not valid for this listing: ${claimFlowHint(id)}`, {
      claim_flow: `/v1/listings/${id}/claim`,
    });
  return { token };
}

/**
 * Inside the write's transaction, once the listing's row is locked (`FOR UPDATE`, as a claim locks it): 401 when
 * the owner's token is no longer the listing's, because a claim replaced it since `authorizeOwner`.
 */
export async function assertStillOwner(trx: Transaction<Database>, id: string, owner: Owner): Promise<void> {
  if (!(await ownerTokenMatches(trx, id, owner.token)))
    throw new ApiError(
      "unauthorized",
      `claim token is not valid for this listing: it was replaced by a claim; ${claimFlowHint(id)}`,
      { claim_flow: `/v1/listings/${id}/claim` },
    );
}

/** Whether `token` is the claim token of listing `id` (compared by hash, in constant time). */
export async function ownerTokenMatches(db: Db, id: string, token: string): Promise<boolean> {
  const row = await db
    .selectFrom("claim_credentials")
    .select("token_sha256")
    .where("listing_id", "=", id)
    .executeTakeFirst();
  return !!row && tokenMatches(token, row.token_sha256);
}
