import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPlan,
  duePlanPurchases,
  PLAN_INTERVAL_MS,
  planStatus,
  recordPlanPurchase,
} from "../src/paid/plans.js";

// The listing and purchase foreign keys are dropped in this throwaway copy: these tests are about the
// plan bookkeeping, not about listings.
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await sql`ALTER TABLE verify_plans DROP CONSTRAINT verify_plans_listing_id_fkey`.execute(tdb.db);
  await sql`ALTER TABLE verify_plan_purchases DROP CONSTRAINT verify_plan_purchases_purchase_id_fkey`.execute(
    tdb.db,
  );
});
afterAll(async () => tdb.drop());

const t0 = new Date("2026-11-25T00:00:00Z");

describe("verify plans", () => {
  it("a pack owes three purchases, one due now and one per 10 days; recording all completes it", async () => {
    const r = await createPlan(tdb.db, {
      listingId: "a",
      kind: "pack",
      paymentTx: "0xa1",
      payer: "0x1",
      now: t0,
    });
    expect(r.created).toBe(true);
    const planId = (r as { planId: string }).planId;
    expect(await duePlanPurchases(tdb.db, t0)).toEqual([{ planId, listingId: "a", seq: 1 }]);
    expect(await planStatus(tdb.db, "a")).toMatchObject({
      plan_id: planId,
      plan: "pack",
      status: "queued",
      purchases_done: 0,
      purchases_total: 3,
      settlement_tx: "0xa1",
      completed_at: null,
    });
    expect((await planStatus(tdb.db, "a"))?.purchases.map((p) => [p.seq, p.due_at, p.state])).toEqual([
      [1, t0.toISOString(), "due"],
      [2, new Date(t0.getTime() + PLAN_INTERVAL_MS).toISOString(), "due"],
      [3, new Date(t0.getTime() + 2 * PLAN_INTERVAL_MS).toISOString(), "due"],
    ]);
    expect(await planStatus(tdb.db, "nobody")).toBeNull();
    const later = new Date(t0.getTime() + 2 * PLAN_INTERVAL_MS);
    expect((await duePlanPurchases(tdb.db, later)).map((d) => d.seq)).toEqual([1, 2, 3]);
    for (const seq of [1, 2, 3])
      await tdb.db
        .transaction()
        .execute((trx) =>
          recordPlanPurchase(trx, { planId, seq, purchaseId: `00000000-0000-0000-0000-00000000000${seq}` }),
        );
    expect(await duePlanPurchases(tdb.db, later)).toEqual([]);
    const plan = await tdb.db
      .selectFrom("verify_plans")
      .selectAll()
      .where("id", "=", planId)
      .executeTakeFirstOrThrow();
    expect(plan.state).toBe("completed");
    expect(await planStatus(tdb.db, "a")).toMatchObject({ status: "completed", purchases_done: 3 });
  });

  it("a replayed payment finds its plan; a second payment while one is open is refused", async () => {
    const first = await createPlan(tdb.db, {
      listingId: "b",
      kind: "single",
      paymentTx: "0xb1",
      payer: "0x1",
    });
    expect(first.created).toBe(true);
    const replay = await createPlan(tdb.db, {
      listingId: "b",
      kind: "single",
      paymentTx: "0xb1",
      payer: "0x1",
    });
    expect(replay).toEqual({
      created: false,
      reason: "replay",
      planId: (first as { planId: string }).planId,
    });
    const other = await createPlan(tdb.db, { listingId: "b", kind: "pack", paymentTx: "0xb2", payer: "0x1" });
    expect(other).toEqual({ created: false, reason: "plan_in_progress" });
    const [a, b] = await Promise.all([
      createPlan(tdb.db, { listingId: "c", kind: "single", paymentTx: "0xc1", payer: "0x1" }),
      createPlan(tdb.db, { listingId: "c", kind: "single", paymentTx: "0xc2", payer: "0x1" }),
    ]);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
  });
});
