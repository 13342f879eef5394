import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../src/testing/index.js";

// Schema rules of migration 0010: one open plan per listing, one plan per settlement tx, one row per
// (plan, seq). The listing foreign key is dropped in this throwaway copy so the test needs no listing.
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await sql`ALTER TABLE verify_plans DROP CONSTRAINT verify_plans_listing_id_fkey`.execute(tdb.db);
});
afterAll(async () => tdb.drop());

const plan = (listing: string, tx: string, state: "open" | "completed" = "open") =>
  tdb.db
    .insertInto("verify_plans")
    .values({
      listing_id: listing,
      kind: "pack",
      price_micros: 5_000_000,
      payment_tx: tx,
      payer: "0xabc",
      state,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

describe("verify_plans schema", () => {
  it("refuses a second open plan for the same listing, allows one after the first completed", async () => {
    await plan("l1", "0x01");
    await expect(plan("l1", "0x02")).rejects.toThrow(/verify_plans_one_open/);
    await tdb.db
      .updateTable("verify_plans")
      .set({ state: "completed" })
      .where("listing_id", "=", "l1")
      .execute();
    await expect(plan("l1", "0x03")).resolves.toBeTruthy();
  });

  it("refuses a second plan for the same settlement tx (a replayed payment)", async () => {
    await plan("l2", "0x10", "completed");
    await expect(plan("l3", "0x10")).rejects.toThrow(/payment_tx/);
  });

  it("refuses an unknown kind and a duplicate seq", async () => {
    await expect(
      tdb.db
        .insertInto("verify_plans")
        .values({
          listing_id: "l4",
          kind: "bulk" as "pack",
          price_micros: 1,
          payment_tx: "0x20",
          payer: "0x",
        })
        .execute(),
    ).rejects.toThrow(/check/);
    const { id } = await plan("l5", "0x21");
    await tdb.db
      .insertInto("verify_plan_purchases")
      .values({ plan_id: id, seq: 1, due_at: new Date() })
      .execute();
    await expect(
      tdb.db
        .insertInto("verify_plan_purchases")
        .values({ plan_id: id, seq: 1, due_at: new Date() })
        .execute(),
    ).rejects.toThrow(/verify_plan_purchases_pk/);
  });
});
