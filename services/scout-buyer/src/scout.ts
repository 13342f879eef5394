import { gradeDelivery, type PurchaseOutcome } from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { type Logger, SafeFetchError, type SafeHttpClient } from "@tollgate/platform";
import {
  dropUnpaidPurchase,
  notePaymentSigned,
  notePurchaseAnswer,
  notePurchaseTimedOut,
  type PlanItem,
  type PlanSource,
  type PurchaseResult,
  planCandidate,
  purchaseAnswer,
  recordPurchase as recordPurchaseRow,
  type ScoutCandidate,
  type ScoutPolicy,
  scoutCandidates,
  startPurchase,
  strandedPurchases,
} from "@tollgate/registry";
import { type SettlementReader, USDC_BASE } from "@tollgate/x402";
import { x402Client } from "@x402/core/client";
import { toClientEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { Ajv } from "ajv";
import type { LocalAccount, PublicClient } from "viem";
import {
  forX402Client,
  MAX_AUTHORIZATION_S,
  mppMethods,
  payBaseUsdcOnly,
  paysOverMpp,
  quoteOf,
  type Refusal,
  registerBaseSchemes,
  type Signed,
  signedOutOfBounds,
  unpayableMpp,
  unreadableTerms,
  unsignableTerms,
} from "./wire.js";

export interface ScoutDeps {
  db: Db;
  log: Logger;
  /** The SSRF-safe client: every byte to and from a seller goes through it. */
  http: SafeHttpClient;
  account: LocalAccount;
  publicClient: PublicClient;
  settlements: SettlementReader;
  policy: ScoutPolicy;
  timeoutMs: number;
  /** Verify-now plans: their purchases go before routine ones. */
  plans?: PlanSource;
}

export type BuyResult = "recorded" | "not_paid" | "busy" | "budget" | "skipped" | "client_error";

/**
 * fetch over the SSRF-safe client, for the official x402 client to wrap. Redirects as the prober follows them:
 * within the listed endpoint's origin only (a redirect elsewhere is refused before it is contacted, so a payment
 * header never leaves the origin the listing names).
 */
export function fetchVia(http: SafeHttpClient): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const req = new Request(input, init);
    const headers = Object.fromEntries(req.headers.entries());
    const body =
      req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(await req.arrayBuffer());
    const res = await http.request(req.url, {
      method: req.method,
      headers,
      body,
      signal: req.signal,
      sameOriginRedirectsOnly: true,
      // As the prober reads a 402: its terms may be in the headers whatever its body holds, so a body past the
      // cap is cut off there; any other answer that large still fails.
      oversizeBody: "truncate",
    });
    if (res.truncated && res.status !== 402)
      throw res.bodyError ?? new SafeFetchError("body_too_large", "response body over the size cap", res.url);
    return new Response(res.status === 204 || res.status === 304 ? null : res.body, {
      status: res.status,
      headers: res.headers,
    });
  }) as typeof fetch;
}

const ajv = new Ajv({ allErrors: false, strict: false });

/** The listing's response_schema as a validator (null when it declares none or the schema does not compile). */
function validatorFor(schema: unknown): ((v: unknown) => string | null) | null {
  if (!schema || typeof schema !== "object") return null;
  try {
    const check = ajv.compile(schema as object);
    return (v) => (check(v) ? null : ajv.errorsText(check.errors));
  } catch {
    return null;
  }
}

/**
 * One purchase of one listing, as an agent would make it: the official x402 client pays the live quote
 * (x402 v2 `exact` on eip155:8453, or v1 `exact` on `base`, whose quote is `maxAmountRequired`), which must
 * not exceed the listed price and must name the payTo the prober last saw. The intent row is
 * written before anything is signed and the nonce before the paid request leaves, so a crash at any point
 * leaves a row the reconciler can settle from the chain.
 */
export async function buyOne(
  d: ScoutDeps,
  c: ScoutCandidate,
  now = new Date(),
  plan?: PlanItem,
): Promise<BuyResult> {
  const recordPurchase = (db: Db, id: string, r: PurchaseResult) =>
    recordPurchaseRow(db, id, r, new Date(), d.plans);
  const price = c.price_amount;
  // A routine purchase only if nobody bought the listing since it was picked (another replica); within the
  // daily and per-seller budgets, reserved under one lock across replicas.
  const id = await startPurchase(d.db, c.id, price, plan, plan ? undefined : c.last_purchase_at, {
    policy: d.policy,
    payTo: c.obs_pay_to,
    now,
  });
  if (id === "budget") return "budget";
  if (!id) return "busy";
  // The most the scout may pay, in atomic units, never above the listed price: rounded down (a listing at 0.0000005
  // USD can be bought for nothing above it, so it is not bought), after the float's own error is cleared (0.57 is
  // 569999.99… × 1e-6 as a double, and is 570000).
  const listedAtomic = BigInt(Math.floor(Math.round(price * 1e12) / 1e6));
  let refused: Refusal | null = null;
  let signed: Signed | null = null;
  const client = new x402Client();
  const signer = toClientEvmSigner(d.account, d.publicClient as never);
  registerBaseSchemes(client, new ExactEvmScheme(signer));
  payBaseUsdcOnly(client);
  client.onBeforePaymentCreation(async ({ selectedRequirements: r }) => {
    const req = r as unknown as {
      amount?: unknown;
      maxAmountRequired?: unknown;
      payTo: string;
      asset: string;
      maxTimeoutSeconds?: unknown;
    };
    // The highest amount the terms name: a v1 client signs `maxAmountRequired`, a v2 client `amount`, and a
    // seller may send both (a small `amount` beside a large `maxAmountRequired`).
    const quote = quoteOf(req);
    if (quote === null) {
      refused = {
        outcome: "unparseable_402_quote",
        reason: "the quote's amount is not an atomic integer",
        quote: "0",
      };
      return { abort: true, reason: refused.reason };
    }
    if (BigInt(quote) > listedAtomic) {
      refused = {
        outcome: "price_drift",
        reason: `the live quote (${quote} atomic) is above the listed price`,
        quote,
      };
      return { abort: true, reason: refused.reason };
    }
    if (req.payTo.toLowerCase() !== (c.obs_pay_to ?? "").toLowerCase()) {
      refused = {
        outcome: "payto_unconfirmed",
        reason: "the live payTo differs from the one the prober last saw",
        quote,
      };
      return { abort: true, reason: refused.reason };
    }
    if (req.asset.toLowerCase() !== USDC_BASE.toLowerCase()) {
      refused = { outcome: "unparseable_402_quote", reason: "the quote is not in USDC on Base", quote };
      return { abort: true, reason: refused.reason };
    }
    const unsignable = unsignableTerms(req);
    if (unsignable) {
      refused = { outcome: "unparseable_402_quote", reason: unsignable, quote };
      return { abort: true, reason: refused.reason };
    }
    const timeout = Number(req.maxTimeoutSeconds);
    if (!Number.isSafeInteger(timeout) || timeout <= 0 || timeout > MAX_AUTHORIZATION_S) {
      refused = {
        outcome: "unparseable_402_quote",
        reason: `the quote asks for an authorization valid ${String(req.maxTimeoutSeconds).slice(0, 20)} s; the scout signs authorizations valid at most ${MAX_AUTHORIZATION_S} s`,
        quote,
      };
      return { abort: true, reason: refused.reason };
    }
  });
  client.onAfterPaymentCreation(async ({ paymentPayload, selectedRequirements: r }) => {
    const auth = (paymentPayload.payload as { authorization?: Record<string, string> }).authorization;
    if (!auth?.nonce) throw new Error("the payment carries no EIP-3009 authorization");
    // What was signed, not what the terms said: thrown here, the payment never leaves this process.
    const wrong = signedOutOfBounds(auth, listedAtomic, c.obs_pay_to);
    if (wrong) {
      refused = wrong;
      throw new Error(wrong.reason);
    }
    signed = {
      nonce: auth.nonce,
      payer: auth.from ?? d.account.address,
      payTo: auth.to ?? r.payTo,
      amountAtomic: String(auth.value),
      validBefore: auth.validBefore ? new Date(Number(auth.validBefore) * 1000) : null,
    };
    await notePaymentSigned(d.db, id, {
      nonce: signed.nonce,
      payer: signed.payer,
      payTo: signed.payTo,
      quoteAtomic: signed.amountAtomic,
      validBefore: signed.validBefore,
    });
  });
  // The unpaid answer decides the wire: an MPP `evm` charge challenge is paid with mppx (first: the listing
  // speaks MPP); anything else goes on to the official x402 client, which reads v2 and v1 terms.
  const send = fetchVia(d.http);
  let unpaid: { res: Response; mpp: string[] } | null = null;
  const firstAnswer = (async (input: string | URL | Request, init?: RequestInit) => {
    const r = await send(input, init);
    if (unpaid) return r;
    // A 402 is kept by its status and headers (an MPP challenge is all in its headers); its body stays the x402
    // client's to read.
    unpaid =
      r.status === 402
        ? { res: new Response(null, { status: 402, headers: r.headers }), mpp: mppMethods(r) }
        : { res: r, mpp: [] };
    if (r.status !== 402) return r;
    const text = await r.text();
    if (paysOverMpp(r.headers, text, c.obs_pay_to)) throw new PayWithMpp();
    const unreadable = unreadableTerms(r.headers, text);
    if (unreadable) throw new UnpayableTerms(unreadable);
    // The terms in the form the official client reads, wherever this seller put them (as the prober reads them).
    const wire = forX402Client(r.headers, text);
    return new Response(wire.body, { status: 402, headers: wire.headers });
  }) as typeof fetch;
  const pay = wrapFetchWithPayment(firstAnswer, client);
  const started = performance.now();
  let res: Response | null = null;
  let body: Uint8Array = new Uint8Array();
  let failure: unknown = null;
  // A controller held here and a plain timer, not AbortSignal.timeout: the Request copies made on the way
  // (fetchVia, the x402 wrapper's retry) only follow the caller's signal weakly, and a timeout signal nobody
  // holds can be garbage-collected before it fires, letting a stalling seller run past the timeout.
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new Error(`no answer within ${d.timeoutMs} ms`)),
    d.timeoutMs,
  );
  const signal = deadline.signal;
  try {
    try {
      res = await pay(c.endpoint_url, { ...requestOf(c), signal });
    } catch (err) {
      const first = unpaid as { res: Response; mpp: string[] } | null;
      if (!(err instanceof PayWithMpp) || !first) throw err;
      // mppx is loaded only for a seller that speaks MPP.
      const { payMpp } = await import("./mpp.js");
      const paid = await payMpp({
        db: d.db,
        purchaseId: id,
        account: d.account,
        send,
        url: c.endpoint_url,
        challenge: first.res,
        request: requestOf(c),
        listedAtomic,
        seenPayTo: c.obs_pay_to,
        signal,
      });
      refused = paid.refused;
      signed = paid.signed;
      res = paid.res;
    }
    if (res) body = new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    failure = err;
  } finally {
    clearTimeout(timer);
  }
  const latency = Math.round(performance.now() - started);
  const base = {
    quote_amount_atomic: null,
    http_status: res?.status ?? null,
    content_type: res?.headers.get("content-type") ?? null,
    latency_ms: latency,
    pay_to: c.obs_pay_to,
    tx_hash: null,
    amount_usdc: null,
    json_valid: null,
    schema_valid: null,
    body_sha256: null,
    note: null,
  };
  const r = refused as Refusal | null;
  const s = signed as Signed | null;
  if (!s) {
    if (r?.outcome === "payto_unconfirmed") {
      // Not ours to judge yet: wait for a probe to see the new payTo. Nothing was paid; nothing is recorded.
      await dropUnpaidPurchase(d.db, id);
      return "skipped";
    }
    if (r) {
      await recordPurchase(d.db, id, {
        ...base,
        quote_amount_atomic: r.quote,
        outcome: r.outcome as PurchaseOutcome,
        delivered: false,
        failure_reason: r.reason,
        note: "not paid: refused before any payment was sent",
        dry_run: true,
      });
      return "not_paid";
    }
    const first = unpaid as { res: Response; mpp: string[] } | null;
    if (first?.res.status === 402 && isUnpayableQuote(failure)) {
      // The seller asks for payment in a form no client here pays (an MPP method other than evm, another
      // network): a dry run, recorded so the listing is not re-tried every round.
      await recordPurchase(d.db, id, {
        ...base,
        http_status: 402,
        content_type: first.res.headers.get("content-type"),
        outcome: "unparseable_402_quote",
        delivered: false,
        failure_reason:
          first.mpp.length > 0
            ? unpayableMpp(first.mpp)
            : `no payment option the official x402 client can pay (${(failure as Error).message})`,
        note: "not paid",
        dry_run: true,
      });
      return "not_paid";
    }
    if (failure || !res) {
      // Our own client (or the network) failed before any payment: re-run later, never counted.
      d.log.warn({ err: failure, listing: c.id }, "purchase did not reach payment; will be re-run");
      await dropUnpaidPurchase(d.db, id);
      return "client_error";
    }
    await recordPurchase(d.db, id, {
      ...base,
      ...gradeDelivery({ status: res.status, contentType: base.content_type, body }, null),
      outcome: res.status === 402 ? "unparseable_402_quote" : "no_payment_required",
      delivered: false,
      failure_reason:
        res.status === 402 ? "no payment option the scout can pay" : "answered without asking for payment",
      note: "not paid",
      dry_run: true,
    });
    return "not_paid";
  }
  // A payment was signed: whatever happened next, the chain says whether money moved.
  const onchain = await d.settlements.check({
    asset: USDC_BASE,
    payer: s.payer,
    nonce: s.nonce,
    payTo: s.payTo,
    amountAtomic: s.amountAtomic,
    validBefore: s.validBefore,
  });
  const settled = onchain.state === "settled";
  const paid = settled
    ? {
        tx_hash: onchain.txHash,
        amount_usdc: Number(s.amountAtomic) / 1e6,
        quote_amount_atomic: s.amountAtomic,
      }
    : { tx_hash: null, amount_usdc: null, quote_amount_atomic: s.amountAtomic };
  const grade = res
    ? gradeDelivery(
        {
          status: res.status,
          contentType: base.content_type,
          body,
          lastModified: res.headers.get("last-modified"),
          at: new Date(),
        },
        validatorFor(c.response_schema),
      )
    : unanswered(failure, d.timeoutMs, signal.aborted);
  if (!settled) {
    if (onchain.state === "unused") {
      // Signed but not (yet) settled: keep the intent for the reconciler, which records it once the nonce is used
      // or expires. No answer in time is the seller's doing: a later settlement counts as a `timeout`. Any other
      // answer (a 402 again, a 500, a delivery before settling) is kept on the intent and graded as it was once
      // the payment settles: a seller that settles after answering an error is graded on that error, not excused
      // as the scout's own interruption.
      if (grade.outcome === "timeout") await notePurchaseTimedOut(d.db, id);
      else await notePurchaseAnswer(d.db, id, { ...base, ...grade });
      d.log.warn(
        { err: failure, listing: c.id, nonce: s.nonce },
        "payment signed but not settled yet; left to reconcile",
      );
      return "recorded";
    }
    await recordPurchase(d.db, id, {
      ...base,
      ...paid,
      outcome: res ? `paid_but_status_${res.status}` : "timeout",
      delivered: false,
      json_valid: null,
      schema_valid: null,
      body_sha256: null,
      failure_reason: `no settlement on chain (${onchain.state})`,
      note: "not paid: the seller did not settle the payment",
      dry_run: true,
    });
    return "not_paid";
  }
  const result: PurchaseResult = {
    ...base,
    ...paid,
    ...grade,
    pay_to: s.payTo,
    note: "settlement read back from the chain",
  };
  await recordPurchase(d.db, id, result);
  d.log.info({ listing: c.id, outcome: grade.outcome, tx: paid.tx_hash }, "purchase recorded");
  return "recorded";
}

/**
 * Intents a replica left behind (killed mid-purchase): the chain says whether the signed payment moved money.
 * Settled → recorded (excluded from grades: our own client failed to read the delivery); never signed, or
 * expired unused → dropped.
 */
export async function reconcile(d: ScoutDeps, now = new Date(), olderThanS = 120): Promise<number> {
  let n = 0;
  for (const p of await strandedPurchases(d.db, now, olderThanS)) {
    if (!p.nonce || !p.payer || !p.pay_to || !p.quote_amount_atomic) {
      await dropUnpaidPurchase(d.db, p.id);
      continue;
    }
    const onchain = await d.settlements.check({
      asset: USDC_BASE,
      payer: p.payer,
      nonce: p.nonce,
      payTo: p.pay_to,
      amountAtomic: p.quote_amount_atomic,
      // Never paid only once the signed authorization can no longer be settled (intents from before its
      // validity was kept: their start plus ten minutes).
      validBefore: p.valid_before ?? new Date(p.at.getTime() + 10 * 60_000),
    });
    if (onchain.state === "unused" || onchain.state === "unknown") continue;
    const settled = onchain.state === "settled";
    const money = {
      tx_hash: settled ? onchain.txHash : null,
      amount_usdc: settled ? Number(p.quote_amount_atomic) / 1e6 : null,
      quote_amount_atomic: p.quote_amount_atomic,
      http_status: null,
      content_type: null,
      json_valid: null,
      schema_valid: null,
      body_sha256: null,
      pay_to: p.pay_to,
      delivered: false,
    };
    const answer =
      p.outcome === "timeout" || p.outcome === "in_flight" ? null : await purchaseAnswer(d.db, p.id);
    if (answer && settled)
      // The seller answered before it settled: graded on that answer, as if it had settled at once.
      await recordPurchaseRow(
        d.db,
        p.id,
        {
          ...money,
          ...answer,
          pay_to: p.pay_to,
          note: "settlement read back from the chain after the answer: the seller settled later",
        },
        new Date(),
        d.plans,
      );
    else if (answer)
      // The seller answered and never settled: nothing was paid (a dry run, as when the chain says so at once).
      await recordPurchaseRow(
        d.db,
        p.id,
        {
          ...money,
          outcome: answer.http_status !== null ? `paid_but_status_${answer.http_status}` : answer.outcome,
          http_status: answer.http_status,
          content_type: answer.content_type,
          latency_ms: answer.latency_ms,
          failure_reason: `no settlement on chain (${onchain.state})`,
          note: "not paid: the seller did not settle the payment",
          dry_run: true,
        },
        new Date(),
        d.plans,
      );
    else if (p.outcome === "timeout" && settled)
      // The seller took the payment and answered nothing in time: counted against it, like any failed delivery.
      await recordPurchaseRow(
        d.db,
        p.id,
        {
          ...money,
          outcome: "timeout",
          latency_ms: d.timeoutMs,
          failure_reason: `paid, then no answer within ${d.timeoutMs} ms; the payment settled later`,
          note: "settlement read back from the chain after the request timed out",
        },
        new Date(),
        d.plans,
      );
    else
      await recordPurchaseRow(d.db, p.id, {
        ...money,
        outcome: "settlement_unproven",
        latency_ms: null,
        failure_reason: settled
          ? "the scout stopped after paying, before reading the delivery"
          : `the signed payment never settled (${onchain.state})`,
        note: "reconciled from the chain after the scout was interrupted; excluded from grades (our own failure)",
        dry_run: true,
        detach_plan: true,
      });
    n++;
  }
  return n;
}

/** One scheduling round: reconcile, then buy what is due, one purchase at a time, within budget. */
export async function scoutRound(d: ScoutDeps, now = new Date()): Promise<Record<BuyResult, number>> {
  const counts: Record<BuyResult, number> = {
    recorded: 0,
    not_paid: 0,
    busy: 0,
    budget: 0,
    skipped: 0,
    client_error: 0,
  };
  await reconcile(d, now);
  // Plan purchases first: they were paid for (timing only — graded and published like any other).
  for (const item of d.plans ? await d.plans.due(d.db, now) : []) {
    const c = await planCandidate(d.db, item.listingId, d.policy);
    if (!c) continue; // not buyable now (failing, payTo unseen…): stays due and is tried next round
    const r = await buyOne(d, c, now, item);
    counts[r]++;
    if (r === "budget") return counts;
  }
  // The ten most due, in a random order: replicas reading the same ten then rarely reach for the same one.
  const due = await scoutCandidates(d.db, now, d.policy, 10);
  for (let i = due.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [due[i], due[j]] = [due[j]!, due[i]!];
  }
  for (const c of due) {
    const r = await buyOne(d, c, now);
    counts[r]++;
    if (r === "budget") break;
  }
  return counts;
}

/**
 * The request a purchase makes: the verb the prober's challenge came from. A listing that challenged only the
 * unpaid POST retry (GET answered without a challenge) is bought with the same POST the prober sent, an empty
 * JSON object; bought with GET, it never asked for payment.
 */
function requestOf(c: ScoutCandidate): { method: string; body?: string; headers?: Record<string, string> } {
  return c.verified_via === "POST"
    ? { method: "POST", body: "{}", headers: { "content-type": "application/json" } }
    : { method: "GET" };
}

/**
 * The grade of a settled purchase whose answer never arrived whole, by why: no answer in time (`timeout`); a
 * redirect the scout does not follow (off the listed origin, or too many) is the answer the seller gave
 * (`paid_but_status_<3xx>`); an answer that broke off (reset, cut short of its Content-Length, corrupt encoding)
 * is the seller's `error_<code>`; an answer past the scout's own size cap is not judged (a dry run: our limit,
 * not the seller's failure). All of these used to be recorded as a timeout, whatever happened.
 */
function unanswered(
  failure: unknown,
  timeoutMs: number,
  timedOut: boolean,
): ReturnType<typeof gradeDelivery> & { dry_run?: boolean } {
  const none = { delivered: false, json_valid: null, schema_valid: null, body_sha256: null, fresh: null };
  const e = failure instanceof SafeFetchError ? failure : null;
  // The scout's own deadline ended it, whatever the error it surfaced as.
  if (timedOut || !e || e.code === "timeout")
    return { ...none, outcome: "timeout", failure_reason: `paid, then no answer within ${timeoutMs} ms` };
  if (e.status !== undefined)
    return {
      ...none,
      outcome: `paid_but_status_${e.status}`,
      failure_reason: `paid, then the endpoint answered HTTP ${e.status}, not followed (${e.code}: ${e.message.slice(0, 200)})`,
    };
  if (e.code === "body_too_large")
    return {
      ...none,
      outcome: "error_body_too_large",
      failure_reason: `paid, then the answer was past the scout's size cap (${e.message.slice(0, 100)}); not judged: the cap is ours`,
      dry_run: true,
    };
  return {
    ...none,
    outcome: `error_${e.code}`,
    failure_reason: `paid, then the answer broke off (${e.code}: ${e.message.slice(0, 200)})`,
  };
}

/** Thrown by the first-answer fetch to leave the x402 client when the seller offers an MPP evm charge. */
class PayWithMpp extends Error {}

/** Thrown by the first-answer fetch when the 402's x402 terms are in no form the scout pays. */
class UnpayableTerms extends Error {}

/** The official x402 client found nothing it can pay in the 402 (not a failure of ours to re-run). */
function isUnpayableQuote(err: unknown): boolean {
  if (err instanceof UnpayableTerms) return true;
  const m = err instanceof Error ? err.message : "";
  return (
    m.startsWith("Failed to parse payment requirements") ||
    m.includes("No network/scheme registered") ||
    m.includes("filtered out by policies")
  );
}
