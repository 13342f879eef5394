import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

export type LimitResult = { ok: true } | { ok: false; retryAfterS: number };

export interface Limiter {
  consume(key: string): Promise<LimitResult>;
}

/**
 * A fixed-window limit shared by every replica (Redis, atomic): `points` per `durationS` per key.
 * Answers how long to wait when over the limit, for a 429 with Retry-After.
 */
export function createLimiter(
  redis: Redis,
  opts: { prefix: string; points: number; durationS: number },
): Limiter {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: opts.prefix,
    points: opts.points,
    duration: opts.durationS,
  });
  return {
    async consume(key) {
      try {
        await limiter.consume(key, 1);
        return { ok: true };
      } catch (res) {
        if (res instanceof RateLimiterRes)
          return { ok: false, retryAfterS: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
        throw res;
      }
    },
  };
}
