import { openDatabase } from "@tollgate/db";
import { baseEnv, redisReady, runService, workerRedis } from "@tollgate/platform";
import { z } from "zod";

const schema = z.object({ ...baseEnv });

await runService("demand-aggregator", schema, async ({ config, shutdown }) => {
  const db = await openDatabase(config.DATABASE_URL, { applicationName: "demand-aggregator", max: 4 });
  shutdown.register("postgres", () => db.destroy());
  const redis = workerRedis(config.REDIS_URL);
  shutdown.register("redis", () => redis.quit());
  await redisReady(redis);
  return {};
});
