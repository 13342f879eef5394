import type { Db } from "@tollgate/db";
import { newClaimToken, newListingId } from "../tokens.js";
import { alreadyListed, findActiveByCanonical, type PreparedListing } from "./submission.js";

export interface ListingCreatedResult {
  id: string;
  claim_token: string;
  status: "unverified";
  note: string;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "23505";

/**
 * Store a validated submission: the listing, the sha256 of its claim token (never the token), and the
 * first status-change entry, in one transaction. The first probe is due at once (`next_check_by`).
 */
export async function createListing(
  db: Db,
  prepared: PreparedListing,
  opts: { feePaymentId?: string | null; now?: Date; submitterClientHash?: string | null } = {},
): Promise<ListingCreatedResult> {
  const existing = await findActiveByCanonical(db, prepared.canonical);
  if (existing) throw alreadyListed(existing.id);
  const id = newListingId();
  const { token, sha256 } = newClaimToken();
  const now = opts.now ?? new Date();
  const { input } = prepared;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("listings")
        .values({
          id,
          name: input.name,
          description: input.description,
          endpoint_url: prepared.endpointUrl,
          endpoint_canonical: prepared.canonical,
          host: prepared.host,
          registered_domain: prepared.registeredDomain,
          category: input.category,
          kind: input.kind ?? "api",
          price_amount: input.price_amount,
          price_currency: input.price_currency ?? "USDC",
          chains: input.chains ?? ["base"],
          request_schema: input.request_schema ? JSON.stringify(input.request_schema) : null,
          response_schema: input.response_schema ? JSON.stringify(input.response_schema) : null,
          sample_query: input.sample_query ?? null,
          submitter_email: input.submitter_email ?? null,
          facilitator_url: null,
          ephemeral: prepared.ephemeral,
          fee_payment_id: opts.feePaymentId ?? null,
          submitter_client_hash: opts.submitterClientHash ?? null,
          status: "unverified",
          status_changed_at: now,
          probe_tier: "new",
          probe_interval_s: 900,
          next_check_by: now,
          next_check_basis: "first probe is due within about two minutes of submission",
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto("claim_credentials")
        .values({
          listing_id: id,
          token_sha256: sha256,
          issued_via: "submission",
          email: input.submitter_email ?? null,
        })
        .execute();
      await trx
        .insertInto("status_changes")
        .values({
          listing_id: id,
          from_status: null,
          to_status: "unverified",
          reasons: ["submitted"],
          at: now,
        })
        .execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const winner = await findActiveByCanonical(db, prepared.canonical);
      if (winner) throw alreadyListed(winner.id);
    }
    throw err;
  }
  return {
    id,
    claim_token: token,
    status: "unverified",
    note: "Keep claim_token: it is shown once and is the edit credential (x-claim-token). The first probe runs within about two minutes; verification needs 3+ passing probes (probed every 15 minutes while new).",
  };
}
