import { workerRedis } from "@tollgate/platform";

/**
 * Delete every Redis key under a test or benchmark prefix (`testPrefix` of `@tollgate/db/testing`), once its
 * processes have stopped. Tests and benchmarks use a prefix of their own so their queued jobs (probes,
 * search logs) never reach the services of `pnpm start`, which use the default one; this clears what they
 * left queued. Refuses any other prefix.
 */
export async function dropQueuePrefix(prefix: string, redisUrl = "redis://127.0.0.1:6379"): Promise<number> {
  if (!/_[0-9a-f]{10}$/.test(prefix)) throw new Error(`refusing to drop keys of a shared prefix: ${prefix}`);
  const redis = workerRedis(redisUrl);
  let dropped = 0;
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) dropped += await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
  return dropped;
}
