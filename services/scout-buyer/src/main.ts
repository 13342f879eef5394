import { openDatabase } from "@tollgate/db";
import {
  allowanceFromConfig,
  createSafeHttpClient,
  databaseFromConfig,
  redisReady,
  runService,
  workerRedis,
} from "@tollgate/platform";
import { duePlanPurchases, publishScoutPolicy, recordPlanPurchase } from "@tollgate/registry";
import { createSettlementReader } from "@tollgate/x402";
import { sql } from "kysely";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { scoutEnvSchema } from "./config.js";
import { type ScoutDeps, scoutRound } from "./scout.js";

await runService("scout-buyer", scoutEnvSchema, async ({ config, log, shutdown }) => {
  const db = await openDatabase(config.DATABASE_URL, {
    applicationName: "scout-buyer",
    max: 4,
    ...databaseFromConfig(config),
  });
  shutdown.register("postgres", () => db.destroy());
  const redis = workerRedis(config.REDIS_URL);
  shutdown.register("redis", () => redis.quit());
  await redisReady(redis);
  await sql`SELECT 1`.execute(db);
  const client = createSafeHttpClient({
    verifiedBy: config.SERVICE_NAME,
    timeoutMs: config.SCOUT_TIMEOUT_MS,
    maxBodyBytes: 1024 * 1024,
    allowance: allowanceFromConfig(config),
    allowHttp: config.ALLOW_HTTP_ENDPOINTS,
  });
  shutdown.register("http-client", () => client.close());
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
  // Rounds run back to back with a pause; an error in one round is logged and the next one runs. The
  // process ends only on a signal.
  let stopping = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopping) return;
    current = scoutRound(deps)
      .then((counts) => {
        if (counts.recorded + counts.not_paid > 0) log.info({ counts }, "scout round");
      })
      .catch((err) => log.error({ err }, "scout round failed; the next one runs as scheduled"))
      .finally(() => {
        if (!stopping) timer = setTimeout(tick, config.SCOUT_TICK_MS);
      });
  };
  shutdown.register("rounds", async () => {
    stopping = true;
    clearTimeout(timer);
    await current;
  });
  tick();
  return { wallet: account.address, tick_ms: config.SCOUT_TICK_MS, policy: deps.policy };
});
