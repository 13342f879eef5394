import { openDatabase } from "@tollgate/db";
import { baseEnv, databaseFromConfig, redisReady, runService, workerRedis } from "@tollgate/platform";
import { sql } from "kysely";
import { z } from "zod";

// The scout's purchases arrive in a later issue; until then the process boots, connects to what it
// will need (Postgres, Redis), reports ready and stops cleanly. It buys nothing and serves nothing.
const schema = z.object({ ...baseEnv });

await runService("scout-buyer", schema, async ({ config, shutdown }) => {
  const db = await openDatabase(config.DATABASE_URL, {
    applicationName: "scout-buyer",
    max: 2,
    ...databaseFromConfig(config),
  });
  shutdown.register("postgres", () => db.destroy());
  const redis = workerRedis(config.REDIS_URL);
  shutdown.register("redis", () => redis.quit());
  await redisReady(redis);
  await sql`SELECT 1`.execute(db);
  return { capability: "none yet: purchases come with the paid-verification issue" };
});
