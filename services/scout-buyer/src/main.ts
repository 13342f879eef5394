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
import { duePlanPurchases, publishScoutPolicy, recordPlanPurchase } from "@tollgate/registry";
import { createSettlementReader, requireBaseRpc } from "@tollgate/x402";
import { sql } from "kysely";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { scoutEnvSchema } from "./config.js";
import { startScoutQueues } from "./queue.js";
import type { ScoutDeps } from "./scout.js";

await runService("scout-buyer", scoutEnvSchema, async ({ config, log, shutdown, metrics, serveOps }) => {
  await requireBaseRpc({ CHAIN_RPC_URL: config.CHAIN_RPC_URL }, log);
  const db = await openDatabase(config.DATABASE_URL, {
    applicationName: "scout-buyer",
    max: 4,
    ...databaseFromConfig(config),
  });
  const redis = workerRedis(config.REDIS_URL);
  await redisReady(redis);
  await sql`SELECT 1`.execute(db);
  const client = createSafeHttpClient({
    verifiedBy: config.SERVICE_NAME,
    timeoutMs: config.SCOUT_TIMEOUT_MS,
    maxBodyBytes: 1024 * 1024,
    allowance: allowanceFromConfig(config),
    allowHttp: config.ALLOW_HTTP_ENDPOINTS,
  });
  const account = privateKeyToAccount(config.SCOUT_PRIVATE_KEY as `0x${string}`);
  const deps: ScoutDeps = {
    db,
    log,
    http: client,
    account,
    publicClient: createPublicClient({ transport: http(config.CHAIN_RPC_URL) }) as PublicClient,
    settlements: createSettlementReader(config.CHAIN_RPC_URL),
    policy: {
      perPurchaseCapUsd: config.SCOUT_PER_PURCHASE_CAP_USD,
      dailyBudgetUsd: config.SCOUT_DAILY_BUDGET_USD,
      perSellerDailyUsd: config.SCOUT_PER_SELLER_DAILY_USD,
      rebuyAfterS: config.SCOUT_REBUY_AFTER_S,
    },
    timeoutMs: config.SCOUT_TIMEOUT_MS,
    plans: { due: duePlanPurchases, record: (trx, done) => recordPlanPurchase(trx as never, done) },
  };
  await publishScoutPolicy(db, {
    wallet: account.address,
    policy: deps.policy,
    tick_ms: config.SCOUT_TICK_MS,
  });
  // Purchases are jobs on BullMQ (jobCatalog.purchase): a tick shared by every replica enqueues what is due,
  // every replica's worker buys. The process ends only on a signal; in-flight purchases finish first.
  const queues = await startScoutQueues(deps, {
    connection: redis,
    prefix: config.QUEUE_PREFIX,
    tickMs: config.SCOUT_TICK_MS,
    batch: config.SCOUT_BATCH,
    concurrency: config.SCOUT_CONCURRENCY,
    reconcileAfterS: config.SCOUT_RECONCILE_AFTER_S,
    metrics,
  });
  // Steps run in this order: in-flight purchases finish before the connections they use close.
  shutdown.register("queues", () => queues.close());
  shutdown.register("http-client", () => client.close());
  shutdown.register("redis", () => redis.quit());
  shutdown.register("postgres", () => db.destroy());
  await serveOps({ postgres: () => databaseReachable(db), redis: redisCheck(redis) });
  return {
    wallet: account.address,
    tick_ms: config.SCOUT_TICK_MS,
    concurrency: config.SCOUT_CONCURRENCY,
    policy: deps.policy,
  };
});
