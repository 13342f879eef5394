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

/** How long the in-process set of category ids serves, and how soon a miss may reload it. */
const CATEGORY_CACHE = { ttlMs: 60_000, missReloadMs: 5_000 };
const caches = new WeakMap<Db, (id: string) => Promise<boolean>>();

/**
 * Whether `id` is a category of the taxonomy, from a per-process copy of the ids (one per database handle)
 * reloaded every minute. A miss reloads it at most every 5 s, so a category added seconds ago is found
 * while a flood of made-up ids costs one query per 5 s, not one per request.
 */
export function isKnownCategory(db: Db, id: string): Promise<boolean> {
  let check = caches.get(db);
  if (!check) {
    let ids: Set<string> | null = null;
    let loadedAt = 0;
    let loading: Promise<Set<string>> | null = null;
    const load = () => {
      loading ??= db
        .selectFrom("categories")
        .select("id")
        .execute()
        .then((rows) => {
          ids = new Set(rows.map((r) => r.id));
          loadedAt = Date.now();
          return ids;
        })
        .finally(() => {
          loading = null;
        });
      return loading;
    };
    check = async (id) => {
      const age = Date.now() - loadedAt;
      const current = ids && age < CATEGORY_CACHE.ttlMs ? ids : await load();
      if (current.has(id) || Date.now() - loadedAt < CATEGORY_CACHE.missReloadMs) return current.has(id);
      return (await load()).has(id);
    };
    caches.set(db, check);
  }
  return check(id);
}
