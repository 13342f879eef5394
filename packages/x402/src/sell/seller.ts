import { randomUUID } from "node:crypto";
import type { Db, PaymentRow } from "@tollgate/db";
import type { Logger } from "@tollgate/platform";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { getAddress } from "viem";
import { SETTLEMENT_PENDING } from "../facilitator/direct.js";
import {
  closeUncharged,
  findPayment,
  firstDelivery,
  keepAnswer,
  type Lease,
  lapsedOpenPayments,
  markIndeterminate,
  markSettled,
  OPEN_STATUSES,
  type PaymentAttempt,
  recordUncharged,
  reserveAnswered,
  reserveAuthorization,
  takeOver,
} from "./ledger.js";
import type { AuthorizationOutcome, SettlementReader } from "./onchain.js";
import { fingerprints, openAnswer, type PaymentKeys, samePaidRequest, sealAnswer } from "./seal.js";

export const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

/** Publishes a paid answer's work (an attestation, a paid listing) inside the transaction that records its settlement. */
export type Finalizer = (trx: Db, work: unknown, payment: { id: string; txHash: string }) => Promise<void>;

export interface SellerConfig {
  db: Db;
  log: Logger;
  facilitator: FacilitatorClient;
  payTo: string;
  asset?: string;
  network?: string;
  /** Bound on one settlement call; past it the outcome is indeterminate, never answered 402. */
  settleTimeoutMs?: number;
  /** How long a request holds an open payment before a retry or the reconciler may take it over. */
  leaseMs?: number;
  /** The chain itself, to decide indeterminate settlements (authorization state and the transfer). */
  chain?: SettlementReader | null;
  /** Work published only once a payment settles, by route label. */
  finalizers?: Record<string, Finalizer>;
  /**
   * Told how each settlement attempt of a kept answer ended (metrics): settled (money taken), failed
   * (refused, nothing charged) or indeterminate (outcome unknown, left to the chain).
   */
  onSettlement?: (route: string, outcome: SettlementOutcome) => void;
}

export type SettlementOutcome = "settled" | "failed" | "indeterminate";

/** What a paid handler answers; the seller decides whether it is charged. */
export interface PaidAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Published by the route's finalizer once the payment settles (kept with the payment until then). */
  work?: unknown;
  /**
   * Set on an answer served again (its payment settled and answered before) or to another address than the
   * one that presented the payment: the route removes what may be shown only once (a submission's claim token).
   */
  replayed?: true;
}

/** Computes the answer once the payment verified and is reserved under `paymentId`. */
export type PaidHandler = (ctx: { paymentId: string }) => Promise<PaidAnswer>;

export interface PaidRoute {
  /** Ledger label, e.g. "verdict"; also names the finalizer. */
  route: string;
  amountAtomic: string;
  description: string;
  /** The only status that is charged: 200, or 201 for a submission. */
  successStatus: 200 | 201;
  listingId?: string | null;
  /** What an unsettled payment reserves (a submission's canonical endpoint, a verify-now listing). */
  pendingKey?: string | null;
  /**
   * Other amounts offered in the same 402 terms, after this one (verify-now lists both plans). A payment
   * is still taken only for `amountAtomic`, the amount of the offer this request asked for.
   */
  alsoOffered?: string[];
  /**
   * The handler only reads (it changes nothing and does not use its paymentId): its answer is computed
   * once the payment verified and kept with the reservation in one write, instead of a reservation before
   * the handler and a second write after it. A concurrent request with the same payment may then compute
   * the answer too; only one reserves the payment, the other gets its outcome.
   */
  readOnly?: boolean;
}

export interface SellRequest {
  url: string;
  /** The PAYMENT-SIGNATURE header, if any. */
  paymentHeader: string | null;
  /**
   * No PAYMENT-SIGNATURE, but an X-PAYMENT (x402 v1's name): answered with the terms and an error naming
   * the v2 header, never read as a payment.
   */
  misnamedHeader?: boolean;
  method?: string;
  /** The raw request body, part of the request's identity as parsed JSON (same payment + other body = conflict). */
  body?: string;
  /**
   * Who asks: the client's address as the route knows it (never a header an untrusted peer set). Once an
   * answer was handed over, its repeats are given only to the same client.
   */
  client?: string;
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");

/**
 * An address as a client may spell it: all-lowercase or all-uppercase hex (neither carries an EIP-55
 * checksum), or checksummed. Its checksummed form; "checksum" when its mixed case is not the address's own
 * checksum (a typo EIP-55 exists to catch, never a payment to guess at); null when it is no address.
 */
function addressOf(v: unknown): string | "checksum" | null {
  if (typeof v !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(v)) return null;
  const hex = v.slice(2);
  const checksummed = getAddress(`0x${hex.toLowerCase()}`);
  return hex === hex.toLowerCase() || hex === hex.toUpperCase() || v === checksummed
    ? checksummed
    : "checksum";
}

type Decoded = { payload: PaymentPayload } | { refusal: string } | null;

/**
 * The presented payment, x402 v2 only, its authorization's addresses in checksummed form: the same
 * authorization whatever case the client spelled them in (what is signed is the 20 bytes), handed so to the
 * facilitator (viem's strict address checks throw on all-uppercase hex, which would answer 503 to a valid
 * payment). A mixed-case address with a wrong checksum is refused as the payer's mistake.
 */
function decodePayment(header: string): Decoded {
  let obj: PaymentPayload;
  try {
    obj = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as PaymentPayload;
  } catch {
    return null;
  }
  // x402 v2 only: any other version reaches no facilitator scheme (it throws, which is not an outage).
  if (!obj || typeof obj !== "object" || obj.x402Version !== 2 || !obj.payload || !obj.accepted) return null;
  const auth = (obj.payload as { authorization?: Record<string, unknown> }).authorization;
  if (!auth || typeof auth !== "object") return { payload: obj };
  const spelled: Record<string, string> = {};
  for (const k of ["from", "to"] as const) {
    const a = addressOf(auth[k]);
    if (a === "checksum")
      return {
        refusal: `authorization.${k} is mixed-case hex with a wrong EIP-55 checksum; send it checksummed or in one case; nothing was charged`,
      };
    if (a) spelled[k] = a;
  }
  return { payload: { ...obj, payload: { ...obj.payload, authorization: { ...auth, ...spelled } } } };
}

interface Authorization {
  from: string;
  nonce: string;
  validBefore: Date | null;
  /** The amount authorized, atomic units, as signed. */
  value: string;
}

/** An unsigned integer as EIP-3009 fields are sent (decimal text): anything else makes verifiers throw. */
const uintText = (v: unknown): v is string => typeof v === "string" && /^[0-9]{1,78}$/.test(v);

function authorizationOf(p: PaymentPayload): Authorization | null {
  const { authorization: auth, signature } = p.payload as {
    authorization?: {
      from?: unknown;
      nonce?: unknown;
      validAfter?: unknown;
      validBefore?: unknown;
      value?: unknown;
    };
    signature?: unknown;
  };
  if (typeof auth?.from !== "string" || typeof auth.nonce !== "string") return null;
  if (!/^0x[0-9a-fA-F]{40}$/.test(auth.from) || !/^0x[0-9a-fA-F]{64}$/.test(auth.nonce)) return null;
  // A malformed exact payment is the payer's mistake (402 invalid_payment), never sent to the facilitator:
  // its verify throws on it, which would answer 503 "retry later" to a payment that can never verify.
  if (typeof signature !== "string" || !uintText(auth.value)) return null;
  if (!uintText(auth.validAfter) || !uintText(auth.validBefore)) return null;
  const vb = Number(auth.validBefore);
  return {
    from: auth.from,
    nonce: auth.nonce,
    validBefore: Number.isFinite(vb) && vb > 0 && vb < 1e11 ? new Date(vb * 1000) : null,
    value: auth.value,
  };
}

const answered = (a: PaidAnswer) => ({ status: a.status, body: a.body, headers: a.headers ?? {} });

/**
 * Selling over x402 v2 with Tollgate's money rules, stricter than the stock middleware:
 * - the answer is computed first and settled only when its status is the route's success status; any
 *   other answer is returned uncharged;
 * - the answer is kept with its payment (payer + EIP-3009 nonce) before money moves, sealed under a key
 *   only the payer's signature gives; a retry with the same payment and the same request gets the same
 *   answer, whatever happened in between (timeout, crash, lost write); the same payment for another
 *   request is refused;
 * - work that publishes the answer (an attestation, a paid listing) runs only once the payment settled;
 * - a settlement that times out is indeterminate: answered 502, never 402 (a 402 would make the client
 *   sign and pay again), and decided later from the chain itself.
 */
export function createSeller(cfg: SellerConfig) {
  const asset = cfg.asset ?? USDC_BASE;
  const network = cfg.network ?? "eip155:8453";
  const settleTimeoutMs = cfg.settleTimeoutMs ?? 45_000;
  const leaseMs = cfg.leaseMs ?? settleTimeoutMs + 30_000;
  const db = cfg.db;

  const requirements = (route: PaidRoute): PaymentRequirements => ({
    scheme: "exact",
    network: network as PaymentRequirements["network"],
    asset,
    amount: route.amountAtomic,
    payTo: cfg.payTo,
    maxTimeoutSeconds: 60,
    extra: { name: "USD Coin", version: "2" },
  });

  /** The PaymentRequired object, identical in the header and the body. */
  const paymentRequired = (route: PaidRoute, url: string, error?: string) => ({
    x402Version: 2,
    ...(error ? { error } : {}),
    resource: { url, description: route.description, mimeType: "application/json" },
    accepts: [
      requirements(route),
      ...(route.alsoOffered ?? []).map((amountAtomic) => requirements({ ...route, amountAtomic })),
    ],
  });

  /**
   * The 402 terms; with `why`, a presented payment was not taken: `error` is one of our codes (each in the
   * api's error catalog, @tollgate/schema) or the facilitator's own reason, passed through as given.
   */
  const offer = (route: PaidRoute, url: string, why?: { error: string; message: string }): PaidAnswer => {
    const pr = paymentRequired(route, url, why?.error);
    return {
      status: 402,
      body: { ...pr, ...(why ? { error: why.error, message: why.message } : {}) },
      headers: { "PAYMENT-REQUIRED": b64(pr) },
    };
  };

  const receipt = (txHash: string, payer: string) => ({
    "PAYMENT-RESPONSE": b64({ success: true, transaction: txHash, network, payer: getAddress(payer) }),
  });

  /**
   * A settlement the facilitator refused, nothing charged: the 402 terms with the x402 v2 failure receipt
   * (PAYMENT-RESPONSE, success false and the reason), as the HTTP transport gives it. A refusal before any
   * settlement was tried (verify, our own checks) carries no PAYMENT-RESPONSE.
   */
  const settlementRefused = (
    route: PaidRoute,
    url: string,
    why: { error: string; message: string },
    payer: string,
  ): PaidAnswer => {
    const o = offer(route, url, why);
    const failure = {
      success: false,
      errorReason: why.error,
      transaction: "",
      network,
      payer: getAddress(payer),
    };
    return { ...o, headers: { ...o.headers, "PAYMENT-RESPONSE": b64(failure) } };
  };

  const alreadyUsed = (): PaidAnswer => ({
    status: 402,
    body: {
      error: "payment_already_used",
      message:
        "this payment authorization was already presented for another request; sign a new one for this request",
    },
  });

  /** Asked from another address than the one the payment is bound to (unbound rows and unknown clients: never). */
  const isForeign = (row: Pick<PaymentRow, "client_sha256">, keys: PaymentKeys) =>
    !!row.client_sha256 && !!keys.clientSha256 && row.client_sha256 !== keys.clientSha256;

  const answeredElsewhere = (): PaidAnswer => ({
    status: 402,
    body: {
      error: "payment_already_used",
      message:
        "this payment was settled and its answer handed to the client that presented it; a repeat is answered only to that client. Sign a new payment for a new answer",
    },
  });

  const inProgress = (): PaidAnswer => ({
    status: 409,
    body: {
      error: "payment_in_progress",
      message:
        "this payment is being settled by an earlier request; repeat the same request with the same payment shortly",
    },
    headers: { "retry-after": "2" },
  });

  const indeterminate = (paymentId: string): PaidAnswer => ({
    status: 502,
    body: {
      error: "settlement_indeterminate",
      message:
        "the settlement outcome is not known yet; do not sign a new payment — repeat this same request with the same payment header to receive the answer; it is charged at most once and decided on-chain",
      payment_id: paymentId,
    },
    headers: { "retry-after": "5" },
  });

  async function chainSays(
    row: Pick<PaymentRow, "payer" | "nonce" | "pay_to" | "amount_atomic" | "valid_before" | "asset">,
  ): Promise<AuthorizationOutcome> {
    if (!cfg.chain) return { state: "unknown" };
    try {
      return await cfg.chain.check({
        asset: row.asset,
        payer: row.payer,
        nonce: row.nonce,
        payTo: row.pay_to,
        amountAtomic: String(row.amount_atomic),
        validBefore: row.valid_before,
      });
    } catch (err) {
      cfg.log.warn({ err: String(err) }, "chain read failed while deciding a payment");
      return { state: "unknown" };
    }
  }

  /**
   * Record the settlement and publish the work, once; a lost write leaves the row for the reconciler. `to`:
   * the client the answer is handed to now (its hashed address, or null unknown); null when nobody is answered
   * (the reconciler) or the asker is not the payer's address.
   */
  async function publish(
    paymentId: string,
    txHash: string,
    to: { clientSha256: string | null } | null,
  ): Promise<void> {
    const run = async (trx: Db) => {
      const settled = await markSettled(trx, paymentId, txHash, to);
      if (!settled || settled.work === null || settled.work === undefined) return;
      const finalize = cfg.finalizers?.[settled.route];
      if (!finalize) throw new Error(`no finalizer for paid route ${settled.route}`);
      await finalize(trx, settled.work, { id: paymentId, txHash });
    };
    await db.transaction().execute((trx) => run(trx as unknown as Db));
  }

  /** Settle a kept answer and hand it over; the answer is given whenever the money was taken. */
  async function settleKept(
    lease: Lease,
    answer: PaidAnswer,
    payload: PaymentPayload,
    route: PaidRoute,
    url: string,
    auth: Authorization,
    row: Pick<PaymentRow, "payer" | "nonce" | "pay_to" | "amount_atomic" | "valid_before" | "asset">,
    how: {
      /** The client the answer goes to (hashed address), or null unknown. */
      client: string | null;
      /** An earlier settlement of this authorization may have gone through (it was indeterminate). */
      afterUncertain?: boolean;
      /** Asked from another address than the one that presented the payment: nothing shown once, not bound. */
      foreign?: boolean;
    },
  ): Promise<PaidAnswer> {
    const afterUncertain = how.afterUncertain ?? false;
    let txHash: string | null = null;
    let refusal: { error: string; message: string } | null = null;
    // The facilitator sent the transfer and it was not mined in its wait: it may still be mined.
    let pending = false;
    try {
      const settled = await withTimeout(
        cfg.facilitator.settle(payload, requirements(route)),
        settleTimeoutMs,
      );
      if (settled.success) txHash = settled.transaction;
      else {
        refusal = {
          error: settled.errorReason ?? "settlement_failed",
          message: "settlement failed; nothing was charged",
        };
        pending = settled.errorReason === SETTLEMENT_PENDING;
      }
    } catch (err) {
      // Broadcast may have happened: the chain decides, never a guess.
      const seen = await chainSays(row);
      if (seen.state === "settled") txHash = seen.txHash;
      else {
        await markIndeterminate(db, lease, String(err).slice(0, 300));
        cfg.log.error({ err: String(err), payment: lease.id }, "settlement indeterminate");
        cfg.onSettlement?.(route.route, "indeterminate");
        return indeterminate(lease.id);
      }
    }
    if (refusal !== null) {
      // A refusal of an authorization we already settled (the earlier attempt's response was lost) is a settlement.
      const seen = await chainSays(row);
      if (seen.state === "settled") txHash = seen.txHash;
      else if (
        (seen.state === "unknown" && (cfg.chain || afterUncertain)) ||
        // Unused on chain only until the sent transfer is mined: never a failure (a 402 would let the
        // money go unanswered and ask the buyer to pay again). Expired or voided, it can never pay us.
        (pending && seen.state !== "expired" && seen.state !== "voided")
      ) {
        await markIndeterminate(db, lease, refusal.error);
        cfg.onSettlement?.(route.route, "indeterminate");
        return indeterminate(lease.id);
      } else {
        await closeUncharged(db, lease, "failed", refusal.error);
        cfg.onSettlement?.(route.route, "failed");
        return settlementRefused(route, url, refusal, auth.from);
      }
    }
    cfg.onSettlement?.(route.route, "settled");
    const tx = txHash as string;
    try {
      await publish(lease.id, tx, how.foreign ? null : { clientSha256: how.client });
    } catch (err) {
      // Paid: the answer is due even if recording it failed. The lease is let go so that a retry, or the
      // reconciler, finds the settlement on-chain and records and publishes it at once.
      cfg.log.error({ err: String(err), payment: lease.id, tx }, "settled but not recorded yet");
      await markIndeterminate(db, lease, "settled; not recorded yet").catch(() => undefined);
    }
    const paid = { ...answered(answer), headers: { ...answer.headers, ...receipt(tx, auth.from) } };
    return how.foreign ? { ...paid, replayed: true } : paid;
  }

  /** Run the handler under a fresh lease, keep its answer, then settle. */
  async function runFresh(
    lease: Lease,
    keys: PaymentKeys,
    payload: PaymentPayload,
    auth: Authorization,
    route: PaidRoute,
    url: string,
    handler: PaidHandler,
  ): Promise<PaidAnswer> {
    let answer: PaidAnswer;
    try {
      answer = await handler({ paymentId: lease.id });
    } catch (err) {
      await closeUncharged(db, lease, "not_charged", "handler_error");
      throw err;
    }
    if (answer.status !== route.successStatus) {
      await closeUncharged(db, lease, "not_charged", `status_${answer.status}`);
      return answer;
    }
    const kept = await keepAnswer(db, lease, {
      status: answer.status,
      sealed: sealAnswer(keys, answered(answer)),
      work: answer.work,
      pendingKey: route.pendingKey ?? null,
    });
    if (!kept) return inProgress();
    return settleKept(lease, answer, payload, route, url, auth, rowOf(auth, route), {
      client: keys.clientSha256,
    });
  }

  /** A read-only route: the handler first, then the reservation with its answer kept (one write), then settle. */
  async function answerFirst(
    attempt: PaymentAttempt,
    keys: PaymentKeys,
    payload: PaymentPayload,
    auth: Authorization,
    route: PaidRoute,
    url: string,
    handler: PaidHandler,
  ): Promise<PaidAnswer> {
    const id = randomUUID();
    // The payment reserved meanwhile by another request: its outcome is this request's answer.
    const taken = async () => {
      const now = await findPayment(db, auth.from, auth.nonce);
      return now ? resume(now, keys, payload, auth, route, url, handler) : inProgress();
    };
    let answer: PaidAnswer;
    try {
      answer = await handler({ paymentId: id });
    } catch (err) {
      await recordUncharged(db, attempt, id, "handler_error");
      throw err;
    }
    if (answer.status !== route.successStatus) {
      if (!(await recordUncharged(db, attempt, id, `status_${answer.status}`))) return taken();
      return answer;
    }
    const lease = await reserveAnswered(db, attempt, leaseMs, id, {
      status: answer.status,
      sealed: sealAnswer(keys, answered(answer)),
      work: answer.work,
    });
    if (!lease) return taken();
    return settleKept(lease, answer, payload, route, url, auth, rowOf(auth, route), {
      client: keys.clientSha256,
    });
  }

  const rowOf = (auth: Authorization, route: PaidRoute) => ({
    payer: auth.from.toLowerCase(),
    nonce: auth.nonce.toLowerCase(),
    pay_to: cfg.payTo,
    amount_atomic: route.amountAtomic,
    valid_before: auth.validBefore,
    asset,
  });

  async function verified(
    payload: PaymentPayload,
    route: PaidRoute,
    url: string,
  ): Promise<PaidAnswer | null> {
    let v: Awaited<ReturnType<FacilitatorClient["verify"]>>;
    try {
      v = await cfg.facilitator.verify(payload, requirements(route));
    } catch (err) {
      cfg.log.warn({ err: String(err), route: route.route }, "facilitator verify failed");
      return {
        status: 503,
        body: {
          error: "service_unavailable",
          message: "payment verification is unavailable; nothing was charged, retry later",
        },
        headers: { "retry-after": "5" },
      };
    }
    return v.isValid
      ? null
      : offer(route, url, {
          error: v.invalidReason ?? "invalid_payment",
          message: v.invalidMessage ?? "payment did not verify",
        });
  }

  /** A payment seen before: the same answer, a conflict, or the unfinished attempt carried on. */
  async function resume(
    row: PaymentRow,
    keys: PaymentKeys,
    payload: PaymentPayload,
    auth: Authorization,
    route: PaidRoute,
    url: string,
    handler: PaidHandler | null,
  ): Promise<PaidAnswer> {
    if (!samePaidRequest(row, keys)) return alreadyUsed();
    if (row.status === "settled") {
      const kept = row.answer_sealed ? openAnswer(keys, row.answer_sealed) : null;
      if (!kept || !row.tx_hash) return alreadyUsed();
      const headers = { ...kept.headers, ...receipt(row.tx_hash, row.payer) };
      // Once settled, the header and the request are no secret (the authorization is in the transaction's
      // calldata): whoever presents them from another address than the payer's is told nothing shown once.
      const foreign = isForeign(row, keys);
      if (row.answer_delivered_at === null) {
        // Settled by the reconciler, the answer was never handed over: the payer's address gets it whole, once.
        if (!foreign && (await firstDelivery(db, row.id, keys.clientSha256))) return { ...kept, headers };
        // Another address (the payer's changed, or a chain watcher) gets it without what is shown once, and
        // the payer's own first delivery stays.
        if (foreign) return { ...kept, headers, replayed: true };
      }
      // Handed over already: a repeat is answered only to the client that was answered.
      if (foreign) return answeredElsewhere();
      return { ...kept, headers, replayed: true };
    }
    const open = (OPEN_STATUSES as readonly string[]).includes(row.status);
    if (open && row.lease_until && row.lease_until.getTime() > Date.now()) {
      // Another request holds it (a concurrent duplicate): wait briefly for its outcome.
      const deadline = Date.now() + Math.min(10_000, row.lease_until.getTime() - Date.now());
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        const now = await findPayment(db, row.payer, row.nonce);
        if (now && (now.status !== row.status || now.lease_id !== row.lease_id || !now.lease_until))
          return resume(now, keys, payload, auth, route, url, handler);
      }
      return inProgress();
    }
    const lease = await takeOver(db, row, leaseMs);
    if (!lease) {
      const now = await findPayment(db, row.payer, row.nonce);
      return now && now.lease_id !== row.lease_id
        ? resume(now, keys, payload, auth, route, url, handler)
        : inProgress();
    }
    if (row.status === "answered" || row.status === "indeterminate") {
      const kept = row.answer_sealed ? openAnswer(keys, row.answer_sealed) : null;
      if (!kept) {
        await markIndeterminate(db, lease, "kept answer unreadable");
        return alreadyUsed();
      }
      const seen = await chainSays(row);
      if (seen.state === "settled") {
        // Settled since (its calldata public): handed over as in the settled case above.
        const foreign = isForeign(row, keys);
        await publish(row.id, seen.txHash, foreign ? null : { clientSha256: keys.clientSha256 });
        const headers = { ...kept.headers, ...receipt(seen.txHash, row.payer) };
        return foreign ? { ...kept, headers, replayed: true } : { ...kept, headers };
      }
      if (seen.state === "expired" || seen.state === "voided") {
        const message = "this payment can no longer settle; nothing was charged";
        const why =
          seen.state === "expired"
            ? { error: "authorization_expired", message }
            : { error: "authorization_voided", message };
        await closeUncharged(db, lease, "failed", why.error);
        return offer(route, url, why);
      }
      return settleKept(lease, kept, payload, route, url, auth, row, {
        client: keys.clientSha256,
        afterUncertain: true,
        foreign: isForeign(row, keys),
      });
    }
    // verified (no answer kept, so nothing was ever settled), not_charged or failed: a new attempt.
    if (!handler) {
      await closeUncharged(db, lease, "not_charged", "request_no_longer_valid");
      return alreadyUsed();
    }
    const refused = await verified(payload, route, url);
    if (refused) {
      await closeUncharged(db, lease, "not_charged", "verify_refused");
      return refused;
    }
    return runFresh(lease, keys, payload, auth, route, url, handler);
  }

  // What `prior` found for a request, so that `sell` right after it does not read the same row again. A row
  // that changed in between is caught where it is written: a reservation conflicts, a takeover is conditional.
  const lookedUp = new WeakMap<SellRequest, PaymentRow | undefined>();
  const lookUp = (req: SellRequest, auth: Authorization) => {
    if (lookedUp.has(req)) {
      const row = lookedUp.get(req);
      lookedUp.delete(req);
      return Promise.resolve(row);
    }
    return findPayment(db, auth.from, auth.nonce);
  };

  return {
    requirements,
    paymentRequired,
    /** A 402 that offers nothing and charges nothing (unknown id, a submission that cannot be created). */
    refuse(error: string, message: string): PaidAnswer {
      return { status: 402, body: { error, message } };
    },

    /**
     * The answer for a payment presented before, when this request carries one; null otherwise. Paid routes
     * call it before their own checks, so a retry gets its answer even after the world moved on (the
     * listing it paid to create now exists, the listing it asked about was delisted).
     */
    async prior(req: SellRequest, route: PaidRoute): Promise<PaidAnswer | null> {
      if (!req.paymentHeader) return null;
      const decoded = decodePayment(req.paymentHeader);
      const payload = decoded && "payload" in decoded ? decoded.payload : null;
      const auth = payload ? authorizationOf(payload) : null;
      if (!payload || !auth) return null;
      const row = await findPayment(db, auth.from, auth.nonce);
      lookedUp.set(req, row);
      if (!row) return null;
      const keys = fingerprints(req, payload);
      if (!samePaidRequest(row, keys)) return alreadyUsed();
      // Only outcomes that need no handler: a settled answer, or an unfinished one kept with its payment.
      if (row.status === "settled" || row.status === "answered" || row.status === "indeterminate")
        return resume(row, keys, payload, auth, route, req.url, null);
      return null;
    },

    async sell(req: SellRequest, route: PaidRoute, handler: PaidHandler): Promise<PaidAnswer> {
      if (!req.paymentHeader)
        return offer(
          route,
          req.url,
          req.misnamedHeader
            ? {
                error: "invalid_payment",
                message:
                  "x402 v2 takes the payment in the PAYMENT-SIGNATURE request header; X-PAYMENT is x402 v1's and is not read here. Send the same payment as PAYMENT-SIGNATURE; nothing was charged",
              }
            : undefined,
        );
      const decoded = decodePayment(req.paymentHeader);
      if (decoded && "refusal" in decoded)
        return offer(route, req.url, { error: "invalid_payment", message: decoded.refusal });
      const payload = decoded?.payload ?? null;
      const auth = payload ? authorizationOf(payload) : null;
      if (!payload || !auth)
        return offer(route, req.url, {
          error: "invalid_payment",
          message: "PAYMENT-SIGNATURE is not an x402 v2 exact payment",
        });
      const keys = fingerprints(req, payload);
      const seen = await lookUp(req, auth);
      if (seen) return resume(seen, keys, payload, auth, route, req.url, handler);
      // Exactly the asked offer's amount: a payment for another offer in the terms (or an overpayment a
      // lenient verifier would accept) is refused before anything is reserved.
      if (BigInt(auth.value) !== BigInt(route.amountAtomic))
        return offer(route, req.url, {
          error: "invalid_payment",
          message: `the payment authorizes ${auth.value} atomic USDC; this request costs ${route.amountAtomic}; nothing was charged`,
        });
      const refused = await verified(payload, route, req.url);
      if (refused) {
        // A concurrent request with this payment may have reserved or even settled it since it was looked up
        // (used on-chain, so verify refuses it): its outcome is this request's answer, not a refusal.
        const now = await findPayment(db, auth.from, auth.nonce);
        return now ? resume(now, keys, payload, auth, route, req.url, handler) : refused;
      }
      const attempt: PaymentAttempt = {
        route: route.route,
        resource: req.url,
        listingId: route.listingId ?? null,
        payer: auth.from,
        nonce: auth.nonce,
        amountAtomic: route.amountAtomic,
        asset,
        network,
        payTo: cfg.payTo,
        requestSha256: keys.requestSha256,
        payloadSha256: keys.payloadSha256,
        clientSha256: keys.clientSha256,
        validBefore: auth.validBefore,
        pendingKey: route.pendingKey ?? null,
      };
      if (route.readOnly) return answerFirst(attempt, keys, payload, auth, route, req.url, handler);
      const lease = await reserveAuthorization(db, attempt, leaseMs);
      if (!lease) {
        const now = await findPayment(db, auth.from, auth.nonce);
        return now ? resume(now, keys, payload, auth, route, req.url, handler) : inProgress();
      }
      return runFresh(lease, keys, payload, auth, route, req.url, handler);
    },

    /**
     * Decide open payments nobody holds from the chain: settled ones are recorded and their work published;
     * ones that can never settle are closed uncharged (their kept answers dropped); ones that can still
     * settle are left for the payer's retry. Returns counts by outcome.
     */
    async reconcile(limit = 100): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      const bump = (k: string) => {
        counts[k] = (counts[k] ?? 0) + 1;
      };
      for (const row of await lapsedOpenPayments(db, limit)) {
        const lease = await takeOver(db, row, leaseMs);
        if (!lease) continue;
        if (row.status === "verified") {
          // No answer was kept, so no settlement was ever sent for it.
          await closeUncharged(db, lease, "not_charged", "abandoned_before_answer");
          bump("not_charged");
          continue;
        }
        const seen = await chainSays(row);
        if (seen.state === "settled") {
          await publish(row.id, seen.txHash, null);
          bump("settled");
        } else if (seen.state === "expired" || seen.state === "voided") {
          await closeUncharged(db, lease, "failed", `authorization_${seen.state}`);
          bump(seen.state);
        } else {
          await markIndeterminate(db, lease, row.error ?? seen.state);
          bump(seen.state);
        }
      }
      return counts;
    },
  };
}
export type Seller = ReturnType<typeof createSeller>;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`settlement timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}
