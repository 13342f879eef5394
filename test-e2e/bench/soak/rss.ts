/**
 * Benchmark: where the api's resident memory goes, and which process settings keep it down. One api per variant,
 * side by side against one database of 5000 embedded listings, each read by its own agents (details, repeated
 * needs, never-seen needs by meaning: the same stream for every variant). Every 10 s it samples, per api, the
 * kernel's view (/proc VmRSS, and /proc smaps split into glibc's main heap, glibc's thread arenas, other
 * anonymous memory, files) beside V8's (heap reserved, used, external, from the api's /metrics), then prints
 * each at the start and end of the run and its trend over the second half.
 * Run: pnpm bench:rss
 *   RSS_S (default 720), RSS_AGENTS per api (default 3),
 *   RSS_VARIANTS: variants separated by ";", each "name: KEY=value ... --node-flag ..." (default
 *   "base: MALLOC_ARENA_MAX=16 --heap-growing-percent=0;now: ", the second with the devnet's settings);
 *   RSS_SAMPLES=<file> writes every sample there as JSON
 */
import { readFileSync, writeFileSync } from "node:fs";
import { testPrefix } from "@tollgate/db/testing";
import { dropQueuePrefix, type RunningService, startService } from "@tollgate/devnet";
import { syncEmbeddings } from "@tollgate/registry";
import { createEmbedder } from "@tollgate/semantic";
import { seedListings } from "../api/seed.js";
import { dropBenchDb, freshBenchDb } from "../db.js";
import { MEMORY_BENCH_NEEDS } from "./needs.js";

const RUN_S = Number(process.env.RSS_S ?? 720);
const AGENTS = Number(process.env.RSS_AGENTS ?? 3);
// The devnet starts the api with MALLOC_ARENA_MAX=2 and --heap-growing-percent=50 (as its image does); "base"
// undoes both: 16 is glibc's own arena limit on this 2-core machine (8 per core), 0 is V8's own heap growth.
const VARIANTS = (process.env.RSS_VARIANTS ?? "base: MALLOC_ARENA_MAX=16 --heap-growing-percent=0;now: ")
  .split(";")
  .map((v) => {
    const [label, rest = ""] = v.split(":");
    const words = rest.trim().split(/\s+/).filter(Boolean);
    return {
      label: label!.trim(),
      env: Object.fromEntries(words.filter((w) => !w.startsWith("--")).map((w) => w.split("=", 2))),
      nodeArgs: words.filter((w) => w.startsWith("--")),
    };
  });

const name = "tollgate_bench_rss";
const { db, url } = await freshBenchDb(name);
const ids = await seedListings(db, 5000);
{
  const e = createEmbedder();
  await e.ready;

  // The registry's own embedding sync, as the demand-aggregator runs it.
  while ((await syncEmbeddings(db, e)) > 0);
  await e.close();
}

const baseArgs = process.env.SERVICE_NODE_ARGS ?? "";
const apis: { label: string; svc: RunningService; prefix: string }[] = [];
process.on("exit", () => {
  for (const a of apis) a.svc.child.kill("SIGKILL");
});
for (const v of VARIANTS) {
  const prefix = testPrefix(`bench_rss_${v.label}`);
  process.env.SERVICE_NODE_ARGS = [baseArgs, ...v.nodeArgs].join(" ");
  const svc = await startService(
    "api",
    {
      NODE_ENV: "test",
      DATABASE_URL: url,
      API_PORT: "0",
      QUEUE_PREFIX: prefix,
      DISCOVER_LIMIT_PER_MINUTE: "1000000",
      DEMAND_LOG_PER_CLIENT_PER_HOUR: "1000000",
      ...v.env,
    },
    { timeoutMs: 180_000 },
  );
  apis.push({ label: v.label, svc, prefix });
}
process.env.SERVICE_NODE_ARGS = baseArgs;
for (const a of apis) {
  for (;;) {
    const r = (await (await fetch(`${a.svc.ready.url}/v1/discover?q=weather`)).json()) as { note: string };
    if (r.note.includes("meaning")) break;
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Resident kB by kind of mapping, from /proc/<pid>/smaps. */
function mappings(pid: number) {
  const out = { rss: 0, mainHeap: 0, arenas: 0, anon: 0, file: 0, threads: 0 };
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  out.rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  out.threads = Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  const text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  // A glibc thread arena is a 64 MiB-aligned reservation (HEAP_MAX_SIZE), its used part read-write and the
  // rest PROT_NONE; V8's own reservations are aligned to 256 KiB pages and are not 64 MiB-aligned as a rule.
  const regions: { start: bigint; end: bigint; perms: string; path: string; rss: number }[] = [];
  let cur: (typeof regions)[number] | undefined;
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      cur = {
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3]!,
        path: head[4]!,
        rss: 0,
      };
      regions.push(cur);
    } else if (cur && line.startsWith("Rss:")) cur.rss = Number(/(\d+)/.exec(line)![1]);
  }
  const ARENA = 64n << 20n;
  for (const [i, r] of regions.entries()) {
    if (r.path === "[heap]") out.mainHeap += r.rss;
    else if (r.path && !r.path.startsWith("[")) out.file += r.rss;
    else if (r.path === "" && r.start % ARENA === 0n && r.perms.startsWith("rw")) {
      const next = regions[i + 1];
      const size =
        next && next.start === r.end && next.perms === "---p" ? next.end - r.start : r.end - r.start;
      if (size === ARENA) out.arenas += r.rss;
      else out.anon += r.rss;
    } else if (r.path === "") out.anon += r.rss;
  }
  return out;
}
/** CPU seconds (user + system) a process has used so far. */
const cpuS = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
};
const gauge = (text: string, metric: string) => {
  const m = new RegExp(`^${metric}\\{[^}]*\\} ([0-9.e+]+)$`, "m").exec(text);
  return m ? Number(m[1]) / 1048576 : Number.NaN;
};
type Sample = { t: number; served: number; novel: number } & Record<string, number>;
const samples = new Map<string, Sample[]>(apis.map((a) => [a.label, []]));
const served = new Map<string, number>(apis.map((a) => [a.label, 0]));
const novelSeen = new Map<string, number>(apis.map((a) => [a.label, 0]));
const sample = async () => {
  const t = Date.now();
  for (const a of apis) {
    const m = mappings(a.svc.child.pid!);
    const text = await (await fetch(`${a.svc.ready.ops_url}/metrics`)).text();
    samples.get(a.label)!.push({
      t,
      served: served.get(a.label)!,
      novel: novelSeen.get(a.label)!,
      rss: m.rss / 1024,
      mainHeap: m.mainHeap / 1024,
      arenas: m.arenas / 1024,
      anon: m.anon / 1024,
      file: m.file / 1024,
      threads: m.threads,
      cpuS: cpuS(a.svc.child.pid!),
      heapTotal: gauge(text, "nodejs_heap_size_total_bytes"),
      heapUsed: gauge(text, "nodejs_heap_size_used_bytes"),
      external: gauge(text, "nodejs_external_memory_bytes"),
    });
    const x = samples.get(a.label)!.at(-1)!;
    // What V8's main heap does not explain: native memory, the model worker's isolate and wasm, code.
    x.outsideHeap = x.rss! - x.heapTotal!;
  }
};

const NEEDS = MEMORY_BENCH_NEEDS;
const end = Date.now() + RUN_S * 1000;
// Each api gets the same kind of stream; its own counter numbers its never-seen needs.
const agent = async (a: (typeof apis)[number]) => {
  const base = String(a.svc.ready.url);
  while (Date.now() < end) {
    const r = Math.random();
    let u: string;
    if (r < 0.5) u = `${base}/v1/listings/${ids[Math.floor(Math.random() * ids.length)]}`;
    else if (r < 0.8)
      u = `${base}/v1/discover?q=${encodeURIComponent(NEEDS[Math.floor(Math.random() * NEEDS.length)]!)}`;
    else {
      const n = novelSeen.get(a.label)!;
      novelSeen.set(a.label, n + 1);
      u = `${base}/v1/discover?q=${encodeURIComponent(`need number ${n} for some data`)}`;
    }
    await (await fetch(u)).arrayBuffer();
    served.set(a.label, served.get(a.label)! + 1);
  }
};
await sample();
const sampler = setInterval(() => void sample(), 10_000);
await Promise.all(apis.flatMap((a) => Array.from({ length: AGENTS }, () => agent(a))));
clearInterval(sampler);
await sample();
const crashed = apis.filter((a) => a.svc.child.exitCode !== null).map((a) => a.label);
for (const a of apis) await a.svc.stop();
for (const a of apis) await dropQueuePrefix(a.prefix);
await db.destroy();
await dropBenchDb(name);

/** Least-squares slope per minute over the second half of the samples. */
const trend = (xs: Sample[], k: string) => {
  const half = xs.slice(Math.floor(xs.length / 2));
  const mt = half.reduce((s, x) => s + x.t, 0) / half.length;
  const mm = half.reduce((s, x) => s + x[k]!, 0) / half.length;
  const num = half.reduce((s, x) => s + (x.t - mt) * (x[k]! - mm), 0);
  const den = half.reduce((s, x) => s + (x.t - mt) ** 2, 0);
  return (num / den) * 60_000;
};
const KINDS = [
  "rss",
  "outsideHeap",
  "mainHeap",
  "arenas",
  "anon",
  "file",
  "heapTotal",
  "heapUsed",
  "external",
  "threads",
];
console.log(
  `\nRSS: ${RUN_S} s, ${AGENTS} agents per api; MB at the start / at the end / trend over the second half MB/min`,
);
console.log(`| variant | requests | CPU ms per request | never-seen needs | ${KINDS.join(" | ")} |`);
console.log(`|---|---|---|---|${KINDS.map(() => "---|").join("")}`);
for (const [label, xs] of samples) {
  const first = xs[0]!;
  const last = xs[xs.length - 1]!;
  console.log(
    `| ${label} | ${last.served} | ${((1000 * (last.cpuS! - first.cpuS!)) / last.served).toFixed(2)} | ${last.novel} | ${KINDS.map((k) => `${first[k]!.toFixed(0)} / ${last[k]!.toFixed(0)} / ${trend(xs, k) >= 0 ? "+" : ""}${trend(xs, k).toFixed(2)}`).join(" | ")} |`,
  );
}
console.log(`apis that exited during the run: ${crashed.length ? crashed.join(", ") : "none"}`);
if (process.env.RSS_SAMPLES)
  writeFileSync(process.env.RSS_SAMPLES, JSON.stringify(Object.fromEntries(samples)));
process.exit(0);
