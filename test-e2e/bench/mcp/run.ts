/**
 * Benchmark: MCP tool calls per second for find_paid_service beside GET /v1/discover requests per
 * second, same run, same data (10k listings), both services as their own processes. Run: pnpm bench:mcp
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { testPrefix } from "@tollgate/db/testing";
import { dropQueuePrefix, startService } from "@tollgate/devnet";
import { seedListings } from "../api/seed.js";
import { dropBenchDb, freshBenchDb } from "../db.js";
import { load } from "../load.js";

const N = Number(process.env.BENCH_LISTINGS ?? 10_000);
const SECONDS = Number(process.env.BENCH_DURATION_S ?? 8);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const name = "tollgate_bench_mcp";
const { db, url } = await freshBenchDb(name);
await seedListings(db, N);
await db.destroy();
// Its own queue prefix: the searches it makes are logged for demand and must not reach `pnpm start`'s aggregator.
const QUEUE_PREFIX = testPrefix("bench_mcp");
const env = {
  NODE_ENV: "test",
  DATABASE_URL: url,
  API_PORT: "0",
  MCP_PORT: "0",
  QUEUE_PREFIX,
  // Every bench request comes from one loopback client: lift the per-client limits it measures past.
  DISCOVER_LIMIT_PER_MINUTE: "1000000",
  MCP_LIMIT_PER_MINUTE: "1000000",
};
const api = await startService("api", env);
const mcp = await startService("mcp", env);

// Steady state: both processes load the embedding model after they start (seconds of CPU on these 2 cores);
// measure once each answers by meaning.
async function until(ready: () => Promise<boolean>) {
  while (!(await ready())) await new Promise((r) => setTimeout(r, 200));
}
await until(async () => {
  const r = (await (await fetch(`${String(api.ready.url)}/v1/discover?q=weather`)).json()) as {
    note: string;
  };
  return r.note.includes("meaning");
});
{
  const client = new Client({ name: "bench-warmup", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(String(mcp.ready.endpoint))));
  await until(async () => {
    const r = await client.callTool({ name: "find_paid_service", arguments: { query: "weather" } });
    return JSON.stringify(r.structuredContent ?? {}).includes("meaning");
  });
  await client.close();
}

const rest = await load("GET /v1/discover?q=weather", [`${String(api.ready.url)}/v1/discover?q=weather`], {
  durationS: SECONDS,
  connections: CLIENTS,
});

let calls = 0;
let errors = 0;
const latencies: number[] = [];
const end = Date.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: CLIENTS }, async () => {
    const client = new Client({ name: "bench", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(String(mcp.ready.endpoint))));
    while (Date.now() < end) {
      const t0 = performance.now();
      const r = await client.callTool({ name: "find_paid_service", arguments: { query: "weather" } });
      latencies.push(performance.now() - t0);
      if (r.isError) errors++;
      else calls++;
    }
    await client.close();
  }),
);
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
await api.stop();
await mcp.stop();
await dropQueuePrefix(QUEUE_PREFIX);
await dropBenchDb(name);
console.log(`| run (${N} listings, ${CLIENTS} concurrent clients) | per second | p50 ms | p99 ms |
|---|---|---|---|
| GET /v1/discover?q=weather (autocannon) | ${rest.rps} | ${rest.p50} | ${rest.p99} |
| MCP find_paid_service (official client, stateless POST /mcp) | ${(calls / SECONDS).toFixed(0)} | ${pct(50)} | ${pct(99)} |

(${errors} tool errors; MCP/REST ratio ${(calls / SECONDS / rest.rps).toFixed(2)})`);
