import { databaseReachable, openDatabase } from "@tollgate/db";
import {
  databaseFromConfig,
  modelStateMetric,
  modelStateOf,
  producer,
  queueMetrics,
  redisCheck,
  redisReady,
  runService,
  schedulers,
  worker,
  workerRedis,
} from "@tollgate/platform";
import { buildDemandSnapshots, createSemanticIndex, ingestSearch, syncEmbeddings } from "@tollgate/registry";
import { jobCatalog } from "@tollgate/schema";
import { createEmbedder } from "@tollgate/semantic";
import { demandAggregatorEnvSchema as schema } from "./config.js";

// The demand aggregator: embeds new and edited listings off the request path, stores every logged search (idempotent by event id; the queue keeps what it has not
// stored yet across restarts) and rebuilds the paid snapshots on a schedule as the single writer.
await runService("demand-aggregator", schema, async ({ config, log, shutdown, metrics, serveOps }) => {
  const db = await openDatabase(config.DATABASE_URL, {
    applicationName: "demand-aggregator",
    max: 4,
    ...databaseFromConfig(config),
  });
  const redis = workerRedis(config.REDIS_URL);
  redis.on("error", (err) => log.warn({ err: err.message }, "redis connection error (reconnecting)"));
  await redisReady(redis, 10_000);
  const prefix = config.QUEUE_PREFIX;

  // Listing embeddings: claimed with SKIP LOCKED, so replicas share the work; drained each tick.
  const embedder = createEmbedder();
  const modelState = modelStateOf(embedder.ready);
  modelStateMetric(metrics, modelState);
  let syncing: Promise<void> | null = null;
  let stopped = false;
  const sync = async () => {
    await embedder.ready;
    let n = 0;
    do {
      n = await syncEmbeddings(db, embedder);
      if (n > 0) log.debug({ embedded: n }, "listing embeddings");
    } while (n > 0 && !stopped);
  };
  const syncTimer = setInterval(() => {
    syncing ??= sync()
      .catch((err) => log.warn({ err: String(err) }, "embedding sync failed (retrying)"))
      .finally(() => {
        syncing = null;
      });
  }, config.EMBED_SYNC_EVERY_MS);
  // answered_now is the directory's own (semantic) search, as agents get it.
  const semantic = createSemanticIndex(db, embedder, log, { refreshMs: 5000 });
  semantic.start();

  const schedule = producer(jobCatalog.demandSchedule, redis, prefix);
  const ticks = await schedulers(
    schedule,
    [{ id: "snapshots", every: config.DEMAND_SNAPSHOT_EVERY_MS, name: "snapshots" }],
    log,
  );
  const ingest = worker(
    jobCatalog.searchLog,
    async (search) => ({ stored: await ingestSearch(db, search) }),
    { connection: redis, prefix, log, registry: metrics },
  );
  const builder = worker(
    jobCatalog.demandSchedule,
    async () => {
      const started = performance.now();
      await embedder.ready;
      await semantic.refresh();
      const r = await buildDemandSnapshots(db, {
        kFloor: config.DEMAND_K_FLOOR,
        embed: (texts) => embedder.embedManyCached(texts),
        discover: { matcher: semantic.matcher },
      });
      log.info({ ...r, ms: Math.round(performance.now() - started) }, "demand snapshots");
      return r;
    },
    { connection: redis, prefix, log, registry: metrics },
  );
  const queues = queueMetrics(metrics, {
    specs: [jobCatalog.searchLog, jobCatalog.demandSchedule],
    connection: redis,
    prefix,
    log,
  });
  shutdown.register("embeddings", async () => {
    stopped = true;
    clearInterval(syncTimer);
    await syncing;
    await semantic.stop();
    await embedder.close();
  });
  shutdown.register("workers", async () => {
    ticks.close();
    await ingest.close();
    await builder.close();
    await schedule.close();
    await queues.close();
  });
  shutdown.register("redis", () => redis.quit());
  shutdown.register("postgres", () => db.destroy());
  // Ready: Postgres and Redis answer and the model has finished loading (snapshots and embeddings wait
  // for it; the search log is stored either way).
  await serveOps({
    postgres: () => databaseReachable(db),
    redis: redisCheck(redis),
    model: async () => {
      if (modelState() === "loading") throw new Error("embedding model loading");
    },
  });
  return { k_floor: config.DEMAND_K_FLOOR, snapshot_every_ms: config.DEMAND_SNAPSHOT_EVERY_MS };
});
