import { Redis } from "ioredis";

/** Connection for BullMQ workers: commands wait through reconnects instead of failing. */
export function workerRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

/**
 * Connection for producers on a request path: fail fast while Redis is away. `autoPipelining` sends every
 * command issued in one event-loop turn in one write (ioredis `enableAutoPipelining`): for independent
 * commands such as rate-limit counters, never for a BullMQ connection (reported to break Bull's jobs).
 */
export function producerRedis(url: string, opts: { autoPipelining?: boolean } = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    enableReadyCheck: true,
    enableAutoPipelining: opts.autoPipelining ?? false,
  });
}

/** Resolves once the connection is ready, or rejects after `timeoutMs`. */
export async function redisReady(redis: Redis, timeoutMs = 5000): Promise<void> {
  if (redis.status === "ready") return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis not ready after ${timeoutMs} ms`)), timeoutMs);
    redis.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
