import { serve } from "@hono/node-server";
import type { Db } from "@tollgate/db";
import { createTestDatabase, type TestDatabase, testPrefix } from "@tollgate/db/testing";
import { type Chain, createLocalFacilitator } from "@tollgate/devnet";
import { createLogger, createSafeHttpClient, type Logger, type Registry } from "@tollgate/platform";
import type { HostCheck } from "@tollgate/registry";
import { createSeller, createSettlementReader, generateSigningKey, type Seller } from "@tollgate/x402";
import type { FacilitatorClient } from "@x402/core/server";
import { Redis } from "ioredis";
import { buildApi } from "../src/app.js";
import type { AppDeps } from "../src/deps.js";
import { hostCheckFromResolver } from "../src/host-check.js";
import { apiLimits } from "../src/limits.js";
import { countSettlements, PAID_WORK, type Payments } from "../src/payments.js";
import { createTestResolver } from "./resolver.js";

/** DNS answers the test world gives; anything else fails to resolve. */
export const TEST_DNS: Record<string, string[]> = {
  "api.example.com": ["93.184.216.34"],
  "weather.example.com": ["93.184.216.34"],
  "other.example.org": ["93.184.216.35"],
  "internal.example.com": ["10.0.0.7"],
  "rebind.example.com": ["93.184.216.34", "127.0.0.1"],
  "meta.example.com": ["169.254.169.254"],
};

/** A response whose JSON body tests read freely. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted field by field
export type TestResponse = Omit<Response, "json"> & { json(): Promise<any> };

export interface TestApi {
  app: ReturnType<typeof buildApi>;
  tdb: TestDatabase;
  /** The live demand settings: tests may switch the paid tier or the floor between requests. */
  demand: AppDeps["demand"];
  req(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
}

export async function startTestApi(
  opts: {
    checkHost?: HostCheck;
    payments?: (db: Db) => Payments | Promise<Payments>;
    allowance?: Record<string, string>;
    allowHttp?: boolean;
    demand?: Partial<AppDeps["demand"]>;
    discover?: AppDeps["discover"];
    /** The api's own pool onto the test database (e.g. through a proxy a test can cut); the test closes it. */
    db?: (tdb: TestDatabase) => Db;
    /** Per-client limits (defaults: the production defaults). */
    limits?: Partial<Parameters<typeof apiLimits>[2]>;
    /** The Redis the limiters count in (default: the local one); a dead one tests outages. */
    limitStore?: Redis;
    trustedProxies?: AppDeps["trustedProxies"];
    /** The api's logger (default: silent). */
    log?: Logger;
    /** POST /v1/reports: the chain reader and USDC address (default: none, reports answer 503). */
    reports?: AppDeps["reports"];
    /** The listing cache, given the test database's URL to follow (default: none). */
    listingCache?: (url: string) => AppDeps["listingCache"];
    /** Discover answers kept beside the listing cache (default: none). */
    discoverCache?: (listingCache: NonNullable<AppDeps["listingCache"]>) => AppDeps["discoverCache"];
    statsCacheMs?: number;
    /** A Prometheus registry: request latency is measured into it (default: none). */
    metrics?: Registry;
  } = {},
): Promise<TestApi> {
  const tdb = await createTestDatabase();
  const redis = new Redis("redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
  const payments = opts.payments
    ? await opts.payments(tdb.db)
    : { seller: null, signingKey: (await generateSigningKey()).key };
  const demand: AppDeps["demand"] = {
    salt: "test-salt-123",
    kFloor: 3,
    paidTierLive: false,
    delayHours: 0,
    ...opts.demand,
  };
  const listingCache = opts.listingCache?.(tdb.url);
  const app = buildApi({
    db: opts.db ? opts.db(tdb) : tdb.db,
    log: opts.log ?? createLogger("api-test", "silent"),
    serviceName: "tollgate",
    publicBaseUrl: "http://tollgate.test",
    maxBodyBytes: 64 * 1024,
    allowHttpEndpoints: false,
    trustedProxies: opts.trustedProxies ?? [],
    checkHost: opts.checkHost ?? hostCheckFromResolver(createTestResolver(TEST_DNS)),
    discover: opts.discover ?? {},
    payments,
    safeClient: createSafeHttpClient({
      verifiedBy: "tollgate",
      timeoutMs: 2000,
      allowance: { hosts: opts.allowance ?? {}, cidrs: [] },
      allowHttp: opts.allowHttp ?? false,
    }),
    limits: apiLimits(opts.limitStore ?? redis, testPrefix("api"), {
      discoverPerMinute: 600,
      submissionsPerHour: 30,
      ...opts.limits,
    }),
    demand,
    reports: opts.reports,
    listingCache,
    discoverCache: listingCache ? opts.discoverCache?.(listingCache) : undefined,
    statsCacheMs: opts.statsCacheMs,
    metrics: opts.metrics,
    // Set for the test projects (vitest.config.ts): every error a test provokes must be documented.
    strictErrorDocs: process.env.TOLLGATE_STRICT_ERROR_DOCS === "1",
  });
  const drop = tdb.drop;
  tdb.drop = async () => {
    redis.disconnect();
    await drop();
  };
  return {
    app,
    tdb,
    demand,
    req: async (method, path, body, headers = {}) =>
      app.request(path, {
        method,
        headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}

export const validListing = (over: Record<string, unknown> = {}) => ({
  name: "Paris weather",
  description: "Hourly forecast for any city, paid per call",
  endpoint_url: "https://api.example.com/v1/weather",
  category: "data.weather",
  price_amount: 0.01,
  ...over,
});

/**
 * Payments on the local chain as the api builds them: a seller with the chain reader and the paid routes'
 * finalizers, paid to the devnet operator. `facilitator` replaces the local one (to fail or stall on purpose).
 */
export function chainPayments(
  chain: Chain,
  opts: {
    facilitator?: FacilitatorClient;
    settleTimeoutMs?: number;
    leaseMs?: number;
    onSeller?: (seller: Seller) => void;
    /** Settlements are counted into it as the api does (default: not counted). */
    metrics?: Registry;
  } = {},
) {
  return async (db: Db): Promise<Payments> => {
    const seller = createSeller({
      db,
      log: createLogger("seller", "silent"),
      facilitator: opts.facilitator ?? createLocalFacilitator(chain),
      payTo: chain.wallets.operator.address,
      settleTimeoutMs: opts.settleTimeoutMs,
      leaseMs: opts.leaseMs,
      chain: createSettlementReader(chain.rpcUrl),
      finalizers: PAID_WORK,
      ...(opts.metrics ? { onSettlement: countSettlements(opts.metrics) } : {}),
    });
    opts.onSeller?.(seller);
    return { seller, signingKey: (await generateSigningKey()).key };
  };
}

/** The test api on a loopback port: paying clients need a real URL. */
export async function serveTestApi(t: TestApi) {
  const server = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  return { server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

/**
 * Listings made sellable by the paid routes: verified with a month of passing probes, the payTo and price a
 * probe saw (0.01 USDC to 0x1111…).
 */
export async function markVerified(db: Db, ids: string[]): Promise<void> {
  await db
    .updateTable("listings")
    .set({
      status: "verified",
      score: 0.95,
      probe_count: 40,
      probes_passed: 40,
      verified_via: "GET",
      obs_pay_to: "0x1111111111111111111111111111111111111111",
      obs_first_seen_at: new Date(Date.now() - 30 * 86_400_000),
      amount_usd: 0.01,
      amount_atomic: "10000",
    })
    .where("id", "in", ids)
    .execute();
}
