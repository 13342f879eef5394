import type { Db } from "@tollgate/db";
import { createListing, validateSubmission } from "../src/index.js";

/**
 * Lists each entry as a submission would (`https://<key>.example.com/v1`, the host check passed) and returns
 * the ids by key: the set-up the matching tests share.
 */
export async function listNamed(
  db: Db,
  listings: Record<
    string,
    readonly [name: string, description: string, category: string, ...rest: unknown[]]
  >,
  price: (key: string) => number = () => 0.01,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [key, [name, description, category]] of Object.entries(listings)) {
    const prepared = await validateSubmission(
      db,
      {
        name,
        description,
        category,
        endpoint_url: `https://${key}.example.com/v1`,
        price_amount: price(key),
      },
      { checkHost: async () => ({ ok: true as const }) },
    );
    ids[key] = (await createListing(db, prepared)).id;
  }
  return ids;
}
