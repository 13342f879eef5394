import type { Db } from "@tollgate/db";
import { assertStillOwner, type Owner } from "./auth.js";

/**
 * Delist (authorization checked by the caller, and again with `owner` under the row lock, which a claim takes
 * too): the record and its history stay.
 */
export async function delistListing(db: Db, id: string, reason = "delisted_by_owner", owner?: Owner) {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("listings")
      .select(["status"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.status === "delisted")
      return { id, status: "delisted", delisted_at: Math.floor(now.getTime() / 1000) };
    if (owner) await assertStillOwner(trx, id, owner);
    await trx
      .updateTable("listings")
      .set({
        status: "delisted",
        status_changed_at: now,
        delisted_at: now,
        delisted_reason: reason,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    await trx
      .insertInto("status_changes")
      .values({ listing_id: id, from_status: row.status, to_status: "delisted", reasons: [reason], at: now })
      .execute();
    return { id, status: "delisted", delisted_reason: reason, delisted_at: Math.floor(now.getTime() / 1000) };
  });
}
