import { databaseReachable, openDatabase } from "@tollgate/db";
import {
  allowanceFromConfig,
  createSafeHttpClient,
  databaseFromConfig,
  redisCheck,
  redisReady,
  runService,
  workerRedis,
} from "@tollgate/platform";
import { startCatalogueImports } from "./catalogue.js";
import { proberEnvSchema } from "./config.js";
import { startProber } from "./worker.js";

await runService("prober", proberEnvSchema, async ({ config, log, shutdown, metrics, serveOps }) => {
  const db = await openDatabase(config.DATABASE_URL, {
    applicationName: "prober",
    max: Math.min(20, config.PROBE_CONCURRENCY + 2),
    ...databaseFromConfig(config),
  });
  const redis = workerRedis(config.REDIS_URL);
  redis.on("error", (err) => log.warn({ err: err.message }, "redis connection error (reconnecting)"));
  await redisReady(redis, 10_000);
  const client = createSafeHttpClient({
    verifiedBy: config.SERVICE_NAME,
    timeoutMs: config.PROBE_TIMEOUT_MS,
    maxBodyBytes: 256 * 1024,
    allowance: allowanceFromConfig(config),
    allowHttp: config.ALLOW_HTTP_ENDPOINTS,
    // One connection per origin: a probe's requests (GET, the POST retry, the sample) run one after another, and
    // politeness spaces probes of one host by PROBE_HOST_MIN_GAP_MS. With one, undici gives each origin a bare
    // client instead of a pool around one, which a probe would build and tear down for every origin it visits.
    connectionsPerOrigin: 1,
  });
  const prober = await startProber({ db, log, client, redis, config, metrics });
  shutdown.register("workers", () => prober.close());
  const catalogueUrls = config.CATALOGUE_URLS.split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  const imports = startCatalogueImports({
    db,
    log,
    client,
    redis,
    prefix: config.QUEUE_PREFIX,
    urls: catalogueUrls,
    everyMs: config.CATALOGUE_IMPORT_EVERY_MS,
    allowHttp: config.ALLOW_HTTP_ENDPOINTS,
  });
  shutdown.register("catalogue-imports", () => imports.close());
  shutdown.register("http-client", () => client.close());
  shutdown.register("redis", () => redis.quit());
  shutdown.register("postgres", () => db.destroy());
  await serveOps({ postgres: () => databaseReachable(db), redis: redisCheck(redis) });
  return {
    concurrency: config.PROBE_CONCURRENCY,
    tick_ms: config.PROBE_TICK_MS,
    interval_scale: config.PROBE_INTERVAL_SCALE,
    catalogues: catalogueUrls.length,
  };
});
