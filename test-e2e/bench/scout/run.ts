/**
 * Benchmark: scout purchases per second (pick → intent → 402 → sign → settle → read the settlement back from
 * the chain → grade → record), one scout process, beside the raw rate of the official x402 client paying the
 * same seller with nothing else around it, same chain, same run.
 * Run: pnpm bench:scout   (BENCH_DURATION_S, default 15; BENCH_LISTINGS, default 400)
 */
import { randomUUID } from "node:crypto";
import { testPrefix } from "@tollgate/db/testing";
import {
  createLocalFacilitator,
  dropQueuePrefix,
  payingFetch,
  probedListingRow,
  startChain,
  startDemoSellers,
  startService,
} from "@tollgate/devnet";
import { sql } from "kysely";
import { dropBenchDb, freshBenchDb } from "../db.js";

const SECONDS = Number(process.env.BENCH_DURATION_S ?? 15);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 400);
const chain = await startChain();
const seller = chain.wallets.sellers[0]!.address;
const demo = await startDemoSellers({ payTo: seller, facilitator: createLocalFacilitator(chain) });
const s = demo.sellers["x402-hono"];
const name = "tollgate_bench_scout";
const { db, url } = await freshBenchDb(name);
const QUEUE_PREFIX = testPrefix("bench_scout");

// Raw: the official client paying the seller back to back.
const pay = payingFetch(chain, chain.wallets.buyers[0]!);
let raw = 0;
const rawEnd = Date.now() + SECONDS * 1000;
const rawStart = performance.now();
while (Date.now() < rawEnd) {
  const res = await pay(s.directUrl);
  await res.arrayBuffer();
  if (res.status === 200) raw++;
}
const rawRate = raw / ((performance.now() - rawStart) / 1000);

// Scout: LISTINGS verified listings of the same seller, one scout process buying as fast as it can.
for (let i = 0; i < LISTINGS; i += 100) {
  const rows = Array.from({ length: Math.min(100, LISTINGS - i) }, (_, k) => {
    const id = `lst_${randomUUID().replaceAll("-", "").slice(0, 20)}`;
    return probedListingRow(
      s,
      { id, name: `bench ${i + k}`, payTo: seller, canonicalSuffix: String(i + k) },
      { description: "bench" },
    );
  });
  await db
    .insertInto("listings")
    .values(rows as never)
    .execute();
}
const scoutEnv = {
  QUEUE_PREFIX,
  NODE_ENV: "test",
  DATABASE_URL: url,
  CHAIN_RPC_URL: chain.rpcUrl,
  SCOUT_PRIVATE_KEY: chain.wallets.scout.privateKey,
  SSRF_ALLOW_HOSTS: demo.allowanceEnv,
  ALLOW_HTTP_ENDPOINTS: "true",
  SCOUT_TICK_MS: "100",
  SCOUT_DAILY_BUDGET_USD: "1000",
  SCOUT_PER_SELLER_DAILY_USD: "1000",
};
const scout = await startService("scout-buyer", scoutEnv);
const count = async () =>
  Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM purchases WHERE state = 'recorded' AND outcome = 'delivered'`.execute(db)
    ).rows[0]!.n,
  );
await new Promise((r) => setTimeout(r, 2000)); // warm-up
const c0 = await count();
const t0 = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const c1 = await count();
const scoutRate = (c1 - c0) / ((performance.now() - t0) / 1000);

// Two replicas: a second scout process on the same database and wallet.
const second = await startService("scout-buyer", scoutEnv);
await new Promise((r) => setTimeout(r, 2000)); // warm-up
const c2 = await count();
const t2 = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const c3 = await count();
const twoRate = (c3 - c2) / ((performance.now() - t2) / 1000);
await second.stop();
// Never twice: at most one recorded purchase per listing (the re-buy wait is days).
const twice = Number(
  (
    await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM (SELECT listing_id FROM purchases WHERE state = 'recorded' GROUP BY listing_id HAVING count(*) > 1) d`.execute(
      db,
    )
  ).rows[0]!.n,
);
const failed = Number(
  (
    await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM purchases WHERE state = 'recorded' AND outcome <> 'delivered'`.execute(db)
  ).rows[0]!.n,
);

await scout.stop();
await db.destroy();
await dropBenchDb(name);
await dropQueuePrefix(QUEUE_PREFIX);
await demo.stop();
await chain.stop();

console.log(`\nScout purchases (${SECONDS} s each, local chain, automine)`);
console.log(`| | per second | ratio |`);
console.log(`|---|---|---|`);
console.log(`| raw official x402 client, back to back | ${rawRate.toFixed(1)} | 1.00 |`);
console.log(
  `| scout: pick, intent, pay, read settlement from chain, grade, record | ${scoutRate.toFixed(1)} | ${(scoutRate / rawRate).toFixed(2)} |`,
);
console.log(`| two scout replicas, same work | ${twoRate.toFixed(1)} | ${(twoRate / rawRate).toFixed(2)} |`);
console.log(`purchases not delivered: ${failed} (expected 0: one honest seller)`);
console.log(`listings bought twice: ${twice} (expected 0)`);
process.exit(0);
