/**
 * Benchmark: GET /v1/discover and GET /v1/listings/{id} with 10k and 100k listings loaded, beside a bare
 * Hono route on the same machine that returns a JSON body of the same size. Run: pnpm bench:api
 */
import { testPrefix } from "@tollgate/db/testing";
import { dropQueuePrefix, startService } from "@tollgate/devnet";
import { bareServer } from "../bare.js";
import { dropBenchDb, freshBenchDb } from "../db.js";
import { type LoadResult, load, table } from "../load.js";
import { seedListings } from "./seed.js";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number);
const DURATION = Number(process.env.BENCH_DURATION_S ?? 8);
// `BENCH_ROUTES=detail` (or `discover`) runs one route only, e.g. to profile it alone with SERVICE_NODE_ARGS.
const ROUTES = (process.env.BENCH_ROUTES ?? "detail,discover").split(",");
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
  const runs = [
    ["detail", `GET /v1/listings/{id} @${n}`, getUrls, getBody],
    ["discover", `GET /v1/discover?q (plain text) @${n}`, discoverUrls, discoverBody],
  ] as const;
  for (const [, label, urls, body] of runs.filter(([route]) => ROUTES.includes(route))) {
    const r = await load(label, [...urls], { durationS: DURATION });
    const bare = await bareServer(body);
    const b = await load(`bare Hono, same ${body.length}-byte body`, [`${bare.url}/x`], {
      durationS: DURATION,
    });
    bare.close();
    rows.push(r, b);
    ratios.push(`${label}: ${(r.rps / b.rps).toFixed(3)} of bare throughput, p99 ${r.p99} vs ${b.p99} ms`);
  }
  await api.stop();
  await dropQueuePrefix(QUEUE_PREFIX);
  await dropBenchDb(name);
}
console.log(table(rows));
console.log(`\n${ratios.join("\n")}`);
