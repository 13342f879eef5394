/**
 * Benchmark: probes/s of one prober replica against 1,000 local sellers with every database write,
 * beside the raw request rate of the same SSRF-safe client against the same sellers; then two
 * replicas. Run: pnpm bench:prober (BENCH_SELLERS, BENCH_CONCURRENCY, BENCH_PRIOR_PROBES, BENCH_JOB_SIZE).
 * Besides the whole-run rate it prints the steady-state rate between the 10 % and 90 % marks of probes recorded.
 */

import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { testPrefix } from "@tollgate/db/testing";
import { dropQueuePrefix, freePort, startSellerFleet, startService } from "@tollgate/devnet";
import { createSafeHttpClient } from "@tollgate/platform";
import { createListing, validateSubmission } from "@tollgate/registry";
import { sql } from "kysely";
import { dropBenchDb, freshBenchDb } from "../db.js";

const N = Number(process.env.BENCH_SELLERS ?? 1000);
/**
 * Probe rows each listing already has in its 7-day window before the timed runs (default 0: a fresh
 * directory). A settled directory has about 240 (docs/capacity.md), and each probe reads them for its
 * latency percentiles and payTo stability.
 */
const PRIOR = Number(process.env.BENCH_PRIOR_PROBES ?? 0);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const fleet = await startSellerFleet(N, "0x1111111111111111111111111111111111111111");
// A Redis of the bench's own (nothing else on the machine uses it), so its CPU and commands per probe are the
// prober's. BENCH_REDIS_URL: use that one instead.
const ownRedisPort = process.env.BENCH_REDIS_URL ? null : await freePort();
const ownRedis =
  ownRedisPort === null
    ? null
    : spawn(
        "redis-server",
        ["--port", String(ownRedisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
const REDIS_URL = process.env.BENCH_REDIS_URL ?? `redis://127.0.0.1:${ownRedisPort}`;
await new Promise((res) => setTimeout(res, 300));

// Raw client rate: the same client, the same sellers, no database. Measured before and after the prober
// runs, so a change of load on the shared machine during the run shows.
async function rawClientRate(): Promise<number> {
  const client = createSafeHttpClient({
    verifiedBy: "tollgate",
    allowHttp: true,
    allowance: { hosts: fleet.allowance, cidrs: [] },
  });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        const url = fleet.urls[next++]!;
        await client.request(url);
      }
    }),
  );
  const rate = N / ((performance.now() - t0) / 1000);
  await client.close();
  return rate;
}
const rawBefore = await rawClientRate();

const name = "tollgate_bench_prober";
const { db, url } = await freshBenchDb(name);
for (const u of fleet.urls) {
  const prepared = await validateSubmission(
    db,
    {
      name: "fleet",
      description: "fleet seller",
      endpoint_url: u,
      category: "data.other",
      price_amount: 0.01,
    },
    { checkHost: async () => ({ ok: true }), allowHttp: true },
  );
  await createListing(db, prepared);
}

/** CPU seconds (user + system) a process has used so far (0 once it is gone). */
const cpuS = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return 0;
  }
};
/**
 * What the probing costs Postgres, for the capacity model (docs/capacity.md): this database's commits and
 * rows (pg_stat_database) and the CPU of the prober's server backends (pg_stat_activity, /proc; the machine's
 * Postgres runs here). An idle backend's counters reach pg_stat_database up to 10 s after its commits
 * (Postgres 15), hence the waits around each measured run.
 */
async function dbCost() {
  const c = (
    await sql<{ xact: string; ins: string; upd: string }>`
      SELECT xact_commit AS xact, tup_inserted AS ins, tup_updated AS upd
      FROM pg_stat_database WHERE datname = current_database()`.execute(db)
  ).rows[0]!;
  const pids = (
    await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'prober'`.execute(
      db,
    )
  ).rows.map((r) => r.pid);
  return { xact: Number(c.xact), ins: Number(c.ins), upd: Number(c.upd), pids };
}
/**
 * The bench's Redis: its pid and the commands it has processed so far (INFO; commands run by Lua scripts
 * count), for Redis CPU and commands per probe. Null when redis-cli is missing.
 */
const redisInfo = (): { pid: number; commands: number } | null => {
  try {
    const text = execFileSync("redis-cli", ["-u", REDIS_URL, "info"], { encoding: "utf8" });
    const pid = /process_id:(\d+)/.exec(text)?.[1];
    const commands = /total_commands_processed:(\d+)/.exec(text)?.[1];
    return pid && commands ? { pid: Number(pid), commands: Number(commands) } : null;
  } catch {
    return null;
  }
};
const costs: {
  replicas: number;
  /** Probes/s between the 10 % and 90 % marks of probes recorded. */
  steady: number;
  /** From the moment all listings fall due to the first poll that sees a probe recorded (lease, enqueue, first batch). */
  firstMs: number;
  /** The bench process's own CPU (the sellers, answering every probe, and the polling). */
  benchCpuMs: number;
  commits: number;
  inserted: number;
  updated: number;
  backendCpuMs: number;
  proberCpuMs: number;
  redisCpuMs: number;
  redisCommands: number;
}[] = [];

// The prior week: PRIOR passing probes per listing, evenly spread over the last 7 days, in slots before any
// the runs use. Vacuumed and analysed, as autovacuum would leave a settled table.
if (PRIOR > 0) {
  await sql`
    INSERT INTO probes (listing_id, slot, at, outcome, latency_ms, verified_via, pay_to)
    SELECT l.id, floor(extract(epoch FROM now()))::bigint - g * ${Math.floor((7 * 86_400) / PRIOR)},
           now() - make_interval(secs => g * ${Math.floor((7 * 86_400) / PRIOR)}), 'pass', 40 + (g % 50),
           NULL, '0x1111111111111111111111111111111111111111'
    FROM listings l, generate_series(1, ${PRIOR}) g`.execute(db);
  await sql`VACUUM ANALYZE probes`.execute(db);
}
const benchStart = new Date();

async function run(replicas: number): Promise<number> {
  await sql`DELETE FROM probes WHERE at >= ${benchStart}`.execute(db);
  await sql`UPDATE listings SET probe_count = 0, next_check_by = now() + interval '1 day', lease_until = NULL`.execute(
    db,
  );
  const QUEUE_PREFIX = testPrefix("bench_prober");
  const env = {
    NODE_ENV: "test",
    DATABASE_URL: url,
    REDIS_URL,
    QUEUE_PREFIX,
    SSRF_ALLOW_HOSTS: fleet.allowanceEnv,
    ALLOW_HTTP_ENDPOINTS: "true",
    PROBE_CONCURRENCY: String(CONCURRENCY),
    PROBE_TICK_MS: "200",
    PROBE_CLAIM_BATCH: String(N),
    PROBE_HOST_MIN_GAP_MS: "0",
    LOG_LEVEL: "info",
    // Listings per probe job (the prober's default unless set).
    ...(process.env.BENCH_JOB_SIZE ? { PROBE_JOB_SIZE: process.env.BENCH_JOB_SIZE } : {}),
  };
  // Generous start timeout: on a loaded shared machine compiling the service can take longer than 30 s.
  const procs = await Promise.all(
    Array.from({ length: replicas }, () => startService("prober", env, { timeoutMs: 180_000 })),
  );
  // Replicas are up and idle; make every listing due at once and time until all are probed.
  await new Promise((res) => setTimeout(res, 11_000));
  const before = await dbCost();
  const cpuBefore = new Map(before.pids.map((pid) => [pid, cpuS(pid)]));
  const proberCpuBefore = procs.reduce((sum, p) => sum + cpuS(p.child.pid!), 0);
  const redisBefore = redisInfo();
  const redisCpuBefore = redisBefore ? cpuS(redisBefore.pid) : 0;
  const benchCpuBefore = process.cpuUsage();
  const started = performance.now();
  await sql`UPDATE listings SET next_check_by = now()`.execute(db);
  let first: number | null = null;
  // The first polls at or past 10 % and 90 % of the probes recorded: the steady-state rate between them
  // leaves out the scheduler's lease and enqueue at the start and the last stragglers at the end.
  let mark10: { t: number; n: number } | null = null;
  let mark90: { t: number; n: number } | null = null;
  for (;;) {
    const r = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM probes WHERE at >= ${benchStart}`.execute(db);
    const n = r.rows[0]?.n ?? 0;
    const t = performance.now();
    if (first === null && n > 0) first = t - started;
    if (!mark10 && n >= N * 0.1) mark10 = { t, n };
    if (!mark90 && n >= N * 0.9) mark90 = { t, n };
    if (n >= N) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  const secs = (performance.now() - started) / 1000;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const steady =
    mark10 && mark90 && mark90.t > mark10.t ? (mark90.n - mark10.n) / ((mark90.t - mark10.t) / 1000) : NaN;
  const proberCpuS = procs.reduce((sum, p) => sum + cpuS(p.child.pid!), 0) - proberCpuBefore;
  const redisAfter = redisInfo();
  const redisCpuS = redisBefore && redisAfter ? cpuS(redisAfter.pid) - redisCpuBefore : NaN;
  const pidsNow = (await dbCost()).pids;
  const backendCpuS = [...new Set([...before.pids, ...pidsNow])].reduce(
    (sum, pid) => sum + cpuS(pid) - (cpuBefore.get(pid) ?? 0),
    0,
  );
  await new Promise((res) => setTimeout(res, 11_000));
  const after = await dbCost();
  costs.push({
    replicas,
    steady,
    firstMs: first ?? NaN,
    benchCpuMs: (benchCpu.user + benchCpu.system) / 1000 / N,
    commits: (after.xact - before.xact) / N,
    inserted: (after.ins - before.ins) / N,
    // minus the bench's own UPDATE that makes every listing due (one row each)
    updated: (after.upd - before.upd - N) / N,
    backendCpuMs: (backendCpuS * 1000) / N,
    proberCpuMs: (proberCpuS * 1000) / N,
    redisCpuMs: (redisCpuS * 1000) / N,
    redisCommands: redisBefore && redisAfter ? (redisAfter.commands - redisBefore.commands) / N : NaN,
  });
  await Promise.all(procs.map((p) => p.stop()));
  await dropQueuePrefix(QUEUE_PREFIX, REDIS_URL);
  return N / secs;
}

const one = await run(1);
const two = await run(2);
const rawAfter = await rawClientRate();
const rawRate = (rawBefore + rawAfter) / 2;
await db.destroy();
await fleet.stop();
ownRedis?.kill("SIGKILL");
await dropBenchDb(name);
console.log(`| run | probes/s | ratio to raw client |
|---|---|---|
| raw SafeHttpClient GETs, ${CONCURRENCY} in flight, no DB (before / after the prober runs) | ${rawRate.toFixed(0)} (${rawBefore.toFixed(0)} / ${rawAfter.toFixed(0)}) | 1.00 |
| 1 prober replica (concurrency ${CONCURRENCY}), all DB writes | ${one.toFixed(0)} | ${(one / rawRate).toFixed(2)} |
| 2 prober replicas | ${two.toFixed(0)} | ${(two / rawRate).toFixed(2)} |

Steady state (probes/s between the 10 % and 90 % marks of probes recorded, polled every 100 ms):
${costs.map((c) => `${c.replicas} replica${c.replicas > 1 ? "s" : ""} ${c.steady.toFixed(0)} (${(c.steady / rawRate).toFixed(2)} of raw), first probe recorded after ${c.firstMs.toFixed(0)} ms`).join(", ")}

(${N} sellers, ${PRIOR} earlier probes each in the 7-day window; timed from the moment all listings fall due, with the replicas already running; includes the scheduler's lease; 2 replicas vs 1: ${(two / one).toFixed(2)}x)

Cost per probe: CPU of the prober processes (all threads), and in Postgres this database's commits and rows
(pg_stat_database, including the bench's own count every 100 ms) and the CPU of the prober's server backends;
the CPU of the bench's own Redis and the commands it ran (Lua scripts' commands included); the bench process's
own CPU (the sellers and the polling). Load average at the end: ${loadavg()
  .map((l) => l.toFixed(2))
  .join(" ")}:

| run | prober CPU ms | bench (sellers) CPU ms | commits | rows inserted | rows updated | Postgres backend CPU ms | Redis CPU ms | Redis commands |
|---|---|---|---|---|---|---|---|---|
${costs.map((c) => `| ${c.replicas} replica${c.replicas > 1 ? "s" : ""} | ${c.proberCpuMs.toFixed(2)} | ${c.benchCpuMs.toFixed(2)} | ${c.commits.toFixed(3)} | ${c.inserted.toFixed(2)} | ${c.updated.toFixed(2)} | ${c.backendCpuMs.toFixed(2)} | ${c.redisCpuMs.toFixed(2)} | ${c.redisCommands.toFixed(1)} |`).join("\n")}`);
