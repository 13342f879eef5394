/**
 * `pnpm start`: the whole system on this machine — a local Base (anvil, chain id 8453, USDC at the
 * canonical address), the demo sellers on loopback, and every service as its own process against the
 * local Postgres and Redis (databases created and migrated by the services). The demo sellers are
 * submitted as listings so you can watch them get probed and verified. Ctrl-C stops everything.
 */
import {
  CATALOGUE_ONLY_SELLERS,
  createLocalFacilitator,
  FORECAST_SCHEMA,
  payingFetch,
  type RunningService,
  SELLING_SELLERS,
  startChain,
  startDemoSellers,
  startService,
} from "@tollgate/devnet";

const API_PORT = process.env.API_PORT ?? "8080";
const MCP_PORT = process.env.MCP_PORT ?? "8090";
const CHAIN_PORT = Number(process.env.CHAIN_PORT ?? 8545);
const SELLERS_PORT = Number(process.env.SELLERS_PORT ?? 8402);

const chain = await startChain({ port: CHAIN_PORT });
const demo = await startDemoSellers({
  payTo: chain.wallets.sellers[0]!.address,
  facilitator: createLocalFacilitator(chain),
  port: SELLERS_PORT,
});
const env: Record<string, string> = {
  // Required by every service (no default). development: services migrate at start, and the api signs with
  // a key generated once into .tollgate/signing-key.json (production refuses both).
  NODE_ENV: "development",
  DATABASE_URL: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/tollgate",
  REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  QUEUE_PREFIX: process.env.QUEUE_PREFIX ?? "tollgate",
  API_PORT,
  MCP_PORT,
  CHAIN_RPC_URL: chain.rpcUrl,
  // The chain-indexer follows USDC payments to listed payTos from block 0; anvil mines only on a
  // transaction, so the local run reads the head at once (Base production keeps the default confirmations).
  INDEXER_CONFIRMATIONS: "0",
  // Payments: Tollgate's revenue goes to the local operator wallet; the in-process facilitator settles
  // on the local chain from the local facilitator wallet (production sets FACILITATOR_URL instead).
  OPERATOR_PAY_TO: chain.wallets.operator.address,
  FACILITATOR_RPC_URL: chain.rpcUrl,
  FACILITATOR_PRIVATE_KEY: chain.wallets.facilitator.privateKey,
  // The guard stays on: the demo sellers' host names are the only exception, and only outside production.
  SSRF_ALLOW_HOSTS: demo.allowanceEnv,
  ALLOW_HTTP_ENDPOINTS: "true",
  // Demo pace: every probe interval x0.01 (a new listing is probed every ~9 s and verifies in ~2.5 min).
  PROBE_INTERVAL_SCALE: process.env.PROBE_INTERVAL_SCALE ?? "0.01",
  PROBE_TICK_MS: "1000",
  PROBE_HOST_MIN_GAP_MS: "0",
  // Demand, demo pace: the free feed is live (no delay) with a floor of one client, so a newcomer's own
  // searches show up; the paid snapshots are rebuilt every minute. Production keeps the policy defaults.
  DEMAND_DELAY_HOURS: "0",
  DEMAND_K_FLOOR: "1",
  DEMAND_FEED_CACHE_MS: "2000",
  DEMAND_SNAPSHOT_EVERY_MS: "60000",
  // The demo listings are submitted as if from the sellers' own address (X-Forwarded-For through this
  // loopback "proxy"), so the newcomer's searches from 127.0.0.1 count as demand, not as a seller checking
  // their own rank.
  TRUSTED_PROXIES: "127.0.0.1",
  // All the demo listings come from that one address, and each one past the five free ones is two requests
  // (the 402 quote, then the paid retry): above the production limit of 30 submissions per hour.
  SUBMISSION_LIMIT_PER_HOUR: "200",
  // The scout buys from verified listings with its own funded devnet wallet. Demo pace: a round every 5 s
  // and a re-buy of each listing every 5 minutes (production: every 3 days), so rungs and cheats show soon.
  SCOUT_PRIVATE_KEY: chain.wallets.scout.privateKey,
  // Listings paying one of our own wallets are marked self_referential (never better than caution).
  SELF_PAYTO_ADDRESSES: chain.wallets.scout.address,
  SCOUT_TICK_MS: "5000",
  // Under the stalling demo seller's 15 s, so the newcomer sees a paid request time out.
  SCOUT_TIMEOUT_MS: "10000",
  SCOUT_REBUY_AFTER_S: process.env.SCOUT_REBUY_AFTER_S ?? "300",
  // Listings from outside: the prober imports the devnet's Bazaar-style catalogue (origin indexed) every
  // minute; three of its sellers are not submitted below and enter the directory only this way.
  CATALOGUE_URLS: demo.catalogueUrl,
  CATALOGUE_IMPORT_EVERY_MS: "60000",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
};

const services: RunningService[] = [];
const stopAll = async () => {
  await Promise.all(services.map((s) => s.stop()));
  await demo.stop();
  await chain.stop();
};
process.once("SIGINT", () => void stopAll().then(() => process.exit(0)));
process.once("SIGTERM", () => void stopAll().then(() => process.exit(0)));

try {
  // api first: it creates and migrates the database before the others race for it.
  services.push(await startService("api", env, { timeoutMs: 60_000 }));
  for (const name of ["prober", "scout-buyer", "chain-indexer", "demand-aggregator", "mcp"] as const)
    services.push(await startService(name, env, { timeoutMs: 60_000 }));
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  await stopAll();
  process.exit(1);
}
for (const s of services)
  s.child.stdout?.on("data", (c: Buffer) => process.env.SHOW_LOGS && process.stdout.write(c));

// What each demo seller claims to sell, so discovery by meaning has something to tell apart.
const PITCH: Record<string, { description: string; category: string }> = {
  "x402-hono": {
    description: "Hourly weather forecast for any city: temperature, rain and wind for the next 48 hours",
    category: "data.weather",
  },
  v1: {
    description: "Live stock quotes and daily price history for listed companies",
    category: "data.finance",
  },
  mpp: {
    description: "Read the text off scanned receipts and invoices (OCR), paid per page",
    category: "compute.image",
  },
  "mpp-evm": {
    description: "Translate text between 100 languages, paid per request over MPP or x402",
    category: "compute.inference",
  },
  "mpp-evm-only": {
    description: "Convert speech recordings to text with timestamps, paid per minute of audio over MPP",
    category: "compute.audio",
  },
  free: {
    description: "Headlines from world news sources, refreshed every few minutes",
    category: "data.news",
  },
  refuse: { description: "Geocode a street address to latitude and longitude", category: "data.maps" },
  // Sellers that take the payment and then cheat: the scout's purchases catch them.
  "cheat-html": {
    description: "Translate short texts between forty languages, paid per request",
    category: "compute.inference",
  },
  "cheat-schema": {
    description: "Air quality index and pollen counts by postcode",
    category: "data.science",
  },
  "cheat-empty": {
    description: "Sports fixtures and live scores for European football",
    category: "data.sports",
  },
  "every-other": { description: "Currency exchange rates, updated every minute", category: "data.finance" },
  "cheat-stall": {
    description: "Company registry lookups: directors, filings and addresses",
    category: "data.company",
  },
};

const DEMO_SELLERS_ADDRESS = "198.51.100.40";
const api = String(services[0]!.ready.url);
const submitted: string[] = [];
// Five listings per registered domain are free; the demo pays the fee for the rest from a funded local buyer
// with the official x402 client, as a seller would.
const payFees = payingFetch(chain, chain.wallets.buyers[0]!);
for (const seller of Object.values(demo.sellers)) {
  if (CATALOGUE_ONLY_SELLERS.includes(seller.name)) continue;
  const known = (await (await fetch(`${api}/v1/resolve?url=${encodeURIComponent(seller.url)}`)).json()) as {
    match: string;
  };
  if (known.match === "active") continue;
  const res = await payFees(`${api}/v1/listings`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": DEMO_SELLERS_ADDRESS },
    body: JSON.stringify({
      name: `Demo seller: ${seller.name}`,
      description:
        PITCH[seller.name]?.description ?? `A local demo seller (${seller.name}) answering on loopback`,
      endpoint_url: seller.url,
      category: PITCH[seller.name]?.category ?? "data.other",
      price_amount: 0.01,
      ...(seller.sampleUrl ? { sample_query: seller.sampleUrl } : {}),
      ...(SELLING_SELLERS.includes(seller.name) ? { response_schema: FORECAST_SCHEMA } : {}),
    }),
  });
  if (res.status === 201) submitted.push(seller.name);
}

const mcp = services.find((s) => s.name === "mcp")!.ready;
process.stdout.write(`
Tollgate is running.

  API            ${api}            (reference: ${api}/docs, OpenAPI: ${api}/openapi.json)
  site           ${api}/            (listing pages ${api}/l/<id>, badges ${api}/badge/<id>.svg, reports ${api}/state.json)
  MCP            ${String(mcp.endpoint)}
  local Base     ${chain.rpcUrl}  (chain id 8453, USDC ${chain.usdc})
  demo sellers   http://<name>.sellers.test:${demo.port}/v1/paid  (reached through the guard's allowance)
  services       ${services.map((s) => `${s.name} (pid ${s.child.pid})`).join(", ")}

Submitted ${submitted.length} demo listings${submitted.length ? ` (${submitted.join(", ")})` : " (already listed)"}.
${CATALOGUE_ONLY_SELLERS.length} more (${CATALOGUE_ONLY_SELLERS.join(", ")}) arrive from the devnet's discovery catalogue (origin indexed):
  curl -s '${api}/v1/listings?limit=50' | jq -r '.results[].id' | xargs -I{} curl -s '${api}/v1/listings/{}' | jq -c 'select(.origin == "indexed") | {name, status, origin}'
Watch them get probed and verified:
  curl -s '${api}/v1/listings?limit=20' | jq '.results[] | {name, status, score, probe_count}'
  curl -s '${api}/v1/changes' | jq '.changes[:5]'
Watch the scout buy from them with real (local) USDC once they are verified, and catch the cheats:
  curl -s '${api}/v1/listings?limit=20' | jq '.results[] | {name, paid_verified, rung: .paid_depth.rung, latest: .paid_verification_latest}'
  curl -s '${api}/v1/stats' | jq '.paid_verification'
Search as an agent would, then see it in the demand feed:
  curl -s '${api}/v1/discover?q=will+it+rain+in+lyon+tomorrow' | jq '.results[].name'
  curl -s '${api}/v1/demand' | jq '.top_needs'
Pay with the official x402 client (a funded local buyer):
  pnpm exec tsx scripts/pay.ts /v1/listings/<listing id>/verdict
  pnpm exec tsx scripts/pay.ts /v1/demand/report     (once the snapshot is built, within a minute)
Operator payTo ${chain.wallets.operator.address}; funded test buyers: ${chain.wallets.buyers.map((b) => b.address).join(", ")}.
Ctrl-C stops everything. SHOW_LOGS=1 pnpm start shows every service's log lines.
`);
