import type { Db } from "@tollgate/db";

/** The payments ledger: one row per authorization (unique payer + nonce), whatever became of it. */
export type LedgerStatus = "verified" | "settled" | "not_charged" | "failed" | "indeterminate";

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
}

/** Reserve an authorization; false when this payer+nonce was seen before (a replay). */
export async function reserveAuthorization(db: Db, a: PaymentAttempt): Promise<string | null> {
  const row = await db
    .insertInto("payments")
    .values({
      route: a.route,
      resource: a.resource,
      listing_id: a.listingId,
      payer: a.payer.toLowerCase(),
      nonce: a.nonce.toLowerCase(),
      amount_atomic: a.amountAtomic,
      asset: a.asset,
      network: a.network,
      pay_to: a.payTo,
      status: "verified",
    })
    .onConflict((oc) => oc.columns(["payer", "nonce"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function closeAttempt(
  db: Db,
  id: string,
  status: Exclude<LedgerStatus, "verified">,
  extra: { txHash?: string | null; error?: string | null } = {},
) {
  await db
    .updateTable("payments")
    .set({
      status,
      tx_hash: extra.txHash ?? null,
      error: extra.error ?? null,
      settled_at: status === "settled" ? new Date() : null,
    })
    .where("id", "=", id)
    .execute();
}
