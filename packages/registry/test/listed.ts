import type { Db } from "@tollgate/db";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { createEmbedder, type Embedder } from "@tollgate/semantic";
import { afterAll, beforeAll } from "vitest";
import { createListing, syncEmbeddings, validateSubmission } from "../src/index.js";

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

/**
 * A test database holding `listings` (as `listNamed` lists them), every one embedded by the bundled model: created
 * before the file's tests and dropped after them. Read its fields inside tests (they are set by then).
 */
export function embeddedDirectory(listings: Parameters<typeof listNamed>[1]): {
  db: Db;
  embedder: Embedder;
  ids: Record<string, string>;
} {
  const ctx = { ids: {} } as { db: Db; embedder: Embedder; ids: Record<string, string>; tdb: TestDatabase };
  beforeAll(async () => {
    ctx.tdb = await createTestDatabase();
    ctx.db = ctx.tdb.db;
    ctx.embedder = createEmbedder();
    Object.assign(ctx.ids, await listNamed(ctx.db, listings));
    await ctx.embedder.ready;
    while ((await syncEmbeddings(ctx.db, ctx.embedder)) > 0);
  });
  afterAll(async () => {
    await ctx.embedder?.close();
    await ctx.tdb?.drop();
  });
  return ctx;
}
