import type { Db, ListingUpdate } from "@tollgate/db";
import { ApiError, type ListingPatchRequest } from "@tollgate/schema";
import { notFound } from "../errors.js";
import { assertStillOwner, type Owner } from "./auth.js";
import { getListingDetail } from "./read.js";
import { checkSampleQuery, type SubmissionPolicy } from "./submission.js";

/**
 * Apply an owner's edit (authorization checked by the caller, and again with `owner` when the edit is written).
 * Only editable fields change; status, score and probe history are untouched, so an edit never resets
 * verification.
 */
export async function updateListing(
  db: Db,
  id: string,
  patch: ListingPatchRequest,
  policy: SubmissionPolicy,
  serviceName?: string,
  /** The owner `authorizeOwner` returned: checked again under the row lock when the edit is written. */
  owner?: Owner,
) {
  const current = await db
    .selectFrom("listings")
    .select(["endpoint_url", "status"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const reasons: string[] = [];
  if (patch.category !== undefined) {
    const cat = await db
      .selectFrom("categories")
      .select("id")
      .where("id", "=", patch.category)
      .executeTakeFirst();
    if (!cat)
      reasons.push(
        `category: ${patch.category} is not an existing category; pick one from GET /v1/categories`,
      );
  }
  // The same rules as a submission: an edit must not slip in what POST refuses.
  if (patch.sample_query != null)
    await checkSampleQuery(patch.sample_query, endpointOf(current.endpoint_url), policy, reasons);
  if (reasons.length > 0) throw new ApiError("validation_failed", reasons.join("; "), { reasons });

  const set: ListingUpdate = { updated_at: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.category !== undefined) set.category = patch.category;
  if (patch.price_amount !== undefined) set.price_amount = patch.price_amount;
  if (patch.price_currency !== undefined) set.price_currency = patch.price_currency;
  if (patch.chains !== undefined) set.chains = patch.chains;
  if (patch.request_schema !== undefined)
    set.request_schema = patch.request_schema === null ? null : JSON.stringify(patch.request_schema);
  if (patch.response_schema !== undefined)
    set.response_schema = patch.response_schema === null ? null : JSON.stringify(patch.response_schema);
  if (patch.sample_query !== undefined) set.sample_query = patch.sample_query;
  if (patch.submitter_email !== undefined) set.submitter_email = patch.submitter_email;
  // Text that discovery matches on changed: the embedding is recomputed off the request path.
  if (patch.name !== undefined || patch.description !== undefined || patch.category !== undefined)
    set.embedding_synced_at = null;
  if (!owner) await db.updateTable("listings").set(set).where("id", "=", id).execute();
  else
    await db.transaction().execute(async (trx) => {
      // The claim flow locks this row too: a claim that replaced the token since it was checked wins.
      const row = await trx
        .selectFrom("listings")
        .select("status")
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.status === "delisted") throw notFound(id);
      await assertStillOwner(trx, id, owner);
      await trx.updateTable("listings").set(set).where("id", "=", id).execute();
    });
  return getListingDetail(db, id, serviceName);
}

/** The stored endpoint as a URL (stored endpoints passed the submission rules, so they parse). */
function endpointOf(stored: string): URL | null {
  try {
    return new URL(stored.trim());
  } catch {
    return null;
  }
}

/** Refuse a PATCH that tries to change the endpoint, before schema validation drops it as unknown. */
export function assertEndpointUnchanged(body: unknown): void {
  if (body && typeof body === "object" && "endpoint_url" in body)
    throw new ApiError(
      "endpoint_url_immutable",
      "endpoint_url is immutable: delist this listing (DELETE /v1/listings/{id}) and submit the new URL with POST /v1/listings",
    );
}
