/**
 * Benchmark: paid verdict round trips per second (402 → sign → verify → settle → 200) on the local chain,
 * beside unpaid verdict computations per second (build + sign the attestation, no payment), same run.
 * Run: pnpm bench:paid
 */

import { testPrefix } from "@tollgate/db/testing";
import { dropQueuePrefix, payingFetch, startChain, startService } from "@tollgate/devnet";
import { findListing, issueVerdict } from "@tollgate/registry";
import { generateSigningKey } from "@tollgate/x402";
import { dropBenchDb, freshBenchDb } from "../db.js";

const SECONDS = Number(process.env.BENCH_DURATION_S ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const chain = await startChain();
const name = "tollgate_bench_paid";
const { db, url } = await freshBenchDb(name);
const QUEUE_PREFIX = testPrefix("bench_paid");
const api = await startService("api", {
  QUEUE_PREFIX,
  NODE_ENV: "test",
  DATABASE_URL: url,
  API_PORT: "0",
  SSRF_ALLOW_HOSTS: "bench.paid.test=203.0.113.9",
  OPERATOR_PAY_TO: chain.wallets.operator.address,
  FACILITATOR_RPC_URL: chain.rpcUrl,
  FACILITATOR_PRIVATE_KEY: chain.wallets.facilitator.privateKey,
  SIGNING_KEY_FILE: "/tmp/tollgate-bench-key.json",
});
const base = String(api.ready.url);
const created = (await (
  await fetch(`${base}/v1/listings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "bench",
      description: "bench",
      endpoint_url: "https://bench.paid.test/x",
      category: "data.other",
      price_amount: 0.01,
    }),
  })
).json()) as { id: string };

const operatorBefore = await chain.balanceOf(chain.wallets.operator.address);
// Paid: each worker is its own buyer (independent nonces), every request a full x402 round trip.
let paid = 0;
let failed = 0;
const end = Date.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, w) => {
    const pay = payingFetch(chain, chain.wallets.buyers[w % chain.wallets.buyers.length]!);
    while (Date.now() < end) {
      const res = await pay(`${base}/v1/listings/${created.id}/verdict`);
      const text = await res.text();
      if (res.status === 200 && res.headers.get("payment-response")) paid++;
      else {
        failed++;
        if (failed <= 3) console.error("not 200:", res.status, text.slice(0, 300));
      }
    }
  }),
);
const paidRate = paid / SECONDS;
const collected = (await chain.balanceOf(chain.wallets.operator.address)) - operatorBefore;
if (collected !== BigInt(paid) * 5000n)
  console.error(`MONEY MISMATCH: collected ${collected} for ${paid} paid answers`);

// Unpaid: the verdict computation itself (read listing and purchases, decide, sign, store), no payment.
const { key } = await generateSigningKey();
const listing = (await findListing(db, created.id))!;
let computed = 0;
const end2 = Date.now() + SECONDS * 1000;
while (Date.now() < end2) {
  await issueVerdict(db, listing, { key, keyUrl: "http://x/jwks", attestationUrl: (i) => i });
  computed++;
}
const unpaidRate = computed / SECONDS;
await api.stop();
await dropQueuePrefix(QUEUE_PREFIX);
await db.destroy();
await chain.stop();
await dropBenchDb(name);
console.log(`| run | per second |
|---|---|
| paid verdict round trips (402 → sign → verify → settle on anvil → 200), ${CONCURRENCY} buyers in parallel | ${paidRate.toFixed(1)} |
| unpaid verdict computations (build + Ed25519 attestation + store), one loop | ${unpaidRate.toFixed(1)} |

(${paid} paid, ${failed} not 200 over ${SECONDS} s; paid/unpaid ratio ${(paidRate / unpaidRate).toFixed(3)})`);
