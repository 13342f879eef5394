import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Per-host politeness shared by every prober replica (Redis): at most one probe of a host per gap, so
 * many listings on one host are spread out instead of probed in a burst. Returns 0 when the probe may
 * go now, else the milliseconds to wait.
 */
export function hostPoliteness(redis: Redis, prefix: string, gapMs: number) {
  if (gapMs <= 0) return { take: async (_host: string) => 0 };
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}:probe-host`,
    points: 1,
    duration: Math.max(1, Math.ceil(gapMs / 1000)),
  });
  return {
    async take(host: string): Promise<number> {
      try {
        await limiter.consume(host, 1);
        return 0;
      } catch (res) {
        if (res instanceof RateLimiterRes) return Math.max(50, res.msBeforeNext);
        throw res;
      }
    },
  };
}
