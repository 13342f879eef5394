import { type DepthPurchase, type Grade, type PurchaseOutcome, paidDepth, unixSeconds } from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { sql } from "kysely";
import { PLAN_QUOTE_CAP_USD } from "./plans.js";

/** What the listing keeps of its purchases (derived; recomputed whenever one is recorded). */
export interface PaidState {
  latest: {
    at: number;
    delivered: boolean;
    tx_hash: string | null;
    amount_usdc: number | null;
    failure_reason: string | null;
    note: string | null;
  } | null;
  verified: {
    at: number;
    tx_hash: string | null;
    amount_usdc: number | null;
    schema_validated: boolean;
  } | null;
  depth: ReturnType<typeof paidDepth>;
}

export interface ScoutPolicy {
  /** Highest listed price the scout pays per call (USD). */
  perPurchaseCapUsd: number;
  /** USD the scout may spend per UTC day, all sellers together. */
  dailyBudgetUsd: number;
  /** USD the scout may spend per UTC day on one payTo. */
  perSellerDailyUsd: number;
  /** Seconds between two purchases of one listing. */
  rebuyAfterS: number;
}

const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * USD spent on real purchases since the start of today's UTC day. In-flight purchases count at their quote,
 * or at the listed price before a quote was seen, so concurrent purchases never overrun the budget together.
 */
export async function spentToday(db: Db, now: Date, payTo?: string): Promise<number> {
  let q = db
    .selectFrom("purchases")
    .select(
      sql<string>`coalesce(sum(coalesce(amount_usdc, quote_amount_atomic::numeric / 1e6, CASE WHEN state = 'paying' THEN listed_price END)), 0)`.as(
        "usd",
      ),
    )
    .where("at", ">=", startOfUtcDay(now))
    .where("dry_run", "=", false);
  if (payTo) q = q.where(sql`lower(pay_to)`, "=", payTo.toLowerCase());
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.usd);
}

/**
 * Listings due a purchase, in the scout's order: verified listings never bought first (oldest
 * verification first), then re-buys, longest since the last purchase first. Never: a failing or
 * unverified listing, a burn payTo, an unstable payTo, a price above the per-purchase cap.
 */
export async function scoutCandidates(db: Db, now: Date, policy: ScoutPolicy, limit = 10) {
  return candidates(db, policy)
    .where((eb) =>
      eb.or([
        eb("last_purchase_at", "is", null),
        eb("last_purchase_at", "<", new Date(now.getTime() - policy.rebuyAfterS * 1000)),
      ]),
    )
    .orderBy(sql`last_purchase_at IS NOT NULL`)
    .orderBy("last_purchase_at", "asc")
    .orderBy("status_changed_at", "asc")
    .limit(limit)
    .execute();
}

/** One listing, if it is still due a routine purchase now (what a queued purchase job re-checks). */
export async function scoutCandidate(db: Db, listingId: string, now: Date, policy: ScoutPolicy) {
  return (
    (await candidates(db, policy)
      .where("id", "=", listingId)
      .where((eb) =>
        eb.or([
          eb("last_purchase_at", "is", null),
          eb("last_purchase_at", "<", new Date(now.getTime() - policy.rebuyAfterS * 1000)),
        ]),
      )
      .executeTakeFirst()) ?? null
  );
}

/**
 * Listings the scout may ever buy from: verified, a payTo seen and neither burn nor unstable, within the cap. For a
 * plan's purchase (`plan`): unverified too, within the plan cap (planCandidate).
 */
function candidates(db: Db, policy: ScoutPolicy, o: { plan?: boolean } = {}) {
  return db
    .selectFrom("listings")
    .select([
      "id",
      "endpoint_url",
      "price_amount",
      "obs_pay_to",
      "amount_atomic",
      "response_schema",
      "request_schema",
      "sample_query",
      "last_purchase_at",
      "verified_via",
    ])
    .where("status", "in", o.plan ? ["verified", "unverified"] : ["verified"])
    .where("payto_sentinel", "=", false)
    .where("payto_unstable", "=", false)
    .where("obs_pay_to", "is not", null)
    .where(
      "price_amount",
      "<=",
      o.plan ? Math.max(policy.perPurchaseCapUsd, PLAN_QUOTE_CAP_USD) : policy.perPurchaseCapUsd,
    );
}
export type ScoutCandidate = Awaited<ReturnType<typeof scoutCandidates>>[number];

/**
 * Reserve one purchase of a listing: an intent row in state `paying`, written before anything is signed.
 * Null when another purchase of the listing is in flight (a second replica, a retried job): the database's
 * one-paying-per-listing index decides, so two replicas never both pay. With `seenLastPurchaseAt` (a
 * routine purchase: what the scheduler read), null too when the listing was bought since: the listing row is
 * locked and re-read, and recording a purchase updates that row, so a replica that picked the listing before
 * another one's purchase was recorded never buys it a second time.
 */
export async function startPurchase(
  db: Db,
  listingId: string,
  listedPrice: number,
  plan?: PlanItem,
  seenLastPurchaseAt?: Date | null,
  budget?: { policy: ScoutPolicy; payTo: string | null; now: Date },
): Promise<string | null | "budget"> {
  return db.transaction().execute(async (trx) => {
    if (budget) {
      // One budget for every replica and every concurrent purchase: checked and reserved (the intent row
      // counts at its listed price) under one lock.
      await sql`SELECT pg_advisory_xact_lock(hashtext('tollgate:scout-budget'))`.execute(trx);
      if ((await spentToday(trx, budget.now)) + listedPrice > budget.policy.dailyBudgetUsd + 1e-9)
        return "budget";
      if (
        budget.payTo &&
        (await spentToday(trx, budget.now, budget.payTo)) + listedPrice >
          budget.policy.perSellerDailyUsd + 1e-9
      )
        return "budget";
    }
    if (seenLastPurchaseAt !== undefined) {
      const now = await trx
        .selectFrom("listings")
        .select("last_purchase_at")
        .where("id", "=", listingId)
        .forUpdate()
        .executeTakeFirst();
      if (!now || (now.last_purchase_at?.getTime() ?? null) !== (seenLastPurchaseAt?.getTime() ?? null))
        return null;
    }
    const row = await trx
      .insertInto("purchases")
      .values({
        listing_id: listingId,
        outcome: "in_flight",
        delivered: false,
        state: "paying",
        listed_price: listedPrice,
        // The payTo the probe saw, so the per-seller budget counts this intent; the signed payment's replaces it.
        ...(budget?.payTo ? { pay_to: budget.payTo } : {}),
        plan_id: plan?.planId ?? null,
        plan_seq: plan?.seq ?? null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    return row?.id ?? null;
  });
}

/** One purchase a verify-now plan owes (its place `seq` in the plan). */
export interface PlanItem {
  planId: string;
  listingId: string;
  seq: number;
}

/** Where plan purchases come from and where a made one is recorded (verify-now plans). */
export interface PlanSource {
  due(db: Db, now: Date): Promise<PlanItem[]>;
  record(db: Db, done: { planId: string; seq: number; purchaseId: string }): Promise<void>;
}

/**
 * The listing a plan purchase is for, if the scout may buy from it now: as routine purchases (no re-buy wait), except
 * that an unverified listing is bought too, and up to the plan cap whatever the routine per-purchase cap. The owner
 * paid for the purchase's timing: a listing just submitted is what verify-now is for, and its probes take hours to
 * verify it; a plan sold for a listing at 0.40 USD must not wait forever behind an operator's routine cap of 0.10.
 * A failing listing, an unseen, burn or unstable payTo still wait (ADR 0008).
 */
export async function planCandidate(db: Db, listingId: string, policy: ScoutPolicy) {
  return (
    (await candidates(db, policy, { plan: true }).where("id", "=", listingId).executeTakeFirst()) ?? null
  );
}

/**
 * The payment about to be sent: its nonce, payer, payTo, quote and the end of its validity, kept before the
 * request leaves.
 */
export async function notePaymentSigned(
  db: Db,
  id: string,
  p: { nonce: string; payer: string; payTo: string; quoteAtomic: string; validBefore?: Date | null },
): Promise<void> {
  await db
    .updateTable("purchases")
    .set({
      nonce: p.nonce,
      payer: p.payer,
      pay_to: p.payTo,
      quote_amount_atomic: p.quoteAtomic,
      valid_before: p.validBefore ?? null,
    })
    .where("id", "=", id)
    .where("state", "=", "paying")
    .execute();
}

/**
 * The paid request got no answer in time after its payment was signed: the intent stays `paying` (the
 * payment may still settle) but is marked, so that a settlement found later counts against the seller as a
 * `timeout` rather than as the scout's own failure.
 */
export async function notePurchaseTimedOut(db: Db, id: string): Promise<void> {
  await db
    .updateTable("purchases")
    .set({ outcome: "timeout" })
    .where("id", "=", id)
    .where("state", "=", "paying")
    .execute();
}

/**
 * The answer a signed, not yet settled purchase got (a 402 again, a 500, a delivery before settling), kept on its
 * intent until the chain decides it: the reconciler grades the seller on it once the payment settles.
 */
export type KeptAnswer = Pick<
  PurchaseResult,
  | "outcome"
  | "http_status"
  | "content_type"
  | "latency_ms"
  | "json_valid"
  | "schema_valid"
  | "body_sha256"
  | "failure_reason"
  | "fresh"
> & { delivered: boolean; dry_run?: boolean };

export async function notePurchaseAnswer(db: Db, id: string, a: KeptAnswer): Promise<void> {
  // `delivered` stays false on the intent: it is the reconciler's to set once the payment settles.
  await db
    .updateTable("purchases")
    .set({
      outcome: a.outcome,
      http_status: a.http_status,
      content_type: a.content_type,
      latency_ms: a.latency_ms,
      json_valid: a.json_valid,
      schema_valid: a.schema_valid,
      body_sha256: a.body_sha256,
      failure_reason: a.failure_reason,
      fresh: a.fresh ?? null,
    })
    .where("id", "=", id)
    .where("state", "=", "paying")
    .execute();
}

export async function purchaseAnswer(db: Db, id: string): Promise<KeptAnswer | null> {
  const r = await db
    .selectFrom("purchases")
    .select([
      "outcome",
      "http_status",
      "content_type",
      "latency_ms",
      "json_valid",
      "schema_valid",
      "body_sha256",
      "failure_reason",
      "fresh",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!r?.outcome) return null;
  return {
    ...r,
    outcome: r.outcome as PurchaseOutcome,
    delivered: r.outcome === "delivered",
    // An answer past the scout's own cap is not the seller's failure (see `unanswered`).
    ...(r.outcome === "error_body_too_large" ? { dry_run: true } : {}),
  };
}

/** Drop an intent that paid nothing (no payment was signed): nothing to record. */
export async function dropUnpaidPurchase(db: Db, id: string): Promise<void> {
  await db
    .deleteFrom("purchases")
    .where("id", "=", id)
    .where("state", "=", "paying")
    .where("nonce", "is", null)
    .execute();
}

export interface PurchaseResult extends Omit<Grade, "fresh"> {
  /** Freshness of the data's own stamp (null or absent: not judged). */
  fresh?: boolean | null;
  tx_hash: string | null;
  amount_usdc: number | null;
  quote_amount_atomic: string | null;
  http_status: number | null;
  content_type: string | null;
  latency_ms: number | null;
  pay_to: string | null;
  note: string | null;
  /** Our own client failed: kept for the money's sake, excluded from every grade. */
  dry_run?: boolean;
  /** Free the plan purchase this row was for, so it is made again (the scout's own failure). */
  detach_plan?: boolean;
}

/** Record a graded purchase (once: a row already recorded is never edited) and refresh the listing's paid state. */
export async function recordPurchase(
  db: Db,
  id: string,
  r: PurchaseResult,
  now = new Date(),
  plans?: PlanSource,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The listing's row first, as startPurchase locks it before it inserts an intent: a replica starting a
    // purchase of this listing holds that row and waits on this intent's index entry, so taking the purchase's
    // row first and the listing's last would deadlock with it.
    await trx
      .selectFrom("listings")
      .select("id")
      .where("id", "=", (eb) => eb.selectFrom("purchases").select("listing_id").where("id", "=", id))
      .forUpdate()
      .execute();
    const row = await trx
      .updateTable("purchases")
      .set({
        state: "recorded",
        at: now,
        outcome: r.outcome,
        delivered: r.delivered,
        tx_hash: r.tx_hash,
        amount_usdc: r.amount_usdc,
        quote_amount_atomic: r.quote_amount_atomic,
        http_status: r.http_status,
        json_valid: r.json_valid,
        schema_valid: r.schema_valid,
        body_sha256: r.body_sha256,
        failure_reason: r.failure_reason,
        fresh: r.fresh ?? null,
        content_type: r.content_type,
        latency_ms: r.latency_ms,
        pay_to: r.pay_to,
        note: r.note,
        dry_run: r.dry_run ?? false,
        ...(r.detach_plan ? { plan_id: null, plan_seq: null } : {}),
      })
      .where("id", "=", id)
      .where("state", "=", "paying")
      .returning(["listing_id", "plan_id", "plan_seq"])
      .executeTakeFirst();
    if (!row) return false;
    // A plan purchase is marked made in the same transaction that records it: once, whatever it found.
    if (plans && row.plan_id && row.plan_seq !== null)
      await plans.record(trx as unknown as Db, { planId: row.plan_id, seq: row.plan_seq, purchaseId: id });
    await refreshPaidState(trx as unknown as Db, row.listing_id, now);
    return true;
  });
}

/** Recompute a listing's paid state from its recorded, real purchases. */
export async function refreshPaidState(db: Db, listingId: string, now = new Date()): Promise<PaidState> {
  const rows = await db
    .selectFrom("purchases")
    .select([
      "at",
      "delivered",
      "tx_hash",
      "amount_usdc",
      "failure_reason",
      "note",
      "quote_amount_atomic",
      "pay_to",
      "schema_valid",
    ])
    .where("listing_id", "=", listingId)
    .where("state", "=", "recorded")
    .where("dry_run", "=", false)
    .orderBy("at")
    .orderBy("id")
    .execute();
  const asDepth: DepthPurchase[] = rows.map((p) => ({
    at: unixSeconds(p.at) ?? 0,
    delivered: p.delivered,
    quoteAtomic: p.quote_amount_atomic,
    payTo: p.pay_to?.toLowerCase() ?? null,
  }));
  const latest = rows.at(-1);
  const ok = rows.filter((p) => p.delivered).at(-1);
  const state: PaidState = {
    latest: latest
      ? {
          at: unixSeconds(latest.at) ?? 0,
          delivered: latest.delivered,
          tx_hash: latest.tx_hash,
          amount_usdc: latest.amount_usdc,
          failure_reason: latest.failure_reason,
          note: latest.note,
        }
      : null,
    verified: ok
      ? {
          at: unixSeconds(ok.at) ?? 0,
          tx_hash: ok.tx_hash,
          amount_usdc: ok.amount_usdc,
          schema_validated: ok.schema_valid === true,
        }
      : null,
    depth: paidDepth(asDepth),
  };
  await db
    .updateTable("listings")
    .set({ paid_state: JSON.stringify(state), last_purchase_at: latest?.at ?? now })
    .where("id", "=", listingId)
    .execute();
  return state;
}

/** Intents left `paying` for longer than `olderThanS` (a replica died mid-purchase): for reconciliation. */
export async function strandedPurchases(db: Db, now: Date, olderThanS: number) {
  return db
    .selectFrom("purchases")
    .select([
      "id",
      "listing_id",
      "nonce",
      "payer",
      "pay_to",
      "quote_amount_atomic",
      "valid_before",
      "at",
      "outcome",
      "latency_ms",
    ])
    .where("state", "=", "paying")
    .where("at", "<", new Date(now.getTime() - olderThanS * 1000))
    .execute();
}

/**
 * The stats' paid-verification figures (spec: Stats): each endpoint's latest real attempt (dry runs — checks
 * that paid nothing — excluded), and the listings the scout's per-purchase cap keeps out (`our_limit`).
 */
export async function paidVerificationCensus(db: Db, perPurchaseCapUsd?: number) {
  const latest = await sql<{ outcome: string; delivered: boolean; at: Date }>`
    SELECT DISTINCT ON (listing_id) outcome, delivered, at FROM purchases
    WHERE state = 'recorded' AND dry_run = false
    ORDER BY listing_id, at DESC, id DESC`.execute(db);
  const verified = await db
    .selectFrom("listings")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("status", "<>", "delisted")
    .where(sql`paid_state->'verified'`, "is not", null)
    .where(sql`jsonb_typeof(paid_state->'verified')`, "=", "object")
    .executeTakeFirstOrThrow();
  const outcomes: Record<string, number> = {};
  let delivered = 0;
  let last: Date | null = null;
  for (const r of latest.rows) {
    outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    if (r.delivered) delivered++;
    if (!last || r.at > last) last = r.at;
  }
  const overCap =
    perPurchaseCapUsd === undefined
      ? null
      : (
          await db
            .selectFrom("listings")
            .select(sql<number>`count(*)::int`.as("n"))
            .where("status", "=", "verified")
            .where("price_amount", ">", perPurchaseCapUsd)
            .executeTakeFirstOrThrow()
        ).n;
  const attempted = latest.rows.length;
  return {
    paid_verified_listings: verified.n,
    paid_verification_attempted: attempted,
    paid_verification: {
      attempted,
      delivered,
      payment_required: attempted,
      pass_rate_payment_required:
        attempted > 0 ? Math.round((delivered / attempted) * 10_000) / 10_000 : null,
      not_applicable: 0,
      our_limit: overCap,
      last_attempt_at: unixSeconds(last),
      basis: "each endpoint's latest attempt, dry runs excluded",
      outcomes,
    },
  };
}

/** The scout publishes the policy it runs with (wallet, budget, caps, re-buy interval) when it starts. */
export async function publishScoutPolicy(
  db: Db,
  value: { wallet: string; policy: ScoutPolicy; tick_ms: number },
) {
  await db
    .insertInto("service_settings")
    .values({ name: "scout", value: JSON.stringify(value) })
    .onConflict((oc) =>
      oc.column("name").doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }),
    )
    .execute();
}

/** The policy the scout last published, or null when no scout has run against this database. */
export async function scoutPolicy(db: Db) {
  const row = await db
    .selectFrom("service_settings")
    .select(["value", "updated_at"])
    .where("name", "=", "scout")
    .executeTakeFirst();
  if (!row) return null;
  const v = row.value as { wallet: string; policy: ScoutPolicy; tick_ms: number };
  return {
    wallet: v.wallet,
    daily_budget_usd: v.policy.dailyBudgetUsd,
    per_purchase_cap_usd: v.policy.perPurchaseCapUsd,
    per_seller_daily_usd: v.policy.perSellerDailyUsd,
    rebuy_after_s: v.policy.rebuyAfterS,
    published_at: unixSeconds(row.updated_at),
  };
}
