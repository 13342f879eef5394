import { PAID_ROUTES } from "@tollgate/core";
import type { Database, Db } from "@tollgate/db";
import { ApiError } from "@tollgate/schema";
import { sql, type Transaction } from "kysely";

/**
 * Paid verification plans (verify-now). `single`: one scout purchase, 2 USD, due at once. `pack`: three
 * purchases within 30 days, 5 USD: the first due at once, the second 10 days and the third 20 days later.
 * A plan is written only after its payment settled; the settlement tx is unique, so a replayed payment
 * finds the plan it already made. At most one open plan per listing (partial unique index).
 */
export const PLAN_OFFERS = {
  single: { priceMicros: Number(PAID_ROUTES.verify_now_single.atomic), purchases: 1 },
  pack: { priceMicros: Number(PAID_ROUTES.verify_now_pack.atomic), purchases: 3 },
} as const;
/** Spec, Limits: verify-now is sold only for listings quoting up to this per call (USD). */
export const PLAN_QUOTE_CAP_USD = 0.5;
export type PlanKind = keyof typeof PLAN_OFFERS;

/** Currencies whose amount is a USD amount: any other quote cannot be held to the plan cap in USD. */
const USD_CURRENCIES = new Set(["USDC", "USD"]);

/**
 * Spec, verify-now: 400 quote_above_plan_cap for a listing that does not quote up to the cap in USD: above 0.50, or in another
 * currency (0.40 ETH is no 0.50 USD quote, and the scout buys in USDC only); null when it may be sold a plan.
 */
export function planCapRefusal(l: {
  price_amount: number | string;
  price_currency: string | null;
}): ApiError | null {
  const price = Number(l.price_amount);
  const currency = l.price_currency ?? "USDC";
  if (USD_CURRENCIES.has(currency) && price <= PLAN_QUOTE_CAP_USD) return null;
  return new ApiError(
    "quote_above_plan_cap",
    USD_CURRENCIES.has(currency)
      ? `the listing quotes ${price} USD per call; verify-now is sold only for listings quoting up to ${PLAN_QUOTE_CAP_USD} USD; nothing was charged`
      : `the listing quotes ${price} ${currency.slice(0, 12)} per call, not in USD; verify-now is sold only for listings quoting up to ${PLAN_QUOTE_CAP_USD} USD (USDC); nothing was charged`,
    { price_usd: USD_CURRENCIES.has(currency) ? price : null, cap_usd: PLAN_QUOTE_CAP_USD },
  );
}

/** Time between the due times of a pack's purchases. */
export const PLAN_INTERVAL_MS = 10 * 24 * 60 * 60 * 1000;

export type CreatePlanResult =
  | { created: true; planId: string }
  | { created: false; reason: "replay"; planId: string }
  | { created: false; reason: "plan_in_progress" };

/** Open a plan for a settled payment; idempotent on the settlement tx. */
export async function createPlan(
  db: Db,
  p: { listingId: string; kind: PlanKind; paymentTx: string; payer: string; now?: Date },
): Promise<CreatePlanResult> {
  return db.transaction().execute((trx) => openPlan(trx as unknown as Db, p));
}

/** `createPlan` inside a transaction the caller holds (the settlement's own, for verify-now sales). */
export async function openPlan(
  trx: Db,
  p: { listingId: string; kind: PlanKind; paymentTx: string; payer: string; now?: Date },
): Promise<CreatePlanResult> {
  const now = p.now ?? new Date();
  const offer = PLAN_OFFERS[p.kind];
  {
    const prior = await trx
      .selectFrom("verify_plans")
      .select("id")
      .where("payment_tx", "=", p.paymentTx)
      .executeTakeFirst();
    if (prior) return { created: false, reason: "replay", planId: prior.id };
    const row = await trx
      .insertInto("verify_plans")
      .values({
        listing_id: p.listingId,
        kind: p.kind,
        price_micros: offer.priceMicros,
        payment_tx: p.paymentTx,
        payer: p.payer,
      })
      .onConflict((oc) => oc.column("listing_id").where("state", "=", "open").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) return { created: false, reason: "plan_in_progress" };
    await trx
      .insertInto("verify_plan_purchases")
      .values(
        Array.from({ length: offer.purchases }, (_, i) => ({
          plan_id: row.id,
          seq: i + 1,
          due_at: new Date(now.getTime() + i * PLAN_INTERVAL_MS),
        })),
      )
      .execute();
    return { created: true, planId: row.id };
  }
}

/** What a verify-now payment reserves while it is open (kept on its payment row as `pending_key`). */
export const planPendingKey = (listingId: string) => `verify-now:${listingId}`;

const planLockKey = (listingId: string) => `tollgate:verify-now:${listingId}`;

/** Serialise the open-plan check and the plan's creation for one listing (inside a transaction). */
export async function lockPlans(trx: Db, listingId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${planLockKey(listingId)}, 0))`.execute(trx);
}

export interface PlanConflict {
  plan_id: string | null;
  plan: PlanKind | null;
  state: "queued" | "settling";
  purchases_done: number;
  purchases_total: number;
}

/**
 * Why a new plan cannot be sold for the listing now, or null: an open plan, or another verify-now payment
 * that is still open (verified, answered or being settled) and came before `paymentId`. Run under
 * `lockPlans` when deciding a sale.
 */
export async function planConflict(
  db: Db,
  listingId: string,
  paymentId: string | null,
): Promise<PlanConflict | null> {
  const open = await db
    .selectFrom("verify_plans")
    .select(["id", "kind"])
    .where("listing_id", "=", listingId)
    .where("state", "=", "open")
    .executeTakeFirst();
  if (open) {
    const rows = await db
      .selectFrom("verify_plan_purchases")
      .select("state")
      .where("plan_id", "=", open.id)
      .execute();
    return {
      plan_id: open.id,
      plan: open.kind,
      state: "queued",
      purchases_done: rows.filter((r) => r.state === "done").length,
      purchases_total: rows.length,
    };
  }
  const first = await sql<{ id: string; amount_atomic: string }>`
    SELECT id, amount_atomic::text AS amount_atomic FROM payments
    WHERE pending_key = ${planPendingKey(listingId)} AND status IN ('verified', 'answered', 'indeterminate')
    ORDER BY created_at, id LIMIT 1`.execute(db);
  const pending = first.rows[0];
  if (!pending || pending.id === paymentId) return null;
  const kind = (Object.keys(PLAN_OFFERS) as PlanKind[]).find(
    (k) => String(PLAN_OFFERS[k].priceMicros) === pending.amount_atomic,
  );
  return {
    plan_id: null,
    plan: kind ?? null,
    state: "settling",
    purchases_done: 0,
    purchases_total: kind ? PLAN_OFFERS[kind].purchases : 0,
  };
}

/** What the settlement of a verify-now sale publishes: the plan it bought. */
export interface PlanToOpen {
  listingId: string;
  kind: PlanKind;
}

/**
 * The verify-now finalizer: open the plan once its payment settled, in the settlement's transaction, under
 * the listing's plan lock. The sale was refused unless its payment came first and no plan was open, so the
 * plan opens; a replayed settlement finds the plan it made.
 */
export async function publishPlan(
  trx: Db,
  work: unknown,
  payment: { id: string; txHash: string },
): Promise<void> {
  const w = work as PlanToOpen;
  await lockPlans(trx, w.listingId);
  const row = await trx
    .selectFrom("payments")
    .select("payer")
    .where("id", "=", payment.id)
    .executeTakeFirst();
  const made = await openPlan(trx, {
    listingId: w.listingId,
    kind: w.kind,
    paymentTx: payment.txHash,
    payer: row?.payer ?? "",
  });
  if (!made.created && made.reason === "plan_in_progress")
    // Cannot happen while sales are decided under the lock; refuse to record a settlement silently.
    throw new Error(
      `verify-now: a plan is already open for ${w.listingId}; payment ${payment.id} needs review`,
    );
}

/** Plan purchases due at `now` that the scout has not made yet, oldest first. */
export async function duePlanPurchases(
  db: Db,
  now: Date,
): Promise<{ planId: string; listingId: string; seq: number }[]> {
  const rows = await db
    .selectFrom("verify_plan_purchases as pp")
    .innerJoin("verify_plans as p", "p.id", "pp.plan_id")
    .select(["pp.plan_id as planId", "p.listing_id as listingId", "pp.seq as seq"])
    .where("pp.state", "=", "due")
    .where("p.state", "=", "open")
    .where("pp.due_at", "<=", now)
    .orderBy("pp.due_at")
    .orderBy("pp.seq")
    .execute();
  return rows;
}

/** Record the purchase that fulfilled one plan seq; completes the plan when it was the last one. */
export async function recordPlanPurchase(
  trx: Transaction<Database>,
  r: { planId: string; seq: number; purchaseId: string },
): Promise<void> {
  const now = new Date();
  await trx
    .updateTable("verify_plan_purchases")
    .set({ state: "done", purchase_id: r.purchaseId, done_at: now })
    .where("plan_id", "=", r.planId)
    .where("seq", "=", r.seq)
    .where("state", "=", "due")
    .execute();
  const left = await trx
    .selectFrom("verify_plan_purchases")
    .select("seq")
    .where("plan_id", "=", r.planId)
    .where("state", "=", "due")
    .executeTakeFirst();
  if (!left)
    await trx
      .updateTable("verify_plans")
      .set({ state: "completed", completed_at: now })
      .where("id", "=", r.planId)
      .where("state", "=", "open")
      .execute();
}

export interface PlanStatus {
  plan_id: string;
  plan: PlanKind;
  /** `queued` from settlement until the last purchase is made, then `completed`. */
  status: "queued" | "completed";
  purchases_done: number;
  purchases_total: number;
  paid_at: string;
  settlement_tx: string;
  completed_at: string | null;
  /** Each purchase the plan owes: when it is due, and once made, what it found (published like any other). */
  purchases: {
    seq: number;
    due_at: string;
    state: "due" | "done";
    done_at: string | null;
    purchase_id: string | null;
    outcome: string | null;
    tx_hash: string | null;
  }[];
}

/** Progress of the listing's latest plan for `?view=status`; null when the listing never had one. */
export async function planStatus(db: Db, listingId: string): Promise<PlanStatus | null> {
  const plan = await db
    .selectFrom("verify_plans")
    .select(["id", "kind", "state", "created_at", "payment_tx", "completed_at"])
    .where("listing_id", "=", listingId)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!plan) return null;
  const rows = await db
    .selectFrom("verify_plan_purchases as pp")
    .leftJoin("purchases as pu", "pu.id", "pp.purchase_id")
    .select(["pp.seq", "pp.due_at", "pp.state", "pp.done_at", "pp.purchase_id", "pu.outcome", "pu.tx_hash"])
    .where("pp.plan_id", "=", plan.id)
    .orderBy("pp.seq")
    .execute();
  return {
    plan_id: plan.id,
    plan: plan.kind,
    status: plan.state === "open" ? "queued" : "completed",
    purchases_done: rows.filter((r) => r.state === "done").length,
    purchases_total: rows.length,
    paid_at: plan.created_at.toISOString(),
    settlement_tx: plan.payment_tx,
    completed_at: plan.completed_at?.toISOString() ?? null,
    purchases: rows.map((r) => ({
      seq: r.seq,
      due_at: new Date(r.due_at).toISOString(),
      state: r.state,
      done_at: r.done_at ? new Date(r.done_at).toISOString() : null,
      purchase_id: r.purchase_id,
      outcome: r.outcome ?? null,
      tx_hash: r.tx_hash ?? null,
    })),
  };
}
