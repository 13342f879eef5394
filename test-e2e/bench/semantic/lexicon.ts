/**
 * Benchmark: the cost of the service-kind lexicon step alone (kinds.ts), in process: mapping a need to its
 * kinds (once per new need, on the request path) and a listing to its kinds (once per listing when the index
 * loads or a listing changes). Run under the bench lock: `flock /tmp/tollgate-bench.lock npx tsx test-e2e/bench/semantic/lexicon.ts`.
 */
import { kindsOf, SERVICE_KINDS } from "@tollgate/registry";
import { LISTINGS, NEEDS } from "./labelled.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
function perCall(texts: string[]): number {
  let sink = 0;
  for (const t of texts) sink += kindsOf(t).length; // warm-up
  const t0 = performance.now();
  for (let r = 0; r < ROUNDS; r++)
    for (const [i, t] of texts.entries()) sink += kindsOf(`${t} ${r}${i}`).length;
  const us = ((performance.now() - t0) * 1000) / (ROUNDS * texts.length);
  if (sink < 0) console.log(sink);
  return us;
}
const needs = NEEDS.map(([q]) => q);
const listings = LISTINGS.map(([, n, d]) => `${n} ${d}`);
console.log(
  `## The service-kind lexicon alone (${SERVICE_KINDS.length} kinds, in process, ${ROUNDS} rounds)\n`,
);
console.log("| step | µs per call |\n|---|---|");
console.log(`| a need's kinds (per new need) | ${perCall(needs).toFixed(1)} |`);
console.log(`| a listing's kinds (per listing loaded) | ${perCall(listings).toFixed(1)} |`);
