/**
 * Benchmark: discovery by meaning.
 *  1. Quality on the labelled set (labelled.ts: listings with near-duplicate competitors, needs worded unlike
 *     their answer, needs nothing serves), in a uniform and in a mixed directory (statuses, scores, prices):
 *     top-1, top-3 and MRR@10 of GET /v1/discover's ranking, results per need, unserved needs left empty;
 *     the shipped fused matcher beside the cosine-band matcher it replaced, plain text, and a sweep.
 *  2. Latency of GET /v1/discover?q with semantic matching at 10k and 100k listings, served by the api
 *     process (model in its worker thread, index loaded from Postgres), beside plain-text matching.
 * Part 1 also measures the fresh set (fresh.ts: listings of its own added to the labelled ones, needs written
 * without reading the matcher, its lexicon or the other sets) in a directory of its own, and the outside set
 * (outside.ts: 60 listings of common kinds of paid API and their needs, written without reading the matcher,
 * its lexicon or any other set) in a directory of its 60 listings alone, and the second, another, fourth, fifth, sixth,
 * seventh … fifty-eighth sets (second.ts … fiftyeighth.ts) likewise.
 * Run: pnpm bench:semantic   (BENCH_SIZES=10000,100000 BENCH_DURATION_S=8; BENCH_QUALITY=false skips part 1,
 *      BENCH_QUALITY=labelled (the labelled, holdout and third sets), =fresh, =outside, =second, =another, =fourth, =fifth, =sixth, =seventh … =fiftyeighth measures only that set's quality (with BENCH_SIZES= , no latency
 *      rows);
 *      BENCH_ROWS=new runs only the rows where every query is new, the model per request; BENCH_KEEP_DB=true
 *      keeps each seeded database)
 * Its databases are named per run, so two runs at once do not drop each other's.
 */

import { readdir, readFile } from "node:fs/promises";
import { testPrefix } from "@tollgate/db/testing";
import { dropQueuePrefix, startService } from "@tollgate/devnet";
import { createLogger } from "@tollgate/platform";
import {
  createListing,
  createSemanticIndex,
  discover,
  MATCH,
  type MatchParams,
  type QueryMatcher,
  queryKey,
  syncEmbeddings,
  validateSubmission,
} from "@tollgate/registry";
import { bytesToVector, createEmbedder, normalise, VectorIndex, vectorToBytes } from "@tollgate/semantic";
import { sql } from "kysely";
import { seedListings } from "../api/seed.js";
import { bareServer, bareUrls, meanLength } from "../bare.js";
import { dropBenchDb, freshBenchDb } from "../db.js";
import { type LoadResult, load, table } from "../load.js";
import { FRESH_DUPLICATES, FRESH_LISTINGS, FRESH_NEEDS, FRESH_UNSERVED } from "./fresh.js";
import { HOLDOUT_NEEDS, HOLDOUT_UNSERVED } from "./holdout.js";
import { DUPLICATES, LISTINGS, NEEDS, UNSERVED } from "./labelled.js";
import {
  APART_SETS,
  apartSet,
  type Listing,
  mixedAttributes,
  type NeedSet,
  serversOf,
  UNIFORM,
} from "./sets.js";
import { THIRD_NEEDS, THIRD_UNSERVED } from "./third.js";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").filter(Boolean).map(Number);
const DURATION = Number(process.env.BENCH_DURATION_S ?? 8);
const QUALITY = process.env.BENCH_QUALITY !== "false";
const ONLY_NEW = process.env.BENCH_ROWS === "new";
// Its own queue prefix: the searches it makes are logged for demand and must not reach `pnpm start`'s aggregator.
const QUEUE_PREFIX = testPrefix("bench_semantic");
// Database names of this run alone (a fixed name would be dropped by a second run started meanwhile).
const DB_PREFIX = testPrefix("tollgate_bench_semantic");
const log = createLogger("bench", "silent");
let t0 = performance.now();

// ---- 1. quality -------------------------------------------------------------------------------
const embedder = createEmbedder();
await embedder.ready;
interface Quality {
  set: string;
  method: string;
  directory: string;
  top1: number;
  top3: number;
  mrr: number;
  avgResults: number;
  unservedEmpty: number;
}

/**
 * Quality of `sets` on a directory of `listings` (with their near-duplicate competitors), in a uniform and a
 * mixed directory: plain text, the cosine band, and the fused matcher with each of `sweep`'s parameters.
 */
async function measureQuality(
  dbName: string,
  listings: Listing[],
  duplicates: Record<string, string>,
  SETS: NeedSet[],
  sweep: Partial<MatchParams>[],
): Promise<{ rows: Quality[]; embedS: number }> {
  const { db } = await freshBenchDb(dbName);
  const idOf = new Map<string, string>();
  for (const [key, name, description, category] of listings) {
    const prepared = await validateSubmission(
      db,
      { name, description, category, endpoint_url: `https://${key}.example.com/v1`, price_amount: 0.01 },
      { checkHost: async () => ({ ok: true as const }) },
    );
    idOf.set(key, (await createListing(db, prepared)).id);
  }
  const keyOf = new Map([...idOf].map(([k, id]) => [id, k]));
  t0 = performance.now();
  while ((await syncEmbeddings(db, embedder)) > 0);
  const embedS = (performance.now() - t0) / 1000;

  const servers = serversOf(duplicates);

  /** The directory's statuses, scores and prices: uniform, or mixed as a live one is (sets.ts). */
  async function setAttributes(mixed: boolean) {
    const attributes = mixed ? mixedAttributes(idOf.size) : [];
    for (const [i, id] of [...idOf.values()].entries())
      await db
        .updateTable("listings")
        .set(mixed ? attributes[i]! : UNIFORM)
        .where("id", "=", id)
        .execute();
  }

  const MISSES = process.env.BENCH_MISSES === "true";
  async function quality(
    set: (typeof SETS)[number],
    method: string,
    directory: string,
    matcher?: QueryMatcher,
  ): Promise<Quality> {
    const { needs, unserved } = set;
    const shipped = method.startsWith("**shipped");
    let top1 = 0;
    let top3 = 0;
    let rr = 0;
    let results = 0;
    for (const [need, key] of needs) {
      const ok = servers(key);
      const r = await discover(db, { q: need, limit: 10 }, matcher ? { matcher } : {});
      const rank = r.results.findIndex((x) => ok.has(keyOf.get(x.id)!)) + 1;
      if (MISSES && shipped && directory === "mixed" && rank !== 1)
        console.log(
          `miss (${set.name}): "${need}" wants ${key}, rank ${rank}, got ${r.results.map((x) => keyOf.get(x.id)).join(", ")}`,
        );
      if (rank === 1) top1++;
      if (rank >= 1 && rank <= 3) top3++;
      if (rank >= 1) rr += 1 / rank;
      results += r.count;
    }
    let unservedEmpty = 0;
    for (const need of unserved) {
      const r = await discover(db, { q: need, limit: 10 }, matcher ? { matcher } : {});
      if (r.count === 0) unservedEmpty++;
      else if (MISSES && shipped && directory === "mixed")
        console.log(
          `answered (${set.name}): "${need}" got ${r.results.map((x) => keyOf.get(x.id)).join(", ")}`,
        );
    }
    const n = needs.length;
    return {
      set: set.name,
      method,
      directory,
      top1: top1 / n,
      top3: top3 / n,
      mrr: rr / n,
      avgResults: results / n,
      unservedEmpty: unservedEmpty / unserved.length,
    };
  }

  /**
   * The matcher shipped before the fused one (kept here to print both on the same set): cosine only, every
   * listing with cosine >= 0.25 and within 0.2 of the best, at most 200.
   */
  async function cosineBandMatcher(): Promise<QueryMatcher> {
    const index = new VectorIndex();
    for (const r of await db.selectFrom("listings").select(["id", "embedding"]).execute())
      if (r.embedding) index.upsert(r.id, bytesToVector(r.embedding));
    return async (q) => {
      const hits = index.search(await embedder.embedCached(queryKey(q)), 200, 0.25);
      const best = hits[0]?.similarity ?? 0;
      return { ids: hits.filter((h) => h.similarity >= best - 0.2).map((h) => h.id), categories: [] };
    };
  }

  const rowsQ: Quality[] = [];
  for (const mixed of [false, true]) {
    const directory = mixed ? "mixed" : "uniform";
    await setAttributes(mixed);
    const band = await cosineBandMatcher();
    for (const set of SETS) {
      rowsQ.push(await quality(set, "plain text (Postgres full-text)", directory));
      rowsQ.push(await quality(set, "before: cosine >= 0.25, within 0.2 of best", directory, band));
    }
    for (const m of sweep) {
      const idx = createSemanticIndex(db, embedder, log, { match: m });
      await idx.refresh();
      const label = Object.keys(m).length
        ? m.needMap === false && Object.keys(m).length === 1
          ? "before: the same matcher without the need map (the model's own need vector)"
          : m.kindWeight === 0 && m.kindGate === "off"
            ? "before: fused without service kinds (category, words), same band and floor"
            : `fused, ${Object.entries(m)
                .map(([k, v]) => `${k} ${v}`)
                .join(", ")}`
        : `**shipped: fused (category ${MATCH.categoryWeight}, words ${MATCH.lexicalWeight}, kinds ${MATCH.kindWeight} with focus ${MATCH.kindFocus}, kind gate ${MATCH.kindGate} on ${MATCH.kindGateOn} kinds, slack ${MATCH.kindPrimarySlack}, kind check ${MATCH.kindCheck} − ${MATCH.kindCheckStep} per word), band ${MATCH.band}, floor ${MATCH.floor}**`;
      for (const set of SETS) rowsQ.push(await quality(set, label, directory, idx.matcher));
    }
  }
  await db.destroy();
  await dropBenchDb(dbName);
  return { rows: rowsQ, embedS };
}

function printQuality(
  title: string,
  listings: Listing[],
  duplicates: Record<string, string>,
  SETS: NeedSet[],
  { rows: rowsQ, embedS }: { rows: Quality[]; embedS: number },
) {
  console.log(
    `## ${title}: ${listings.length} listings (${Object.keys(duplicates).length} near-duplicate competitors); needs served / nothing serves: ${SETS.map((x) => `${x.name} ${x.needs.length} / ${x.unserved.length}`).join(", ")} (listings embedded in ${embedS.toFixed(1)} s)\n`,
  );
  console.log(
    "Ranking exactly as GET /v1/discover returns it. uniform: every listing verified, score 0.9, price 0.01 (relevance alone decides); mixed: 60% verified, 30% unverified, 10% failing, scores 0.5-1, prices 0.001-0.2 USD.\n",
  );
  console.log(
    "| set | directory | matching | top-1 | top-3 | MRR@10 | results per served need | unserved needs with no result |\n|---|---|---|---|---|---|---|---|",
  );
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  for (const set of SETS)
    for (const q of rowsQ.filter((r) => r.set === set.name))
      console.log(
        `| ${q.set} | ${q.directory} | ${q.method} | ${q.top1.toFixed(2)} | ${q.top3.toFixed(2)} | ${q.mrr.toFixed(3)} | ${q.avgResults.toFixed(1)} | ${pct(q.unservedEmpty)} |`,
      );
}

if (QUALITY) {
  /** The labelled sets of needs (README: how each was written and which were read while tuning). */
  const SETS: NeedSet[] = [
    { name: "labelled", needs: NEEDS, unserved: UNSERVED },
    { name: "holdout", needs: HOLDOUT_NEEDS, unserved: HOLDOUT_UNSERVED },
    { name: "third", needs: THIRD_NEEDS, unserved: THIRD_UNSERVED },
  ];
  const sweep: Partial<MatchParams>[] = [
    {},
    { needMap: false },
    { kindWeight: 0, kindGate: "off" },
    { kindGate: "off" },
    { kindGate: "any" },
    { kindGateOn: "all" },
    { kindPrimarySlack: 0 },
    { kindFocus: 0 },
    { kindFocus: 1 },
    { kindWeight: 0.05 },
    { kindWeight: 0.1 },
    { kindWeight: 0.3 },
    { kindFloor: 0.28 },
    { kindFloor: 0.25 },
    { kindFloor: 0.2 },
    { kindFloor: 0 },
    { categoryWeight: 0, lexicalWeight: 0 },
    { categoryWeight: 0 },
    { categoryWeight: 0.2 },
    { lexicalWeight: 0 },
    { lexicalWeight: 0.3 },
    { band: 0.015 },
    { band: 0.05 },
    { floor: 0 },
    { floor: 0.36 },
    { kindSpread: 0.05 },
    { kindSpread: 0.1 },
    { kindSpread: 0.15 },
    { kindless: "pass", kindSpread: 0.1 },
    { kindless: "beside" },
    { kindless: "exclude" },
    { kindWordsWeight: 0 },
    { kindWordsWeight: 0.1 },
    { kindWordsWeight: 0.15 },
    { kindWordsWeight: 0.1, lexicalWeight: 0.1 },
    { looseKinds: "gate" },
    // The check of a need's kinds against its meaning (2026-11-27, fourth session): off, flat, stricter.
    { kindCheck: 0 },
    { kindCheckStep: 0 },
    { kindCheck: 0.32 },
    // The weights before 2026-11-27's third session (words 0.15, kind words 0.05, band 0.03, floors 0.32).
    { lexicalWeight: 0.15, kindWordsWeight: 0.05, band: 0.03, floor: 0.32, kindFloor: 0.32, kindCheck: 0 },
  ];
  // BENCH_SWEEP=short: the shipped parameters, the same without the need map, and the last four variants of the
  // sweep; =shipped: the shipped parameters and the same without the need map.
  // BENCH_VARIANTS='[{"floor":0.3}]': the shipped parameters and these variants only, on every set measured.
  const variants: Partial<MatchParams>[] | undefined = process.env.BENCH_VARIANTS
    ? [{}, ...(JSON.parse(process.env.BENCH_VARIANTS) as Partial<MatchParams>[])]
    : undefined;
  const swept =
    variants ??
    (process.env.BENCH_SWEEP === "short"
      ? [sweep[0]!, sweep[1]!, ...sweep.slice(-4)]
      : process.env.BENCH_SWEEP === "last"
        ? [sweep[0]!, sweep[1]!, ...sweep.slice(-Number(process.env.BENCH_SWEEP_LAST ?? 4))]
        : process.env.BENCH_SWEEP === "shipped"
          ? [sweep[0]!, sweep[1]!]
          : sweep);
  const only = process.env.BENCH_QUALITY;
  if (only === undefined || only === "true" || only === "labelled")
    printQuality(
      "Quality",
      LISTINGS,
      DUPLICATES,
      SETS,
      await measureQuality(`${DB_PREFIX}_quality`, LISTINGS, DUPLICATES, SETS, swept),
    );
  if (only === undefined || only === "true" || only === "fresh") {
    // The fresh set (fresh.ts): its own listings added to the labelled ones, needs written without reading the
    // matcher or its lexicon. Measured apart so that the other sets' figures keep their directory.
    const listings = [...LISTINGS, ...FRESH_LISTINGS];
    const duplicates = { ...DUPLICATES, ...FRESH_DUPLICATES };
    const fresh: NeedSet[] = [{ name: "fresh", needs: FRESH_NEEDS, unserved: FRESH_UNSERVED }];
    printQuality(
      "Quality on the fresh set",
      listings,
      duplicates,
      fresh,
      await measureQuality(
        `${DB_PREFIX}_fresh`,
        listings,
        duplicates,
        fresh,
        variants ?? [
          {},
          { needMap: false },
          { kindWeight: 0, kindGate: "off" },
          { kindGate: "off" },
          { kindless: "pass" },
          { kindSpread: 0.05 },
          { kindSpread: 0.1 },
          { kindSpread: 0.15 },
          { kindless: "pass", kindSpread: 0.1 },
          { kindWordsWeight: 0 },
          { kindWordsWeight: 0.1 },
          { kindless: "beside" },
          { kindless: "exclude" },
        ],
      ),
    );
  }
  // The outside, second, another, fourth, fifth and sixth sets (outside.ts … sixth.ts): 60 listings each
  // of common kinds of paid API, worded by engineers who read neither the matcher, its lexicon nor the other sets,
  // with their needs; each measured in a directory of its 60 listings alone, as the issue's own labelled set is.
  const apart: [string, Listing[], Record<string, string>, NeedSet][] = [];
  for (const name of APART_SETS)
    if (only === undefined || only === "true" || only === name) apart.push(await apartSet(name));
  for (const [name, listings, duplicates, set] of apart)
    printQuality(
      `Quality on the ${name} set`,
      listings,
      duplicates,
      [set],
      await measureQuality(`${DB_PREFIX}_${name}`, listings, duplicates, [set], swept),
    );
}

// ---- 2. latency -------------------------------------------------------------------------------
// Listing vectors at scale: real model vectors of the labelled listings, mixed and perturbed (the cost of
// ranking does not depend on what the vectors say; embedding 100k texts would take ~11 minutes).
const base = await embedder.embed(LISTINGS.map(([, n, d]) => `${n}. ${d}`));
function syntheticVector(i: number): Float32Array {
  const a = base[i % base.length]!;
  const b = base[(i * 31 + 7) % base.length]!;
  const v = new Float32Array(a.length);
  for (let d = 0; d < v.length; d++) v[d] = a[d]! + 0.4 * b[d]! + (Math.random() - 0.5) * 0.05;
  return normalise(v);
}

const rowsL: LoadResult[] = [];
/** CPU seconds the process has used so far, all its threads (the model's worker too), from /proc. */
const cpuSeconds = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
};
/** CPU seconds per thread of the process so far (thread id → seconds), from /proc. */
const threadSeconds = async (pid: number) => {
  const out = new Map<number, number>();
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, "utf8").catch(() => null);
    if (!stat) continue;
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    out.set(Number(tid), (Number(f[11]) + Number(f[12])) / 100);
  }
  return out;
};
const cpuRows: string[] = [];
/**
 * A load run with the api process's CPU per request beside it, split by thread: the event loop's (the main
 * thread), the busiest other thread's (the model's worker, when queries are new) and the rest (GC helpers,
 * libuv's pool).
 */
async function measured(pid: number, ...args: Parameters<typeof load>): Promise<LoadResult> {
  const before = await cpuSeconds(pid);
  const threadsBefore = await threadSeconds(pid);
  const r = await load(...args);
  const used = (await cpuSeconds(pid)) - before;
  const threads = [...(await threadSeconds(pid))].map(([tid, s]) => [tid, s - (threadsBefore.get(tid) ?? 0)]);
  const main = threads.find(([tid]) => tid === pid)?.[1] ?? 0;
  const others = threads.filter(([tid]) => tid !== pid).map(([, s]) => s!);
  const busiest = Math.max(0, ...others);
  const rest = others.reduce((a, b) => a + b, 0) - busiest;
  const requests = r.rps * (args[2]?.durationS ?? 8);
  const ms = (s: number) => ((1000 * s) / requests).toFixed(1);
  cpuRows.push(`| ${r.label} | ${requests} | ${ms(used)} | ${ms(main)} | ${ms(busiest)} | ${ms(rest)} |`);
  return r;
}
const ratios: string[] = [];
const rowsIdx: string[] = [];
const needVectors = await embedder.embed(NEEDS.map(([q]) => q));
for (const n of SIZES) {
  const name = `${DB_PREFIX}_${n}`;
  const { db: big, url } = await freshBenchDb(name);
  t0 = performance.now();
  const ids = await seedListings(big, n);
  const vectors = ids.map((_, i) => syntheticVector(i));
  // The index alone, in process: sign-hash shortlist vs exact scan, same vectors and needs.
  const approx = new VectorIndex();
  const exact = new VectorIndex({ exactUpTo: Number.POSITIVE_INFINITY });
  for (const [i, id] of ids.entries()) {
    approx.upsert(id, vectors[i]!);
    exact.upsert(id, vectors[i]!);
  }
  let found = 0;
  let msApprox = 0;
  let msExact = 0;
  for (const q of needVectors) {
    let t = performance.now();
    const truth = exact.search(q, 10);
    msExact += performance.now() - t;
    t = performance.now();
    const got = approx.search(q, 10);
    msApprox += performance.now() - t;
    const want = new Set(truth.map((h) => h.id));
    found += got.filter((h) => want.has(h.id)).length;
  }
  rowsIdx.push(
    `| ${n} | ${(msExact / needVectors.length).toFixed(1)} | ${(msApprox / needVectors.length).toFixed(1)} | ${(found / (10 * needVectors.length)).toFixed(3)} |`,
  );
  for (let start = 0; start < ids.length; start += 1000) {
    const values = ids
      .slice(start, start + 1000)
      .map((id, j) => sql`(${id}, ${vectorToBytes(vectors[start + j]!)}::bytea)`);
    await sql`UPDATE listings SET embedding = v.e, embedding_synced_at = now()
      FROM (VALUES ${sql.join(values)}) AS v(id, e) WHERE listings.id = v.id`.execute(big);
  }
  // What autovacuum does after a bulk update: without it the planner reads every dead row version.
  await sql`VACUUM ANALYZE listings`.execute(big);
  await big.destroy();
  console.error(`seeded ${n} listings with vectors in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const needs = NEEDS.map(([q]) => q);
  for (const semantic of ONLY_NEW ? [true] : [true, false]) {
    t0 = performance.now();
    const api = await startService("api", {
      DATABASE_URL: url,
      API_PORT: "0",
      NODE_ENV: "test",
      SEMANTIC_SEARCH: String(semantic),
      QUEUE_PREFIX,
      // Every bench request comes from one loopback client: lift the per-client discover limit.
      DISCOVER_LIMIT_PER_MINUTE: "1000000",
    });
    const apiUrl = String(api.ready.url);
    const urls = (qs: string[]) => qs.map((q) => `${apiUrl}/v1/discover?q=${encodeURIComponent(q)}`);
    if (semantic) {
      // Ready when discover answers by meaning (index loaded, model warm).
      for (;;) {
        const r = (await (await fetch(urls(["warm up"])[0]!)).json()) as { note: string };
        if (r.note.includes("meaning")) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      console.error(`api ready with ${n} vectors in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      // Agents' needs repeat: warm the query vectors and the replica's answers.
      for (const u of urls(needs)) await fetch(u);
      if (!ONLY_NEW)
        rowsL.push(
          await load(`meaning, repeated needs (answer cached), 1 connection @${n}`, urls(needs), {
            durationS: DURATION,
            connections: 1,
          }),
        );
      if (!ONLY_NEW) {
        const repeated = await load(`meaning, repeated needs (answer cached) @${n}`, urls(needs), {
          durationS: DURATION,
        });
        // Two references: a bare route answering the first need's body (as since issue 5), and one answering every
        // need's own body in the same order as the repeated run (the same bytes written; the fairer one).
        const bodies = await Promise.all(urls(needs).map(async (u) => (await fetch(u)).text()));
        const body = bodies[0]!;
        const bare = await bareServer(body);
        const b = await load(`bare Hono, same ${body.length}-byte body`, [`${bare.url}/x`], {
          durationS: DURATION,
        });
        bare.close();
        const bareAll = await bareServer(bodies);
        const bAll = await load(
          `bare Hono, the same ${bodies.length} bodies in the same order (mean ${meanLength(bodies)} bytes)`,
          bareUrls(bareAll.url, bodies.length),
          { durationS: DURATION },
        );
        bareAll.close();
        rowsL.push(repeated, b, bAll);
        ratios.push(
          `repeated needs @${n}: ${(repeated.rps / b.rps).toFixed(3)} of bare throughput with the first need's body, ${(repeated.rps / bAll.rps).toFixed(3)} with every need's own body; p99 ${repeated.p99} vs ${b.p99} and ${bAll.p99} ms`,
        );
      }
      // Every query new: the model runs for each request (one agent at a time, then ten).
      const fresh1 = Array.from({ length: 5000 }, (_, i) => `${needs[i % needs.length]} first ${i}`);
      rowsL.push(
        await measured(api.child.pid!, `meaning, every query new, 1 connection @${n}`, urls(fresh1), {
          durationS: DURATION,
          connections: 1,
        }),
      );
      const fresh = Array.from({ length: 5000 }, (_, i) => `${needs[i % needs.length]} ${i}`);
      rowsL.push(
        await measured(api.child.pid!, `meaning, every query new (model per request) @${n}`, urls(fresh), {
          durationS: DURATION,
          shared: true,
        }),
      );
    } else {
      rowsL.push(
        await load(`plain text, repeated needs, 1 connection @${n}`, urls(needs), {
          durationS: DURATION,
          connections: 1,
        }),
      );
      rowsL.push(
        await load(`plain text, repeated needs (answer cached) @${n}`, urls(needs), { durationS: DURATION }),
      );
      // Every query new: the full-text search runs for each request.
      const fresh = Array.from({ length: 5000 }, (_, i) => `${needs[i % needs.length]} ${i}`);
      rowsL.push(
        await load(`plain text, every query new @${n}`, urls(fresh), { durationS: DURATION, shared: true }),
      );
    }
    await api.stop();
    await dropQueuePrefix(QUEUE_PREFIX);
  }
  // BENCH_KEEP_DB=true leaves the seeded database for a look at its plans (dropped by the next run).
  if (process.env.BENCH_KEEP_DB === "true") console.error(`kept database ${name}`);
  else await dropBenchDb(name);
}
await embedder.close();
console.log("\n## The vector index alone (in process, 72 need vectors)\n");
console.log(
  "| listings | exact scan ms/query | sign-hash shortlist + exact re-rank ms/query | recall@10 vs exact |\n|---|---|---|---|",
);
console.log(rowsIdx.join("\n"));
console.log(`\n## GET /v1/discover?q latency (10 connections unless noted, ${DURATION} s each)\n`);
console.log(table(rowsL));
console.log(`\n${ratios.join("\n")}`);
console.log(
  "\n## The api process's CPU per request, every query new (/proc, all threads; requests = req/s x duration)\n",
);
console.log(
  `| run | requests | CPU ms per request | event loop | busiest other thread (the model) | the rest |\n|---|---|---|---|---|---|\n${cpuRows.join("\n")}`,
);
