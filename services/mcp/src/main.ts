import { serve } from "@hono/node-server";
import { databaseReachable, openDatabase } from "@tollgate/db";
import {
  createLimiter,
  databaseFromConfig,
  demandFromConfig,
  modelStateMetric,
  modelStateOf,
  producer,
  producerRedis,
  redisCheck,
  runService,
} from "@tollgate/platform";
import { createSemanticIndex, searchLogCap, searchLogProducer } from "@tollgate/registry";
import { jobCatalog } from "@tollgate/schema";
import { createEmbedder } from "@tollgate/semantic";
import { buildMcpApp } from "./app.js";
import { mcpEnvSchema } from "./config.js";

await runService("mcp", mcpEnvSchema, async ({ config, log, shutdown, metrics, serveOps }) => {
  const db = await openDatabase(config.DATABASE_URL, {
    applicationName: "mcp",
    ...databaseFromConfig(config),
  });
  const redis = producerRedis(config.REDIS_URL);
  redis.on("error", (err) => log.warn({ err: err.message }, "redis connection error"));
  const demand = demandFromConfig(config);
  // find_paid_service is logged as demand exactly like GET /v1/discover (same producer, source "mcp").
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
    searchLogCap(redis, config.QUEUE_PREFIX, config.DEMAND_LOG_PER_CLIENT_PER_HOUR),
  );
  const app = buildMcpApp({
    db,
    log,
    serviceName: config.SERVICE_NAME,
    discover: {
      matcher: semantic?.matcher,
      logSearch,
    },
    demand,
    trustedProxies: config.TRUSTED_PROXIES,
    limit: createLimiter(redis, {
      prefix: `${config.QUEUE_PREFIX}:rl:mcp`,
      points: config.MCP_LIMIT_PER_MINUTE,
      durationS: 60,
    }),
    metrics,
  });
  const server = serve({ fetch: app.fetch, hostname: config.MCP_HOST, port: config.MCP_PORT });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.MCP_PORT;
  shutdown.register("http", () => new Promise<void>((resolve) => server.close(() => resolve())));
  shutdown.register("search-log", async () => {
    await logSearch.flush();
    await searchLog.close();
  });
  shutdown.register("semantic", async () => {
    await semantic?.stop();
    await embedder?.close();
  });
  shutdown.register("redis", () => redis.quit());
  shutdown.register("postgres", () => db.destroy());
  // Ready: Postgres answers and the model has finished loading (or failed: text matching then). Redis is
  // reported but does not hold readiness: the tool server answers without it, like the api.
  await serveOps(
    {
      postgres: () => databaseReachable(db),
      ...(embedder
        ? {
            model: async () => {
              if (modelState() === "loading") throw new Error("embedding model loading");
            },
          }
        : {}),
    },
    { redis: redisCheck(redis) },
  );
  return { url: `http://${config.MCP_HOST}:${port}`, endpoint: `http://${config.MCP_HOST}:${port}/mcp` };
});
