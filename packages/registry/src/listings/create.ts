import type { Db } from "@tollgate/db";
import { newClaimToken, newListingId } from "../tokens.js";
import { alreadyListed, findActiveByCanonical, type PreparedListing } from "./submission.js";

export interface ListingCreatedResult {
  id: string;
  claim_token: string;
  status: "unverified";
  note: string;
}

/** Everything needed to store a listing later (once its fee settled): plain data, kept as JSON. */
export interface ListingToStore {
  id: string;
  tokenSha256: string;
  prepared: PreparedListing;
  submitterClientHash: string | null;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "23505";

const CREATED_NOTE =
  "Keep claim_token: it is shown once and is the edit credential (x-claim-token). The first probe runs within about two minutes; verification needs 3+ passing probes (probed every 15 minutes while new).";

/**
 * A creation answer given again (the same paid submission presented after it was answered, or from another
 * address than the payer's): the same listing without its claim token, which is shown once and only to the
 * payer (spec, Authentication 3). The payment and body are public once settled, so they are no credential; the
 * claim flow recovers a lost token.
 */
export function createdAgain(created: { id: string }): Omit<ListingCreatedResult, "claim_token"> & {
  claim_token: null;
} {
  return {
    id: created.id,
    claim_token: null,
    status: "unverified",
    note: `This paid submission's claim token is shown only once, to the address that paid, and is not shown here. A lost one is recovered through the claim flow: GET /v1/listings/${created.id}/claim. Nothing was charged again.`,
  };
}

/** A listing id and claim token for a submission, and the answer that shows the token once. */
export function newListingToStore(
  prepared: PreparedListing,
  submitterClientHash: string | null = null,
): { toStore: ListingToStore; answer: ListingCreatedResult } {
  const id = newListingId();
  const { token, sha256 } = newClaimToken();
  return {
    toStore: { id, tokenSha256: sha256, prepared, submitterClientHash },
    answer: { id, claim_token: token, status: "unverified", note: CREATED_NOTE },
  };
}

/**
 * Store a listing inside the caller's transaction: the listing, the sha256 of its claim token (never the
 * token), and the first status-change entry. The first probe is due at once (`next_check_by`). Idempotent
 * by id (a paid listing published twice by a retry and the reconciler is stored once).
 */
export async function insertListing(
  trx: Db,
  s: ListingToStore,
  opts: { feePaymentId?: string | null; now?: Date; origin?: "submitted" | "indexed" } = {},
): Promise<void> {
  const now = opts.now ?? new Date();
  const { prepared } = s;
  const { input } = prepared;
  const inserted = await trx
    .insertInto("listings")
    .values({
      id: s.id,
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
      origin: opts.origin ?? "submitted",
      fee_payment_id: opts.feePaymentId ?? null,
      submitter_client_hash: s.submitterClientHash,
      status: "unverified",
      status_changed_at: now,
      probe_tier: "new",
      probe_interval_s: 900,
      next_check_by: now,
      next_check_basis: "first probe is due within about two minutes of submission",
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return;
  await trx
    .insertInto("claim_credentials")
    .values({
      listing_id: s.id,
      token_sha256: s.tokenSha256,
      issued_via: "submission",
      email: input.submitter_email ?? null,
    })
    .execute();
  await trx
    .insertInto("status_changes")
    .values({
      listing_id: s.id,
      from_status: null,
      to_status: "unverified",
      reasons: [opts.origin === "indexed" ? "indexed" : "submitted"],
      at: now,
    })
    .execute();
}

/**
 * Store a validated submission now (a free one), in its own transaction unless one is given. A concurrent
 * submission of the same endpoint loses with `endpoint_already_listed`.
 */
export async function createListing(
  db: Db,
  prepared: PreparedListing,
  opts: { now?: Date; submitterClientHash?: string | null; trx?: Db } = {},
): Promise<ListingCreatedResult> {
  const exec = opts.trx ?? db;
  const existing = await findActiveByCanonical(exec, prepared.canonical);
  if (existing) throw alreadyListed(existing.id);
  const { toStore, answer } = newListingToStore(prepared, opts.submitterClientHash ?? null);
  try {
    if (opts.trx) await insertListing(opts.trx, toStore, { now: opts.now });
    else
      await db
        .transaction()
        .execute((trx) => insertListing(trx as unknown as Db, toStore, { now: opts.now }));
  } catch (err) {
    if (isUniqueViolation(err) && !opts.trx) {
      const winner = await findActiveByCanonical(db, prepared.canonical);
      if (winner) throw alreadyListed(winner.id);
    }
    throw err;
  }
  return answer;
}
