import { serve } from "@hono/node-server";
import { databaseReachable, openDatabase } from "@tollgate/db";
import {
  allowanceFromConfig,
  createSafeHttpClient,
  databaseFromConfig,
  demandFromConfig,
  modelStateMetric,
  modelStateOf,
  producer,
  producerRedis,
  queueMetrics,
  redisCheck,
  runService,
  workerRedis,
} from "@tollgate/platform";
import { createSemanticIndex, type SearchEvent, searchLogCap, searchLogProducer } from "@tollgate/registry";
import { jobCatalog } from "@tollgate/schema";
import { createEmbedder } from "@tollgate/semantic";
import { createTransactionProofReader, requireBaseRpc, USDC_BASE } from "@tollgate/x402";
import { buildApi } from "./app.js";
import { DiscoverCache, ListingCache } from "./cache.js";
import { answerClientErrorsAsJson, serverTimeouts } from "./client-errors.js";
import { apiEnvSchema } from "./config.js";
import type { AppDeps } from "./deps.js";
import { buildHostCheck } from "./host-check.js";
import { apiLimits } from "./limits.js";
import { buildPayments } from "./payments.js";
import { startPaymentReconciler } from "./reconcile.js";

await runService("api", apiEnvSchema, async ({ config, log, shutdown, metrics, serveOps }) => {
  await requireBaseRpc(
    { CHAIN_RPC_URL: config.CHAIN_RPC_URL, FACILITATOR_RPC_URL: config.FACILITATOR_RPC_URL },
    log,
  );
  const db = await openDatabase(config.DATABASE_URL, {
    applicationName: "api",
    ...databaseFromConfig(config),
  });
  const redis = producerRedis(config.REDIS_URL);
  redis.on("error", (err) => log.warn({ err: err.message }, "redis connection error"));
  // Rate-limit counters (per-client limits, the demand log's cap) on their own auto-pipelining connection:
  // the counters of concurrent requests leave in one write instead of one write each.
  const limitsRedis = producerRedis(config.REDIS_URL, { autoPipelining: true });
  limitsRedis.on("error", (err) => log.warn({ err: err.message }, "redis connection error (limits)"));
  const safeClient = createSafeHttpClient({
    verifiedBy: config.SERVICE_NAME,
    timeoutMs: 10_000,
    maxBodyBytes: 64 * 1024,
    allowance: allowanceFromConfig(config),
    allowHttp: config.ALLOW_HTTP_ENDPOINTS,
  });
  const demand = demandFromConfig(config);
  // Discovery by meaning: the model in a worker thread, every listing vector in memory (follows Postgres).
  const embedder = config.SEMANTIC_SEARCH ? createEmbedder({ cacheSize: config.QUERY_VECTOR_CACHE }) : null;
  const semantic = embedder ? createSemanticIndex(db, embedder, log) : null;
  semantic?.start();
  const modelState = modelStateOf(embedder?.ready ?? null);
  modelStateMetric(metrics, modelState);
  const searchLog = producer(jobCatalog.searchLog, redis, config.QUEUE_PREFIX);
  const logSearch = searchLogProducer(
    searchLog,
    demand.salt,
    log,
    searchLogCap(limitsRedis, config.QUEUE_PREFIX, config.DEMAND_LOG_PER_CLIENT_PER_HOUR),
  );
  // Outcome reports are proven by the chain itself (the transaction's receipt).
  const reportChain = config.CHAIN_RPC_URL ?? config.FACILITATOR_RPC_URL;
  const listingCache =
    config.LISTING_CACHE_TTL_MS > 0
      ? new ListingCache({ ttlMs: config.LISTING_CACHE_TTL_MS, max: 50_000 }).follow(config.DATABASE_URL)
      : undefined;
  const deps: AppDeps = {
    db,
    log,
    serviceName: config.SERVICE_NAME,
    publicBaseUrl: config.PUBLIC_BASE_URL?.replace(/\/$/, "") ?? "",
    siteUrl: config.SITE_URL?.replace(/\/$/, ""),
    maxBodyBytes: config.MAX_BODY_BYTES,
    allowHttpEndpoints: config.ALLOW_HTTP_ENDPOINTS,
    trustedProxies: config.TRUSTED_PROXIES,
    checkHost: buildHostCheck(config),
    discover: {
      matcher: semantic?.matcher,
      logSearch,
    },
    payments: await buildPayments(config, db, log, metrics),
    metrics,
    safeClient,
    limits: apiLimits(limitsRedis, config.QUEUE_PREFIX, {
      discoverPerMinute: config.DISCOVER_LIMIT_PER_MINUTE,
      submissionsPerHour: config.SUBMISSION_LIMIT_PER_HOUR,
    }),
    listingCache,
    discoverCache: listingCache
      ? {
          cache: new DiscoverCache<SearchEvent>(listingCache, {
            ttlMs: config.LISTING_CACHE_TTL_MS,
            max: 20_000,
            isIndexed: (id) => semantic?.has(id) ?? false,
          }),
          matcherState: () => semantic?.state ?? "off",
        }
      : undefined,
    statsCacheMs: config.STATS_CACHE_MS,
    reports: {
      proof: reportChain ? createTransactionProofReader(reportChain) : null,
      usdc: USDC_BASE,
    },
    demand,
    strictErrorDocs: config.TOLLGATE_STRICT_ERROR_DOCS,
  };
  const app = buildApi(deps);
  const server = serve({
    fetch: app.fetch,
    hostname: config.API_HOST,
    port: config.API_PORT,
    serverOptions: serverTimeouts(config.API_REQUEST_TIMEOUT_MS),
  });
  answerClientErrorsAsJson(server);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.API_PORT;
  // Outside production (where PUBLIC_BASE_URL is required) links point at where this process listens.
  if (!deps.publicBaseUrl) deps.publicBaseUrl = `http://${config.API_HOST}:${port}`;
  shutdown.register("http", () => new Promise<void>((resolve) => server.close(() => resolve())));
  shutdown.register("http-client", () => safeClient.close());
  if (listingCache) shutdown.register("listing-cache", () => listingCache.close());
  shutdown.register("search-log", async () => {
    await logSearch.flush();
    await searchLog.close();
  });
  shutdown.register("semantic", async () => {
    await semantic?.stop();
    await embedder?.close();
  });
  // Payments whose outcome was lost are decided from the chain in a scheduled job.
  const seller = deps.payments.seller;
  if (seller) {
    const workerConnection = workerRedis(config.REDIS_URL);
    workerConnection.on("error", (err) =>
      log.warn({ err: err.message }, "redis connection error (reconnecting)"),
    );
    const reconciler = await startPaymentReconciler({
      seller,
      redis: workerConnection,
      prefix: config.QUEUE_PREFIX,
      everyMs: config.PAYMENTS_RECONCILE_EVERY_MS,
      log,
      metrics,
    });
    const queues = queueMetrics(metrics, {
      specs: [jobCatalog.paymentsReconcile],
      connection: workerConnection,
      prefix: config.QUEUE_PREFIX,
      log,
    });
    shutdown.register("payments-reconciler", async () => {
      await reconciler.close();
      await queues.close();
      await workerConnection.quit();
    });
  }
  shutdown.register("redis", async () => {
    await redis.quit();
    await limitsRedis.quit();
  });
  shutdown.register("postgres", () => db.destroy());
  // Ready: Postgres answers and the model has finished loading (or failed: then discovery matches by text,
  // which tollgate_semantic_model_state shows, rather than the pod never taking traffic). Redis is reported
  // but does not hold readiness: the api answers without it (limits let through, searches not logged).
  await serveOps(
    {
      postgres: () => databaseReachable(db),
      ...(embedder ? { model: async () => modelLoadSettled(modelState()) } : {}),
    },
    { redis: redisCheck(redis) },
  );
  return { url: `http://${config.API_HOST}:${port}` };
});

function modelLoadSettled(state: string): void {
  if (state === "loading") throw new Error("embedding model loading");
}
