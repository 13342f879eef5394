import { FREE_LISTINGS_PER_DOMAIN, submissionFeeDue } from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { ApiError } from "@tollgate/schema";
import { pendingFor } from "@tollgate/x402";
import { sql } from "kysely";
import { insertListing, type ListingToStore } from "./create.js";
import { alreadyListed, findActiveByCanonical, type PreparedListing } from "./submission.js";

const BUSY = Symbol("domain lock busy");
const lockKey = (domain: string) => `tollgate:submission:${domain}`;

/**
 * Run `fn` in a transaction that holds the registered domain's submission lock, so the free allowance is
 * counted and used by one submission at a time. Waiting is done by retrying a try-lock (no pooled
 * connection is held while waiting); past `waitMs` the caller gets 503 with Retry-After.
 */
export async function withDomainLock<T>(
  db: Db,
  registeredDomain: string,
  fn: (trx: Db) => Promise<T>,
  opts: { waitMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.waitMs ?? 30_000);
  for (;;) {
    try {
      return await db.transaction().execute(async (trx) => {
        const got = await sql<{
          ok: boolean;
        }>`SELECT pg_try_advisory_xact_lock(hashtextextended(${lockKey(registeredDomain)}, 0)) AS ok`.execute(
          trx,
        );
        if (!got.rows[0]?.ok) throw BUSY;
        return fn(trx as unknown as Db);
      });
    } catch (err) {
      if (err !== BUSY) throw err;
      if (Date.now() > deadline)
        throw new ApiError(
          "service_unavailable",
          `other submissions on ${registeredDomain} are being decided; retry shortly`,
          {},
          { "retry-after": "2" },
        );
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 60));
    }
  }
}

export interface SubmissionDecision {
  feeDue: boolean;
  /** Every listing ever created on the registered domain, delisted ones included. */
  listingsOnDomain: number;
  listedBefore: boolean;
}

/**
 * Decide a submission's fee, inside `withDomainLock`. The allowance counts every listing ever created on
 * the registered domain (delisting frees no slot); re-listing is free only for the same canonical endpoint.
 * Refuses an endpoint that is listed, or whose paid submission is still settling.
 */
export async function decideSubmission(trx: Db, prepared: PreparedListing): Promise<SubmissionDecision> {
  const existing = await findActiveByCanonical(trx, prepared.canonical);
  if (existing) throw alreadyListed(existing.id);
  const pending = await pendingFor(trx, prepared.canonical);
  if (pending)
    throw new ApiError(
      "submission_pending",
      "a paid submission of this endpoint is awaiting its settlement; its payer gets the listing by repeating the same request with the same payment",
      {},
      { "retry-after": "30" },
    );
  const [onDomain, before] = await Promise.all([
    trx
      .selectFrom("listings")
      .select((e) => e.fn.countAll<number>().as("n"))
      .where("registered_domain", "=", prepared.registeredDomain)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom("listings")
      .select("id")
      .where("endpoint_canonical", "=", prepared.canonical)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const listingsOnDomain = Number(onDomain.n);
  return { feeDue: submissionFeeDue(listingsOnDomain, !!before), listingsOnDomain, listedBefore: !!before };
}

/**
 * Inside the handler of a paid submission (its payment reserved as `paymentId`, which reserves the
 * endpoint): is this payment still the endpoint's first claimant? Decided under the domain's lock; a later
 * or losing claimant answers 409 and is never charged.
 */
export async function confirmPaidSubmission(
  db: Db,
  prepared: PreparedListing,
  paymentId: string,
): Promise<void> {
  await withDomainLock(db, prepared.registeredDomain, async (trx) => {
    const existing = await findActiveByCanonical(trx, prepared.canonical);
    if (existing) throw alreadyListed(existing.id);
    const first = await sql<{ id: string }>`
      SELECT id FROM payments
      WHERE pending_key = ${prepared.canonical} AND status IN ('verified', 'answered', 'indeterminate')
      ORDER BY created_at, id LIMIT 1`.execute(trx);
    if (first.rows[0] && first.rows[0].id !== paymentId)
      throw new ApiError(
        "submission_pending",
        "another paid submission of this endpoint came first and is being settled; nothing was charged",
        {},
        { "retry-after": "30" },
      );
  });
}

export const feeDescription = (d: SubmissionDecision, domain: string) =>
  `Submission fee: ${domain} has had ${d.listingsOnDomain} listings (the first ${FREE_LISTINGS_PER_DOMAIN} are free)`;

/**
 * The paid-submission finalizer: store the listing once its fee settled, with the payment recorded on it,
 * under the domain's lock (held only for this short transaction).
 */
export async function publishPaidListing(trx: Db, work: unknown, payment: { id: string }): Promise<void> {
  const s = work as ListingToStore;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey(s.prepared.registeredDomain)}, 0))`.execute(
    trx,
  );
  await insertListing(trx, s, { feePaymentId: payment.id });
}
