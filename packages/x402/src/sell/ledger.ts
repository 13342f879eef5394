import { randomUUID } from "node:crypto";
import type { Db, PaymentRow } from "@tollgate/db";
import { sql } from "kysely";

/**
 * The payments ledger: one row per authorization (unique payer + nonce), whatever became of it.
 * verified: reserved, handler running · answered: the answer is kept, settlement under way ·
 * indeterminate: settlement outcome unknown (the chain decides) · settled · not_charged · failed.
 */
export type LedgerStatus = "verified" | "answered" | "settled" | "not_charged" | "failed" | "indeterminate";
export const OPEN_STATUSES = ["verified", "answered", "indeterminate"] as const;

export interface PaymentAttempt {
  route: string;
  resource: string;
  listingId: string | null;
  payer: string;
  nonce: string;
  amountAtomic: string;
  asset: string;
  network: string;
  payTo: string;
  requestSha256: string;
  payloadSha256: string;
  /** Who presented it (hashed address); null when the route does not say. */
  clientSha256: string | null;
  validBefore: Date | null;
  pendingKey: string | null;
}

/** Who holds an open payment row right now; every write of the holder is conditional on it. */
export interface Lease {
  id: string;
  leaseId: string;
}

export async function findPayment(db: Db, payer: string, nonce: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("payer", "=", payer.toLowerCase())
    .where("nonce", "=", nonce.toLowerCase())
    .executeTakeFirst();
}

const attemptValues = (a: PaymentAttempt) => ({
  route: a.route,
  resource: a.resource,
  listing_id: a.listingId,
  payer: a.payer.toLowerCase(),
  nonce: a.nonce.toLowerCase(),
  amount_atomic: a.amountAtomic,
  asset: a.asset,
  network: a.network,
  pay_to: a.payTo,
  request_sha256: a.requestSha256,
  payload_sha256: a.payloadSha256,
  client_sha256: a.clientSha256,
  valid_before: a.validBefore,
  pending_key: a.pendingKey,
});

/** Reserve an authorization with a lease; null when this payer+nonce was seen before. */
export function reserveAuthorization(db: Db, a: PaymentAttempt, leaseMs: number): Promise<Lease | null> {
  return insertLeased(db, a, leaseMs, { status: "verified" });
}

/**
 * Reserve an authorization whose answer is already computed, with the answer kept (sealed) and its work, in
 * one statement: what `reserveAuthorization` then `keepAnswer` write, for a handler that only reads. Null
 * when this payer+nonce was seen before (nothing written).
 */
export function reserveAnswered(
  db: Db,
  a: PaymentAttempt,
  leaseMs: number,
  id: string,
  kept: { status: number; sealed: string; work: unknown },
): Promise<Lease | null> {
  return insertLeased(db, a, leaseMs, {
    id,
    status: "answered",
    answer_status: kept.status,
    answer_sealed: kept.sealed,
    work: kept.work === undefined || kept.work === null ? null : JSON.stringify(kept.work),
  });
}

/** The leased insert both reservations make: nothing written when this payer+nonce was seen before. */
async function insertLeased(
  db: Db,
  a: PaymentAttempt,
  leaseMs: number,
  extra: {
    id?: string;
    status: "verified" | "answered";
    answer_status?: number;
    answer_sealed?: string;
    work?: string | null;
  },
): Promise<Lease | null> {
  const leaseId = randomUUID();
  const row = await db
    .insertInto("payments")
    .values({ ...attemptValues(a), ...extra, lease_id: leaseId, lease_until: new Date(Date.now() + leaseMs) })
    .onConflict((oc) => oc.columns(["payer", "nonce"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? { id: row.id, leaseId } : null;
}

/**
 * Record an authorization whose answer was computed and not charged (what `reserveAuthorization` then
 * `closeUncharged` write); false when this payer+nonce was seen before (nothing written).
 */
export async function recordUncharged(
  db: Db,
  a: PaymentAttempt,
  id: string,
  error: string,
): Promise<boolean> {
  const row = await db
    .insertInto("payments")
    .values({
      ...attemptValues(a),
      id,
      status: "not_charged",
      error,
      pending_key: null,
      lease_id: randomUUID(),
      lease_until: null,
    })
    .onConflict((oc) => oc.columns(["payer", "nonce"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return !!row;
}

/**
 * Take an open row whose lease lapsed (its holder crashed or gave up), or reopen a row that charged
 * nothing (not_charged, failed) for a new attempt with the same authorization. Null when someone else
 * holds it.
 */
export async function takeOver(db: Db, row: PaymentRow, leaseMs: number): Promise<Lease | null> {
  const leaseId = randomUUID();
  const reopen = row.status === "not_charged" || row.status === "failed";
  const updated = await db
    .updateTable("payments")
    .set({
      lease_id: leaseId,
      lease_until: new Date(Date.now() + leaseMs),
      ...(reopen
        ? { status: "verified", error: null, answer_status: null, answer_sealed: null, work: null }
        : {}),
    })
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .where((e) =>
      reopen ? e.val(true) : e.or([e("lease_until", "is", null), e("lease_until", "<", sql<Date>`now()`)]),
    )
    .where((e) => (row.lease_id === null ? e("lease_id", "is", null) : e("lease_id", "=", row.lease_id)))
    .returning("id")
    .executeTakeFirst();
  return updated ? { id: updated.id, leaseId } : null;
}

/** Keep the answer (sealed) and the work that publishes it, before any money moves. False if the lease was lost. */
export async function keepAnswer(
  db: Db,
  lease: Lease,
  a: { status: number; sealed: string; work: unknown; pendingKey: string | null },
): Promise<boolean> {
  const r = await db
    .updateTable("payments")
    .set({
      status: "answered",
      answer_status: a.status,
      answer_sealed: a.sealed,
      work: a.work === undefined || a.work === null ? null : JSON.stringify(a.work),
      pending_key: a.pendingKey,
    })
    .where("id", "=", lease.id)
    .where("lease_id", "=", lease.leaseId)
    .where("status", "in", ["verified", "answered", "indeterminate"])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Close an attempt that took no money: the kept answer and work are dropped. */
export async function closeUncharged(
  db: Db,
  lease: Lease,
  status: "not_charged" | "failed",
  error: string,
): Promise<void> {
  await db
    .updateTable("payments")
    .set({
      status,
      error,
      answer_status: null,
      answer_sealed: null,
      work: null,
      pending_key: null,
      lease_until: null,
    })
    .where("id", "=", lease.id)
    .where("lease_id", "=", lease.leaseId)
    .execute();
}

/** Settlement outcome unknown: keep answer and work, release the lease so a retry or the reconciler decides. */
export async function markIndeterminate(db: Db, lease: Lease, error: string): Promise<void> {
  await db
    .updateTable("payments")
    .set({ status: "indeterminate", error, lease_until: null })
    .where("id", "=", lease.id)
    .where("lease_id", "=", lease.leaseId)
    .execute();
}

/**
 * Record the settlement, in the caller's transaction: the row's work is handed back for the caller to
 * publish in the same transaction; null when the row was already closed (published once only). One
 * statement: the open row is locked and read as it was (its work) and closed in the same round trip.
 */
export async function markSettled(
  trx: Db,
  id: string,
  txHash: string,
  /** The client a request hands the answer to now (hashed address, or null unknown); null for the reconciler. */
  to: { clientSha256: string | null } | null,
): Promise<{ work: unknown; route: string } | null> {
  const r = await sql<{ route: string; work: unknown }>`
    WITH was AS (
      SELECT id, route, work FROM payments
      WHERE id = ${id} AND status IN (${sql.join([...OPEN_STATUSES])})
      FOR UPDATE
    )
    UPDATE payments p
    SET status = 'settled', tx_hash = ${txHash}, error = NULL, settled_at = now(), finalized_at = now(),
        lease_until = NULL, work = NULL, pending_key = NULL,
        answer_delivered_at = CASE WHEN ${to !== null} THEN now() END,
        client_sha256 = COALESCE(${to?.clientSha256 ?? null}, p.client_sha256)
    FROM was WHERE p.id = was.id
    RETURNING was.route, was.work`.execute(trx);
  const row = r.rows[0];
  return row ? { route: row.route, work: row.work } : null;
}

/** Open rows nobody holds: the reconciler's work list. */
export async function lapsedOpenPayments(db: Db, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("status", "in", [...OPEN_STATUSES])
    .where((e) => e.or([e("lease_until", "is", null), e("lease_until", "<", sql<Date>`now()`)]))
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

/** Is an unsettled paid submission already reserving this key (a canonical endpoint)? */
export async function pendingFor(db: Db, key: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("pending_key", "=", key)
    .where("status", "in", [...OPEN_STATUSES])
    .executeTakeFirst();
}

/**
 * Whether this request is the first to hand over a settled answer (one settled by the reconciler was never
 * seen): true for exactly one caller, however many race.
 */
export async function firstDelivery(db: Db, id: string, clientSha256: string | null): Promise<boolean> {
  const r = await db
    .updateTable("payments")
    .set({ answer_delivered_at: sql`now()`, client_sha256: clientSha256 })
    .where("id", "=", id)
    .where("answer_delivered_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return !!r;
}
