import type { Db } from "@tollgate/db";
import { isListingId, type ListingDetail, type ListingsQuery } from "@tollgate/schema";
import type { ListingRecord } from "../columns.js";
import { LISTING_COLUMNS } from "../columns.js";
import { notFound } from "../errors.js";
import { toListingDetail, toListingSummary } from "../shape.js";

/** The listing with this id; none for a string that cannot be an id (never sent to Postgres: NUL bytes). */
export async function findListing(db: Db, id: string): Promise<ListingRecord | undefined> {
  if (!isListingId(id)) return undefined;
  return db.selectFrom("listings").select(LISTING_COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** The full detail of an active listing; 404 when unknown or delisted. */
export async function getListingDetail(db: Db, id: string, serviceName?: string): Promise<ListingDetail> {
  const row = await findListing(db, id);
  if (!row || row.status === "delisted") throw notFound(id);
  return toListingDetail(row, serviceName);
}

/** The listing index: stable order (oldest first, then id), not ranked. */
export async function listListings(db: Db, q: ListingsQuery) {
  let base = db.selectFrom("listings");
  if (q.status === "active") base = base.where("status", "<>", "delisted");
  else if (q.status !== "all") base = base.where("status", "=", q.status);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .select(LISTING_COLUMNS)
      .orderBy("created_at")
      .orderBy("id")
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ]);
  const count = rows.length;
  return {
    total: Number(total),
    count,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + count < Number(total) ? q.offset + count : null,
    results: rows.map(toListingSummary),
  };
}
