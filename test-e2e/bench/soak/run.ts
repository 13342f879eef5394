/**
 * Benchmark: a mixed-load soak. Agent traffic for BENCH_SOAK_S seconds (default 600): discover by meaning
 * (repeated and never-seen needs), listing details, resolve, the listing index, stats, MCP tool calls through
 * the official MCP client, paid verdicts bought with the official x402 client, and a trickle of submissions,
 * while a prober probes 200 local sellers and the scout buys from the demo sellers on the local chain.
 * Reports per route the requests, error rate, p50 and p99, and each process's resident memory after warm-up,
 * at the end, and its trend over the second half (a leak shows as a steady climb); then the CPU each service,
 * this process (the agents and the sellers they and the prober use), Postgres, the chain and Redis used, and how
 * busy the machine's cores were: agents' latencies include waiting for a core.
 * Run: pnpm bench:soak   (BENCH_SOAK_S, BENCH_AGENTS default 8, BENCH_LISTINGS default 5000; SOAK_SAMPLES=<file>
 * writes every memory sample there as JSON; BENCH_VECTOR_CACHE=<n> gives the api and mcp a query-vector cache of
 * n needs instead of 20,000, so that it fills early in a run and the rest shows memory with every cache full)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { testPrefix } from "@tollgate/db/testing";
import {
  createLocalFacilitator,
  dropQueuePrefix,
  FORECAST_SCHEMA,
  payingFetch,
  type RunningService,
  startChain,
  startDemoSellers,
  startSellerFleet,
  startService,
} from "@tollgate/devnet";
import { createListing, validateSubmission } from "@tollgate/registry";
import { sql } from "kysely";
import { seedListings } from "../api/seed.js";
import { dropBenchDb, freshBenchDb } from "../db.js";
import { cpuByGroup, cpuSpent, machineCpu } from "../proc.js";

const SOAK_S = Number(process.env.BENCH_SOAK_S ?? 600);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 8);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 5000);
const SAMPLE_EVERY_MS = 10_000;

const chain = await startChain();
const payTo = chain.wallets.sellers[0]!.address;
const demo = await startDemoSellers({ payTo, facilitator: createLocalFacilitator(chain) });
const fleet = await startSellerFleet(260, payTo);
const name = "tollgate_bench_soak";
const { db, url } = await freshBenchDb(name);

// The directory agents read: synthetic listings (their probes are not due during the run), 200 fleet sellers
// the prober keeps probing, and the demo sellers the prober verifies and the scout buys from.
const seeded = await seedListings(db, LISTINGS);
await sql`UPDATE listings SET next_check_by = now() + interval '1 year'`.execute(db);
const listed = async (endpoint: string, label: string) =>
  createListing(
    db,
    await validateSubmission(
      db,
      {
        name: label,
        description: `${label}: hourly weather forecast for a city, JSON`,
        endpoint_url: endpoint,
        category: "data.weather",
        price_amount: 0.01,
        response_schema: FORECAST_SCHEMA,
      },
      { checkHost: async () => ({ ok: true }), allowHttp: true },
    ),
  );
for (const u of fleet.urls.slice(0, 200)) await listed(u, "fleet seller");
for (const s of ["x402-hono", "cheat-500", "every-other", "cheat-html"] as const)
  await listed(demo.sellers[s].url, `demo ${s}`);
await sql`ANALYZE listings`.execute(db);
const unlisted = fleet.urls.slice(200); // submitted during the run, one at a time

const QUEUE_PREFIX = testPrefix("bench_soak");
const env = {
  NODE_ENV: "test",
  DATABASE_URL: url,
  QUEUE_PREFIX,
  API_PORT: "0",
  MCP_PORT: "0",
  SSRF_ALLOW_HOSTS: `${demo.allowanceEnv},${fleet.allowanceEnv}`,
  ALLOW_HTTP_ENDPOINTS: "true",
  CHAIN_RPC_URL: chain.rpcUrl,
  OPERATOR_PAY_TO: chain.wallets.operator.address,
  FACILITATOR_RPC_URL: chain.rpcUrl,
  FACILITATOR_PRIVATE_KEY: chain.wallets.facilitator.privateKey,
  SIGNING_KEY_FILE: `/tmp/tollgate-bench-soak-key-${process.pid}.json`,
  SCOUT_PRIVATE_KEY: chain.wallets.scout.privateKey,
  SCOUT_TICK_MS: "2000",
  SCOUT_REBUY_AFTER_S: "60",
  SCOUT_TIMEOUT_MS: "5000",
  PROBE_INTERVAL_SCALE: "0.002",
  PROBE_TICK_MS: "500",
  PROBE_HOST_MIN_GAP_MS: "0",
  // Every bench request comes from one loopback client: lift the per-client limits the soak is not about.
  DISCOVER_LIMIT_PER_MINUTE: "1000000",
  MCP_LIMIT_PER_MINUTE: "1000000",
  SUBMISSION_LIMIT_PER_HOUR: "100000",
  ...(process.env.BENCH_VECTOR_CACHE ? { QUERY_VECTOR_CACHE: process.env.BENCH_VECTOR_CACHE } : {}),
};
const procs: RunningService[] = [];
// A run that fails part-way must not leave services or the chain running behind it.
process.on("exit", () => {
  for (const p of procs) p.child.kill("SIGKILL");
});
for (const svc of ["api", "mcp", "prober", "scout-buyer", "demand-aggregator"] as const)
  procs.push(await startService(svc, env, { timeoutMs: 180_000 }));
const api = String(procs[0]!.ready.url);
const mcpEndpoint = String(procs[1]!.ready.endpoint);

async function until(ready: () => Promise<boolean>) {
  while (!(await ready())) await new Promise((r) => setTimeout(r, 250));
}
// Steady state: the model is loaded and answers by meaning.
await until(async () =>
  ((await (await fetch(`${api}/v1/discover?q=weather`)).json()) as { note: string }).note.includes("meaning"),
);

const NEEDS = [
  "hourly weather forecast for a city",
  "current price of bitcoin in dollars",
  "geocode a street address to coordinates",
  "translate a paragraph into french",
  "latest football scores",
  "ship a parcel and get tracking",
  "verify a person's identity document",
  "search the web and return results",
  "scrape a web page into clean text",
  "generate an image from a prompt",
  "exchange rate between euro and yen",
  "company registry lookup by name",
];
let novel = 0;
const urlsOf = (ids: string[]) => ids.map((id) => `${api}/v1/listings/${id}`);
const details = urlsOf(seeded.slice(0, 2000));

interface Route {
  name: string;
  weight: number;
  run(): Promise<number>;
}
/** The first unexpected answers of the run (route, status, the body's start or the thrown error), printed at the end. */
const unexpected: string[] = [];
const noteUnexpected = (n: string, status: number, detail: string) => {
  if (unexpected.length < 20)
    unexpected.push(`${n}: ${status} at ${new Date().toISOString()}: ${detail.slice(0, 400)}`);
};
const get = async (u: string) => {
  const r = await fetch(u);
  const body = await r.arrayBuffer();
  if (r.status !== 200) noteUnexpected(`GET ${u}`, r.status, Buffer.from(body).toString());
  return r.status;
};
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
/**
 * The MCP SDK's HTTP transport hands one connection-wide AbortSignal to every fetch, and undici keeps an abort
 * listener on it per request until garbage collection: in a twenty-minute soak this process held thousands
 * (MaxListenersExceededWarning, the bench's own memory growing). Each request gets a signal of its own that
 * follows the transport's until the response arrives (answers here are JSON, read at once).
 */
const ownSignalFetch: typeof fetch = async (input, init) => {
  const shared = init?.signal;
  if (!shared) return fetch(input, init);
  const own = new AbortController();
  const follow = () => own.abort(shared.reason);
  if (shared.aborted) follow();
  else shared.addEventListener("abort", follow, { once: true });
  try {
    return await fetch(input, { ...init, signal: own.signal });
  } finally {
    shared.removeEventListener("abort", follow);
  }
};
const mcp = new Client({ name: "bench-soak", version: "1.0.0" });
await mcp.connect(new StreamableHTTPClientTransport(new URL(mcpEndpoint), { fetch: ownSignalFetch }));
const tool = async (toolName: string, args: Record<string, unknown>) => {
  const r = await mcp.callTool({ name: toolName, arguments: args });
  if (r.isError) noteUnexpected(`MCP ${toolName}`, 500, JSON.stringify(r.content));
  return r.isError ? 500 : 200;
};
const routes: Route[] = [
  {
    name: "GET /v1/discover (repeated need)",
    weight: 25,
    run: () => get(`${api}/v1/discover?q=${encodeURIComponent(pick(NEEDS))}`),
  },
  {
    name: "GET /v1/discover (new need)",
    weight: 5,
    run: () => get(`${api}/v1/discover?q=${encodeURIComponent(`${pick(NEEDS)} variant ${novel++}`)}`),
  },
  { name: "GET /v1/listings/{id}", weight: 30, run: () => get(pick(details)) },
  {
    name: "GET /v1/resolve",
    weight: 8,
    run: () => get(`${api}/v1/resolve?url=${encodeURIComponent(pick(fleet.urls.slice(0, 200)))}`),
  },
  { name: "GET /v1/listings", weight: 4, run: () => get(`${api}/v1/listings?limit=50`) },
  { name: "GET /v1/stats", weight: 3, run: () => get(`${api}/v1/stats`) },
  { name: "MCP find_paid_service", weight: 10, run: () => tool("find_paid_service", { query: pick(NEEDS) }) },
  {
    name: "MCP get_service_details",
    weight: 5,
    run: () => tool("get_service_details", { id: pick(seeded) }),
  },
];
const totalWeight = routes.reduce((s, r) => s + r.weight, 0);
const chooseRoute = () => {
  let x = Math.random() * totalWeight;
  for (const r of routes) {
    x -= r.weight;
    if (x < 0) return r;
  }
  return routes[0]!;
};

interface Tally {
  latencies: number[];
  errors: number;
  statuses: Map<number, number>;
}
const tallies = new Map<string, Tally>();
const tally = (n: string) => {
  const known = tallies.get(n);
  if (known) return known;
  const t: Tally = { latencies: [], errors: 0, statuses: new Map() };
  tallies.set(n, t);
  return t;
};
async function timed(n: string, ok: (status: number) => boolean, run: () => Promise<number>) {
  const t = tally(n);
  const started = performance.now();
  let status = 0;
  try {
    status = await run();
  } catch (err) {
    status = -1;
    noteUnexpected(n, status, String(err));
  }
  t.latencies.push(performance.now() - started);
  t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
  if (!ok(status)) t.errors++;
}

// Resident memory of each process, sampled through the run.
const rss = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
const samples = new Map<string, { t: number; mb: number }[]>(procs.map((p) => [p.name, []]));
const sample = () => {
  const t = Date.now();
  for (const p of procs) samples.get(p.name)!.push({ t, mb: rss(p.child.pid!) });
};

// Where a process's memory is (its main thread's JS heap and the memory V8 holds outside it: buffers, typed
// arrays, wasm), from its own /metrics, sampled beside the RSS: growth in RSS that neither shows is native
// (allocator, sockets) or a worker thread's (the embedding model's isolate is not in these gauges).
const gauge = (text: string, name: string) => {
  const m = new RegExp(`^${name}\\{[^}]*\\} ([0-9.e+]+)$`, "m").exec(text);
  return m ? Number(m[1]) / 1048576 : Number.NaN;
};
const heapSamples = new Map<
  string,
  { t: number; heap: number; heapTotal: number; external: number; outside: number }[]
>(procs.filter((p) => p.ready.ops_url).map((p) => [p.name, []]));
const sampleHeaps = async () => {
  const t = Date.now();
  for (const p of procs) {
    const url = p.ready.ops_url as string | undefined;
    if (!url) continue;
    try {
      const text = await (await fetch(`${url}/metrics`)).text();
      const heapTotal = gauge(text, "nodejs_heap_size_total_bytes");
      heapSamples.get(p.name)!.push({
        t,
        heap: gauge(text, "nodejs_heap_size_used_bytes"),
        heapTotal,
        external: gauge(text, "nodejs_external_memory_bytes"),
        // RSS less what V8 has reserved for the main thread's heap: native memory, worker threads, code. The
        // reserved heap rises and falls by ~200 MB with each major GC, so this is the steadier reading of a leak.
        outside: rss(p.child.pid!) - heapTotal,
      });
    } catch {
      // a process that is gone shows in the exit list
    }
  }
};

/**
 * Where the machine's CPU goes: each service by its pid, this process (the agents, their official MCP and x402
 * clients, the seller fleet the prober probes), Postgres, the chain, Redis; "other" is everything else.
 */
const GROUPS: Record<string, (pid: number, comm: string) => boolean> = {
  ...Object.fromEntries(procs.map((p) => [p.name, (pid: number) => pid === p.child.pid])),
  "bench (agents, their clients, the seller fleet)": (pid) => pid === process.pid,
  postgres: (_, comm) => comm.startsWith("postgres"),
  chain: (_, comm) => comm.includes("anvil"),
  redis: (_, comm) => comm.startsWith("redis"),
};
/** The bench database's transaction and row counters (pg_stat_database), for the capacity model. */
const dbCounters = async () =>
  (
    await sql<{ xact: string; ins: string; upd: string; del: string; fetched: string }>`
      SELECT xact_commit AS xact, tup_inserted AS ins, tup_updated AS upd, tup_deleted AS del, tup_fetched AS fetched
      FROM pg_stat_database WHERE datname = current_database()`.execute(db)
  ).rows[0]!;
const counted = async () => ({
  probes: Number((await sql<{ n: string }>`SELECT count(*) AS n FROM probes`.execute(db)).rows[0]!.n),
  purchases: Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM purchases WHERE dry_run = false`.execute(db)).rows[0]!
      .n,
  ),
});
const cpuStart = cpuByGroup(GROUPS);
const machineStart = machineCpu();
const dbStart = await dbCounters();
const workStart = await counted();
const t0 = Date.now();
const end = Date.now() + SOAK_S * 1000;
const sampler = setInterval(() => {
  sample();
  void sampleHeaps();
}, SAMPLE_EVERY_MS);
sample();
await sampleHeaps();
const buyer = payingFetch(chain, chain.wallets.buyers[0]!);
const submitter = payingFetch(chain, chain.wallets.buyers[1]!);
await Promise.all([
  ...Array.from({ length: AGENTS }, async () => {
    while (Date.now() < end) {
      const r = chooseRoute();
      await timed(r.name, (s) => s === 200, r.run);
    }
  }),
  // Paid verdicts, one at a time, about one a second.
  (async () => {
    while (Date.now() < end) {
      await timed(
        "GET /v1/listings/{id}/verdict (paid)",
        (s) => s === 200,
        async () => {
          const r = await buyer(`${api}/v1/listings/${pick(seeded)}/verdict`);
          const body = await r.text();
          if (r.status !== 200) noteUnexpected("paid verdict", r.status, body);
          return r.status;
        },
      );
      await new Promise((r) => setTimeout(r, 1000));
    }
  })(),
  // A trickle of submissions: one every 10 s (paying the fee once the domain's free ones are used).
  (async () => {
    let i = 0;
    while (Date.now() < end && i < unlisted.length) {
      const endpoint = unlisted[i++]!;
      await timed(
        "POST /v1/listings (trickle)",
        (s) => s === 201,
        async () => {
          const r = await submitter(`${api}/v1/listings`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              name: `late seller ${i}`,
              description: "hourly weather forecast for a city, JSON",
              endpoint_url: endpoint,
              category: "data.weather",
              price_amount: 0.01,
            }),
          });
          const body = await r.text();
          if (r.status !== 201) noteUnexpected("submission", r.status, body);
          return r.status;
        },
      );
      await new Promise((r) => setTimeout(r, 10_000));
    }
  })(),
]);
clearInterval(sampler);
const elapsedS = (Date.now() - t0) / 1000;
const cpuUsed = cpuSpent(cpuStart, cpuByGroup(GROUPS));
const machineEnd = machineCpu();
await new Promise((r) => setTimeout(r, 1000)); // pg_stat_database is updated by backends within a second
const dbEnd = await dbCounters();
const workEnd = await counted();
sample();
await sampleHeaps();
await mcp.close();

const probes = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM probes`.execute(db)).rows[0]!.n);
const purchases = Number(
  (await sql<{ n: string }>`SELECT count(*) AS n FROM purchases WHERE dry_run = false`.execute(db)).rows[0]!
    .n,
);
const crashed = procs.filter((p) => p.child.exitCode !== null).map((p) => p.name);

const pct = (xs: number[], q: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
/** Least-squares slope in MB per minute over the second half of the samples. */
const trend = (xs: { t: number; mb: number }[]) => {
  const half = xs.slice(Math.floor(xs.length / 2));
  if (half.length < 3) return Number.NaN;
  const mt = half.reduce((s, x) => s + x.t, 0) / half.length;
  const mm = half.reduce((s, x) => s + x.mb, 0) / half.length;
  const num = half.reduce((s, x) => s + (x.t - mt) * (x.mb - mm), 0);
  const den = half.reduce((s, x) => s + (x.t - mt) ** 2, 0);
  return (num / den) * 60_000;
};

for (const p of procs) await p.stop();
await db.destroy();
await dropQueuePrefix(QUEUE_PREFIX);
await dropBenchDb(name);
await fleet.stop();
await demo.stop();
await chain.stop();

console.log(
  `\nSoak: ${SOAK_S} s, ${AGENTS} agents, ${LISTINGS + 204} listings; ${probes} probes and ${purchases} scout purchases made meanwhile; query-vector cache ${process.env.BENCH_VECTOR_CACHE ?? "20000 (default)"} needs`,
);
console.log("| route | requests | errors | error rate | p50 ms | p99 ms | statuses |");
console.log("|---|---|---|---|---|---|---|");
for (const [n, t] of tallies)
  console.log(
    `| ${n} | ${t.latencies.length} | ${t.errors} | ${((100 * t.errors) / Math.max(1, t.latencies.length)).toFixed(2)}% | ${pct(t.latencies, 0.5).toFixed(1)} | ${pct(t.latencies, 0.99).toFixed(1)} | ${[...t.statuses].map(([s, c]) => `${s}×${c}`).join(" ")} |`,
  );
if (unexpected.length > 0)
  console.log(`\nUnexpected answers (first ${unexpected.length}):\n${unexpected.join("\n")}`);
console.log("\n| process | RSS after warm-up MB | RSS at end MB | max MB | trend, second half (MB/min) |");
console.log("|---|---|---|---|---|");
for (const [n, xs] of samples)
  console.log(
    `| ${n} | ${xs[0]!.mb.toFixed(0)} | ${xs[xs.length - 1]!.mb.toFixed(0)} | ${Math.max(...xs.map((x) => x.mb)).toFixed(0)} | ${trend(xs).toFixed(2)} |`,
  );
console.log(
  "\n| process | JS heap used after warm-up MB | at end MB | trend, second half (MB/min) | JS heap reserved after warm-up MB | at end MB | max MB | trend (MB/min) | V8 external after warm-up MB | at end MB | trend (MB/min) | RSS outside the JS heap after warm-up MB | at end MB | trend (MB/min) |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const [n, xs] of heapSamples) {
  if (xs.length < 2) continue;
  const h = xs.map((x) => ({ t: x.t, mb: x.heap }));
  const r = xs.map((x) => ({ t: x.t, mb: x.heapTotal }));
  const e = xs.map((x) => ({ t: x.t, mb: x.external }));
  const o = xs.map((x) => ({ t: x.t, mb: x.outside }));
  console.log(
    `| ${n} | ${h[0]!.mb.toFixed(0)} | ${h[h.length - 1]!.mb.toFixed(0)} | ${trend(h).toFixed(2)} | ${r[0]!.mb.toFixed(0)} | ${r[r.length - 1]!.mb.toFixed(0)} | ${Math.max(...r.map((x) => x.mb)).toFixed(0)} | ${trend(r).toFixed(2)} | ${e[0]!.mb.toFixed(0)} | ${e[e.length - 1]!.mb.toFixed(0)} | ${trend(e).toFixed(2)} | ${o[0]!.mb.toFixed(0)} | ${o[o.length - 1]!.mb.toFixed(0)} | ${trend(o).toFixed(2)} |`,
  );
}
if (process.env.SOAK_SAMPLES)
  writeFileSync(
    process.env.SOAK_SAMPLES,
    JSON.stringify({ rss: Object.fromEntries(samples), heap: Object.fromEntries(heapSamples) }),
  );
console.log(`processes that exited during the run: ${crashed.length ? crashed.join(", ") : "none"}`);
const probesDone = workEnd.probes - workStart.probes;
const purchasesDone = workEnd.purchases - workStart.purchases;
const requests = [...tallies.values()].reduce((n, t) => n + t.latencies.length, 0);
console.log("\n| process | CPU s used | share of one core | CPU ms per unit of its work |");
console.log("|---|---|---|---|");
for (const name of [...Object.keys(GROUPS), "other"]) {
  const used = (cpuUsed[name] ?? 0) / 1000;
  const per =
    name === "prober"
      ? `${((1000 * used) / Math.max(1, probesDone)).toFixed(2)} per probe (${probesDone} probes)`
      : name === "scout-buyer"
        ? `${((1000 * used) / Math.max(1, purchasesDone)).toFixed(1)} per purchase (${purchasesDone} purchases)`
        : name === "api" || name === "mcp"
          ? `${((1000 * used) / Math.max(1, requests)).toFixed(2)} per agent request, both routes together`
          : "";
  console.log(`| ${name} | ${used.toFixed(1)} | ${(used / elapsedS).toFixed(2)} | ${per} |`);
}
const machineMs = machineEnd.totalMs - machineStart.totalMs;
console.log(
  `\nThe machine's ${cpus().length} cores were ${((100 * (machineMs - (machineEnd.idleMs - machineStart.idleMs))) / Math.max(1, machineMs)).toFixed(0)}% busy over the run (/proc/stat).`,
);
const d = (k: keyof typeof dbEnd) => (Number(dbEnd[k]) - Number(dbStart[k])) / elapsedS;
console.log(
  `\nPostgres, this database, per second: ${d("xact").toFixed(1)} commits, ${d("ins").toFixed(1)} rows inserted, ${d("upd").toFixed(1)} updated, ${d("del").toFixed(1)} deleted, ${d("fetched").toFixed(0)} fetched; probes ${(probesDone / elapsedS).toFixed(1)}/s, purchases ${(purchasesDone / elapsedS).toFixed(2)}/s`,
);
process.exit(0);
