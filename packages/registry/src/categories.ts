import type { Db } from "@tollgate/db";
import { sql } from "kysely";

/** The taxonomy with active-listing counts, sorted by id. */
export async function listCategories(db: Db) {
  const rows = await db
    .selectFrom("categories")
    .leftJoin("listings", (j) =>
      j.onRef("listings.category", "=", "categories.id").on("listings.status", "<>", "delisted"),
    )
    .select(["categories.id", "categories.description", sql<number>`count(listings.id)::int`.as("listings")])
    .groupBy(["categories.id", "categories.description"])
    .orderBy("categories.id")
    .execute();
  return {
    count: rows.length,
    categories: rows.map((r) => ({
      id: r.id,
      namespace: r.id.split(".")[0] ?? r.id,
      description: r.description,
      listings: r.listings,
    })),
    note: "Categories are dot-namespaced (<namespace>.<topic>); filters match the id exactly. listings counts active listings (delisted excluded). Submissions must reuse an existing id.",
  };
}
