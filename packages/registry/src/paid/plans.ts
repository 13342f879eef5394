import type { Database, Db } from "@tollgate/db";
import type { Transaction } from "kysely";

/**
 * Paid verification plans (verify-now). `single`: one scout purchase, 2 USD, due at once. `pack`: three
 * purchases within 30 days, 5 USD: the first due at once, the second 10 days and the third 20 days later.
 * A plan is written only after its payment settled; the settlement tx is unique, so a replayed payment
 * finds the plan it already made. At most one open plan per listing (partial unique index).
 */
export const PLAN_OFFERS = {
  single: { priceMicros: 2_000_000, purchases: 1 },
  pack: { priceMicros: 5_000_000, purchases: 3 },
} as const;
export type PlanKind = keyof typeof PLAN_OFFERS;
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
  const now = p.now ?? new Date();
  const offer = PLAN_OFFERS[p.kind];
  return db.transaction().execute(async (trx) => {
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
  });
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
  kind: PlanKind;
  state: "queued" | "completed";
  purchases_done: number;
  purchases_total: number;
}

/** Progress of the listing's latest plan for `?view=status`; null when the listing never had one. */
export async function planStatus(db: Db, listingId: string): Promise<PlanStatus | null> {
  const plan = await db
    .selectFrom("verify_plans")
    .select(["id", "kind", "state"])
    .where("listing_id", "=", listingId)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!plan) return null;
  const rows = await db
    .selectFrom("verify_plan_purchases")
    .select("state")
    .where("plan_id", "=", plan.id)
    .execute();
  return {
    plan_id: plan.id,
    kind: plan.kind,
    state: plan.state === "open" ? "queued" : "completed",
    purchases_done: rows.filter((r) => r.state === "done").length,
    purchases_total: rows.length,
  };
}
