/**
 * Benchmark: where the api's memory goes under agent reads. The api alone, 5000 embedded listings, 6 agents
 * reading details, repeated needs and never-seen needs by meaning; a V8 heap snapshot (taken after a full GC)
 * at HEAP_PHASE_S and at 4 x HEAP_PHASE_S, then the growth between them by object kind. A leak shows as a
 * kind that grows with the traffic and is not one of the bounded caches.
 * Run: pnpm bench:heap   (HEAP_PHASE_S default 90; snapshots are written to a temporary directory)
 */
import { execSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testPrefix } from "@tollgate/db/testing";
import { dropQueuePrefix, startService } from "@tollgate/devnet";
import { syncEmbeddings } from "@tollgate/registry";
import { createEmbedder } from "@tollgate/semantic";
import { seedListings } from "../api/seed.js";
import { dropBenchDb, freshBenchDb } from "../db.js";
import { MEMORY_BENCH_NEEDS } from "./needs.js";

const { db, url } = await freshBenchDb("tollgate_bench_heap");
const ids = await seedListings(db, 5000);
const e = createEmbedder();
await e.ready;

// The registry's own embedding sync, as the demand-aggregator runs it.
while ((await syncEmbeddings(db, e)) > 0);
await e.close();
const QUEUE_PREFIX = testPrefix("bench_heap");
const dir = mkdtempSync(join(tmpdir(), "tollgate-heap-"));
process.env.SERVICE_NODE_ARGS = `${process.env.SERVICE_NODE_ARGS ?? ""} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${dir}`;
const api = await startService(
  "api",
  {
    NODE_ENV: "test",
    DATABASE_URL: url,
    API_PORT: "0",
    QUEUE_PREFIX,
    DISCOVER_LIMIT_PER_MINUTE: "1000000",
    DEMAND_LOG_PER_CLIENT_PER_HOUR: "1000000",
  },
  { timeoutMs: 180_000 },
);
const base = String(api.ready.url);
for (;;) {
  const r = (await (await fetch(`${base}/v1/discover?q=weather`)).json()) as { note: string };
  if (r.note.includes("meaning")) break;
  await new Promise((r) => setTimeout(r, 300));
}
const NEEDS = MEMORY_BENCH_NEEDS;
let novel = 0;
let stop = false;
const agent = async () => {
  while (!stop) {
    const r = Math.random();
    const u =
      r < 0.5
        ? `${base}/v1/listings/${ids[Math.floor(Math.random() * ids.length)]}`
        : r < 0.8
          ? `${base}/v1/discover?q=${encodeURIComponent(NEEDS[Math.floor(Math.random() * NEEDS.length)]!)}`
          : `${base}/v1/discover?q=${encodeURIComponent(`need number ${novel++} for some data`)}`;
    await (await fetch(u)).arrayBuffer();
  }
};
const pid = api.child.pid!;
const snap = async (n: number) => {
  execSync(`kill -USR2 ${pid}`);
  // The snapshot is complete when its file stops growing.
  let last = -1;
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000));
    const f = readdirSync(dir).filter((x) => x.endsWith(".heapsnapshot"));
    const size = f.length >= n ? readFileSync(join(dir, f.sort()[n - 1]!)).length : -1;
    if (size > 0 && size === last) return;
    last = size;
  }
};
const agents = Array.from({ length: 6 }, agent);
const phase = Number(process.env.HEAP_PHASE_S ?? 120);
await new Promise((r) => setTimeout(r, phase * 1000));
const novel1 = novel;
await snap(1);
await new Promise((r) => setTimeout(r, 3 * phase * 1000));
const novel2 = novel;
await snap(2);
stop = true;
await Promise.all(agents);
await api.stop();
await dropQueuePrefix(QUEUE_PREFIX);
await db.destroy();
await dropBenchDb("tollgate_bench_heap");

/** Self size and count per object kind (strings and code pooled). */
function byKind(file: string) {
  const s = JSON.parse(readFileSync(file, "utf8"));
  const fields: string[] = s.snapshot.meta.node_fields;
  const kinds: string[] = s.snapshot.meta.node_types[0];
  const [ti, ni, si] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const out = new Map<string, { n: number; bytes: number }>();
  let total = 0;
  for (let i = 0; i < s.nodes.length; i += fields.length) {
    const kind = kinds[s.nodes[i + ti!]]!;
    const name = /string/.test(kind)
      ? "(strings)"
      : kind === "code" || kind === "hidden"
        ? `(${kind})`
        : s.strings[s.nodes[i + ni!]];
    const k = `${kind} ${String(name).slice(0, 50)}`;
    const e = out.get(k) ?? { n: 0, bytes: 0 };
    e.n++;
    e.bytes += s.nodes[i + si!];
    total += s.nodes[i + si!];
    out.set(k, e);
  }
  return { out, total };
}
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".heapsnapshot"))
  .sort();
const [a, b] = files.map((f) => byKind(join(dir, f)));
rmSync(dir, { recursive: true, force: true });
const mb = (x: number) => (x / 1e6).toFixed(1);
console.log(
  `JS heap after a full GC: ${mb(a!.total)} MB at ${phase} s (${novel1} never-seen needs so far), ${mb(b!.total)} MB at ${4 * phase} s (${novel2})\n`,
);
console.log("| object kind | objects added | MB added | MB at the end |\n|---|---|---|---|");
const grown = [...b!.out].map(([k, v]) => ({
  k,
  dn: v.n - (a!.out.get(k)?.n ?? 0),
  db: v.bytes - (a!.out.get(k)?.bytes ?? 0),
  bytes: v.bytes,
}));
for (const g of grown.sort((x, y) => y.db - x.db).slice(0, 8))
  console.log(`| ${g.k} | ${g.dn} | ${mb(g.db)} | ${mb(g.bytes)} |`);
