import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

export type LimitResult = { ok: true } | { ok: false; retryAfterS: number };

export interface Limiter {
  consume(key: string): Promise<LimitResult>;
}

interface Waiting {
  resolve: (r: LimitResult) => void;
  reject: (err: unknown) => void;
}

/**
 * A fixed-window limit shared by every replica (Redis, atomic): `points` per `durationS` per key.
 * Answers how long to wait when over the limit, for a 429 with Retry-After.
 *
 * The consumes of one key made in the same turn of the event loop (requests read from several sockets at once)
 * go to Redis as one increment by their count, where each was a round trip: the counter ends where it would have,
 * and they are answered as one after another would be (in the order they asked, the first `points` of the window
 * let through, every later one refused with the window's wait).
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
  const waiting = new Map<string, Waiting[]>();
  const send = (key: string) => {
    const batch = waiting.get(key)!;
    waiting.delete(key);
    const n = batch.length;
    limiter.consume(key, n).then(
      () => {
        for (const w of batch) w.resolve({ ok: true });
      },
      (res: unknown) => {
        if (!(res instanceof RateLimiterRes)) {
          for (const w of batch) w.reject(res);
          return;
        }
        // The counter after the batch; the batch's i-th consume is the window's (before + i + 1)-th.
        const before = res.consumedPoints - n;
        const retryAfterS = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        for (const [i, w] of batch.entries())
          w.resolve(before + i + 1 <= opts.points ? { ok: true } : { ok: false, retryAfterS });
      },
    );
  };
  return {
    consume(key) {
      return new Promise<LimitResult>((resolve, reject) => {
        const batch = waiting.get(key);
        if (batch) batch.push({ resolve, reject });
        else {
          waiting.set(key, [{ resolve, reject }]);
          setImmediate(send, key);
        }
      });
    },
  };
}
