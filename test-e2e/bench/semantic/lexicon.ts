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
// Hostile inputs at the longest allowed: a description (4000 characters) and a discover q (500), built to make the
// phrase matcher or an identifier pattern work hardest (many phrase-initial words, runs an identifier could start).
const hostile: [string, (n: number) => string][] = [
  ["'a-a-a-…'", (n) => "a-".repeat(n / 2)],
  ["'a:a:a:…'", (n) => "a:".repeat(n / 2)],
  ["'is is is …'", (n) => "is ".repeat(n / 3)],
  ["'how how …'", (n) => "how ".repeat(n / 4)],
  ["'the the …'", (n) => "the ".repeat(n / 4)],
  ["'UA 12 UA 12 …'", (n) => "UA 12 ".repeat(n / 6)],
  ["digits", (n) => "1".repeat(n)],
  ["'1.1.1.…'", (n) => "1.".repeat(n / 2)],
];
const ms = (t: string) => {
  kindsOf(t);
  const t0 = performance.now();
  for (let r = 0; r < 5; r++) kindsOf(t);
  return ((performance.now() - t0) / 5).toFixed(2);
};
console.log("\n| hostile text | ms per 4000-character description | ms per 500-character q |\n|---|---|---|");
for (const [name, make] of hostile) console.log(`| ${name} | ${ms(make(4000))} | ${ms(make(500))} |`);
