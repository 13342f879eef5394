/**
 * Benchmark: what the SSRF-safe client's process spends per request when every request goes to a new origin
 * (as the prober's do), closes included. Each run is its own process (tsx, so source maps are on, as in
 * `bench:prober`): GETs to BENCH_SELLERS origins, 32 in flight, after as many warm-up requests, then a wait past the sellers' keep-alive so
 * every idle connection is closed; it prints the process's CPU per request for the requests and for the whole
 * run (closes included). Runs alternate between client checkouts (BENCH_ROOTS, comma-separated worktree
 * paths; default this one) and with and without `Connection: close` on the requests.
 * Run: flock /tmp/tollgate-bench.lock npx tsx test-e2e/bench/prober/close-cost.ts
 */

import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";
import { FLEET_DOMAIN, PAID_PATH, ROOT, startSellerFleet, TSX_LOADER } from "@tollgate/devnet";

const N = Number(process.env.BENCH_SELLERS ?? 3000);
const CONCURRENCY = 32;

if (process.env.CLOSE_COST_CHILD) {
  const { createSafeHttpClient } = (await import(
    path.join(process.env.CLOSE_COST_CHILD, "packages/platform/src/net/client.ts")
  )) as typeof import("../../../packages/platform/src/net/client.js");
  const port = process.env.FLEET_PORT;
  // The first WARM hosts warm the code up (their connections closed before the measured part).
  const WARM = 500;
  const hosts = Array.from({ length: N + WARM }, (_, i) => `s${i}.${FLEET_DOMAIN}`);
  const client = createSafeHttpClient({
    verifiedBy: "tollgate",
    allowHttp: true,
    allowance: { hosts: Object.fromEntries(hosts.map((h) => [h, "127.0.0.1"])), cidrs: [] },
  });
  const headers = process.env.CONNECTION_CLOSE ? { connection: "close" } : undefined;
  const requestAll = (from: number, to: number) => {
    let next = from;
    return Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < to) {
          const res = await client.request(`http://${hosts[next++]}:${port}${PAID_PATH}`, { headers });
          if (res.status !== 402) throw new Error(`status ${res.status}`);
        }
      }),
    );
  };
  await requestAll(N, N + WARM);
  await new Promise((res) => setTimeout(res, 7000));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await requestAll(0, N);
  const secs = (performance.now() - t0) / 1000;
  const cpuRequests = process.cpuUsage(cpu0);
  // Past the sellers' keep-alive (5 s), so every idle connection has been closed by one side.
  await new Promise((res) => setTimeout(res, 7000));
  const cpuAll = process.cpuUsage(cpu0);
  const ms = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000 / N;
  console.log(JSON.stringify({ rate: N / secs, requestsMs: ms(cpuRequests), allMs: ms(cpuAll) }));
  await client.close();
  process.exit(0);
}

const fleet = await startSellerFleet(N, "0x1111111111111111111111111111111111111111");
const roots = (process.env.BENCH_ROOTS ?? ROOT).split(",");
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const rows: string[] = [];
for (let round = 0; round < rounds; round++)
  for (const root of round % 2 === 0 ? roots : [...roots].reverse())
    for (const close of [false, true]) {
      const child = spawn(process.execPath, ["--import", TSX_LOADER, new URL(import.meta.url).pathname], {
        env: {
          ...process.env,
          CLOSE_COST_CHILD: root,
          FLEET_PORT: String(fleet.port),
          ...(close ? { CONNECTION_CLOSE: "1" } : {}),
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let out = "";
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
      });
      await new Promise((res) => child.once("exit", res));
      const r = JSON.parse(out.trim().split("\n").pop()!) as {
        rate: number;
        requestsMs: number;
        allMs: number;
      };
      rows.push(
        `| ${round + 1} | ${root} | ${close ? "yes" : "no"} | ${r.rate.toFixed(0)} | ${(r.requestsMs * 1000).toFixed(0)} | ${(r.allMs * 1000).toFixed(0)} | ${loadavg()[0]!.toFixed(2)} |`,
      );
      console.error(rows.at(-1));
    }
await fleet.stop();
console.log(`| round | client | Connection: close | requests/s | client CPU µs per request (requests) | (with closes) | load average |
|---|---|---|---|---|---|---|
${rows.join("\n")}`);
