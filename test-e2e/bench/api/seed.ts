import { randomBytes } from "node:crypto";
import type { Db } from "@tollgate/db";
import { sql } from "kysely";

const WORDS = [
  "weather",
  "forecast",
  "stock",
  "price",
  "crypto",
  "wallet",
  "geocode",
  "route",
  "news",
  "sports",
  "company",
  "registry",
  "image",
  "speech",
  "translate",
  "search",
  "scrape",
  "identity",
  "shipping",
  "product",
  "inference",
  "embedding",
  "sms",
  "storage",
  "odds",
  "flight",
  "hotel",
  "currency",
  "tax",
  "invoice",
];
const CATS = [
  "data.weather",
  "data.finance",
  "data.crypto",
  "data.maps",
  "data.news",
  "data.sports",
  "compute.inference",
  "compute.image",
  "web.search",
  "web.scrape",
  "identity.kyc",
  "commerce.shipping",
];
const STATUSES = ["verified", "verified", "unverified", "unverified", "failing"];

const pick = <T>(xs: T[], i: number): T => xs[i % xs.length]!;

/** Insert `n` synthetic listings quickly (batched multi-row inserts); returns their ids. */
export async function seedListings(db: Db, n: number): Promise<string[]> {
  const ids: string[] = [];
  const batch = 1000;
  for (let start = 0; start < n; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + batch); i++) {
      const id = `lst_${randomBytes(10).toString("hex")}`;
      ids.push(id);
      const host = `seller${i}.example.com`;
      const w1 = pick(WORDS, i);
      const w2 = pick(WORDS, i * 7 + 3);
      rows.push({
        id,
        name: `${w1} ${w2} api ${i}`,
        description: `Paid ${w1} and ${w2} data per call, JSON answers, seller ${i}`,
        endpoint_url: `https://${host}/v1/${w1}`,
        endpoint_canonical: `https://${host}/v1/${w1}`,
        host,
        registered_domain: "example.com",
        category: pick(CATS, i * 3),
        price_amount: ((i % 50) + 1) / 1000,
        status: pick(STATUSES, i),
        score: (i % 100) / 100,
        probe_count: 20,
        probes_passed: 18,
        probes_failed: 2,
      });
    }
    await db.insertInto("listings").values(rows).execute();
  }
  // Planner statistics, as a live directory has them (autovacuum would get there within a minute; a
  // benchmark that starts at once would otherwise measure plans made without statistics).
  await sql`ANALYZE listings`.execute(db);
  return ids;
}
