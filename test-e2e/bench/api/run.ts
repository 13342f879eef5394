/**
 * Benchmark: GET /v1/discover and GET /v1/listings/{id} with 10k and 100k listings loaded, beside a bare
 * Hono route on the same machine that returns a JSON body of the same size. Run: pnpm bench:api
 */
import { readFileSync } from "node:fs";
import { testPrefix } from "@tollgate/db/testing";
import { dropQueuePrefix, startService } from "@tollgate/devnet";
import { bareServer, bareUrls, meanLength } from "../bare.js";
import { dropBenchDb, freshBenchDb } from "../db.js";
import { type LoadResult, load, table } from "../load.js";
import { seedListings } from "./seed.js";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number);
const DURATION = Number(process.env.BENCH_DURATION_S ?? 8);
// `BENCH_ROUTES=detail` (or `discover`) runs one route only, e.g. to profile it alone with SERVICE_NODE_ARGS.
const ROUTES = (process.env.BENCH_ROUTES ?? "detail,discover").split(",");
// On a shared machine the load from other work changes within seconds: with BENCH_ROUNDS=k each row's
// DURATION is cut into k turns alternating with the bare route's (req/s: the mean of the turns; p50/p99: their
// median), so both sides see the same conditions. 1 (the default) is one turn each, as before.
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
// Its own queue prefix: the searches it makes are logged for demand and must not reach `pnpm start`'s aggregator.
const QUEUE_PREFIX = testPrefix("bench_api");

const rows: LoadResult[] = [];
const ratios: string[] = [];
for (const n of SIZES) {
  const name = `tollgate_bench_api_${n}`;
  const { db, url } = await freshBenchDb(name);
  const t0 = performance.now();
  const ids = await seedListings(db, n);
  await db.destroy();
  console.error(`seeded ${n} listings in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const api = await startService("api", {
    DATABASE_URL: url,
    API_PORT: "0",
    NODE_ENV: "test",
    QUEUE_PREFIX,
    // Plain-text discover, the read path of issue 1; discover by meaning is measured by bench:semantic
    // (with listing vectors loaded, which this seed does not compute).
    SEMANTIC_SEARCH: "false",
    // Every bench request comes from one loopback client: lift the per-client discover limit.
    DISCOVER_LIMIT_PER_MINUTE: "1000000",
  });
  const base = String(api.ready.url);
  const sample = ids.filter((_, i) => i % Math.max(1, Math.floor(n / 200)) === 0).slice(0, 200);
  const getUrls = sample.map((id) => `${base}/v1/listings/${id}`);
  const discoverUrls = ["weather", "stock price", "crypto wallet", "geocode", "news"].map(
    (q) => `${base}/v1/discover?q=${encodeURIComponent(q)}`,
  );
  const getBody = await (await fetch(getUrls[0]!)).text();
  const discoverBody = await (await fetch(discoverUrls[0]!)).text();
  // Discover answers five needs, each its own body: a second reference answers those five bodies in the same order.
  const discoverBodies = await Promise.all(discoverUrls.map(async (u) => (await fetch(u)).text()));
  const runs = [
    ["detail", `GET /v1/listings/{id} @${n}`, getUrls, getBody, null],
    ["discover", `GET /v1/discover?q (plain text) @${n}`, discoverUrls, discoverBody, discoverBodies],
  ] as const;
  for (const [, label, urls, body, bodies] of runs.filter(([route]) => ROUTES.includes(route))) {
    const bare = await bareServer(body);
    const bareAll = bodies ? await bareServer([...bodies]) : null;
    const turns: { r: LoadResult; b: LoadResult; all: LoadResult | null }[] = [];
    let cpuMs = 0;
    for (let k = 0; k < ROUNDS; k++) {
      const cpuBefore = processCpuMs(api.child.pid);
      const r = await load(label, [...urls], { durationS: DURATION / ROUNDS });
      cpuMs += processCpuMs(api.child.pid) - cpuBefore;
      const b = await load(`bare Hono, same ${body.length}-byte body`, [`${bare.url}/x`], {
        durationS: DURATION / ROUNDS,
      });
      const all =
        bareAll && bodies
          ? await load(
              `bare Hono, the same ${bodies.length} bodies in the same order (mean ${meanLength([...bodies])} bytes)`,
              bareUrls(bareAll.url, bodies.length),
              { durationS: DURATION / ROUNDS },
            )
          : null;
      turns.push({ r, b, all });
    }
    bare.close();
    bareAll?.close();
    const r = merged(turns.map((x) => x.r));
    const b = merged(turns.map((x) => x.b));
    const all = bareAll ? merged(turns.map((x) => x.all!)) : null;
    rows.push(r, b, ...(all ? [all] : []));
    const cpuPerRequest = (1000 * cpuMs) / (r.rps * DURATION);
    ratios.push(
      `${label}: ${(r.rps / b.rps).toFixed(3)} of bare throughput${all ? ` (${(r.rps / all.rps).toFixed(3)} of a bare route answering its ${bodies!.length} bodies in turn)` : ""}, p99 ${r.p99} vs ${b.p99} ms; api CPU ${cpuPerRequest.toFixed(0)} µs per request`,
    );
  }
  await api.stop();
  await dropQueuePrefix(QUEUE_PREFIX);
  await dropBenchDb(name);
}
/** User + system CPU time of a process so far (Linux /proc), in ms; 0 where there is no /proc. */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Turns of one row as one: mean req/s, median p50/p99, summed errors. */
function merged(turns: LoadResult[]): LoadResult {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  return {
    label: turns[0]!.label,
    rps: Math.round(turns.reduce((sum, t) => sum + t.rps, 0) / turns.length),
    p50: median(turns.map((t) => t.p50)),
    p99: median(turns.map((t) => t.p99)),
    errors: turns.reduce((sum, t) => sum + t.errors, 0),
    non2xx: turns.reduce((sum, t) => sum + t.non2xx, 0),
  };
}

console.log(table(rows));
console.log(`\n${ratios.join("\n")}`);
