/**
 * Benchmark of the prober's write path alone: `recordProbes` in batches, as the prober's group commit calls it,
 * with no HTTP, no queue and no other process of ours. It prints this process's CPU per probe recorded (the
 * prober's side of the write: building, sending and parsing the statements) and the Postgres backend's, so a
 * change to the write path shows apart from the HTTP probe, whose cost dwarfs it in `bench:prober`.
 * Run: `tsx test-e2e/bench/prober/write-path.ts` (WRITE_LISTINGS, WRITE_BATCH, WRITE_ROUNDS).
 */

import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { createDb } from "@tollgate/db";
import { createListing, type ProbeOutcome, recordProbes, validateSubmission } from "@tollgate/registry";
import { sql } from "kysely";
import { dropBenchDb, freshBenchDb } from "../db.js";

const N = Number(process.env.WRITE_LISTINGS ?? 2000);
const BATCH = Number(process.env.WRITE_BATCH ?? 20);
const ROUNDS = Number(process.env.WRITE_ROUNDS ?? 6);
const PAY_TO = "0x1111111111111111111111111111111111111111";

const name = "tollgate_bench_prober_writes";
const fresh = await freshBenchDb(name);
await fresh.db.destroy();
// One connection, so the backend measured is the one doing the writes.
const db = createDb(fresh.url, { max: 1 });
const ids: string[] = [];
for (let i = 0; i < N; i++) {
  const prepared = await validateSubmission(
    db,
    {
      name: `w-${i}`,
      description: "write path",
      endpoint_url: `https://w-${i}.example.com/x`,
      category: "data.other",
      price_amount: 0.01,
    },
    { checkHost: async () => ({ ok: true }), allowHttp: true },
  );
  ids.push((await createListing(db, prepared)).id);
}

/** What a passing probe of the bench's sellers hands over (one in ten fails, as a timeout). */
function outcome(listingId: string, i: number, round: number): ProbeOutcome {
  const passed = (i + round) % 10 !== 0;
  return {
    listingId,
    slot: 1_800_000_000 + round * 900,
    at: new Date(Date.now() - (ROUNDS - round) * 900_000),
    passed,
    failureReason: passed ? null : "timeout",
    httpStatus: passed ? 402 : null,
    latencyMs: 20 + (i % 30),
    verifiedVia: passed ? "GET" : null,
    sampleOk: null,
    challenge: passed
      ? {
          x402Version: 2,
          protocols: ["x402"],
          transport: "header",
          scheme: "exact",
          network: "eip155:8453",
          asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          payTo: PAY_TO,
          acceptsCount: 1,
          acceptsIndex: 0,
          amountAtomic: "10000",
          amountUsd: 0.01,
          domainName: "USD Coin",
          domainVersion: "2",
          mppMethods: null,
          mppOffers: null,
          headerBytes: 400,
          testnet: false,
          payToSentinel: false,
        }
      : null,
    detail: passed ? { get: { status: 402, challenge: "valid" } } : { get: { error: "timeout" } },
  };
}

const backendPid = Number(
  (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]!.pid,
);
const cpuS = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
};
const rows: string[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const outcomes = ids.map((id, i) => outcome(id, i, round));
  const cpu0 = process.cpuUsage();
  const backend0 = cpuS(backendPid);
  const t0 = performance.now();
  for (let s = 0; s < outcomes.length; s += BATCH) await recordProbes(db, outcomes.slice(s, s + BATCH));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const backend = cpuS(backendPid) - backend0;
  rows.push(
    `| ${round + 1} | ${(((cpu.user + cpu.system) / N) | 0).toString()} | ${((backend * 1e6) / N).toFixed(0)} | ${((N / wall) * 1000).toFixed(0)} |`,
  );
}
await db.destroy();
await dropBenchDb(name);
console.log(`Write path: ${N} listings, batches of ${BATCH}, one connection; load average at the end ${loadavg()
  .map((l) => l.toFixed(2))
  .join(" ")}

| round | this process CPU µs per probe | Postgres backend CPU µs per probe | probes/s |
|---|---|---|---|
${rows.join("\n")}`);
