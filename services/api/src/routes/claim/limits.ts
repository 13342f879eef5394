import { createLimiter, type Limiter } from "@tollgate/platform";
import { ApiError } from "@tollgate/schema";
import type { Redis } from "ioredis";

/** Claim challenges: 50 per hour per client IP (spec). Claim posts: 20 per hour per client IP (our choice). */
export const CHALLENGE_LIMIT = { points: 50, durationS: 3600 };
export const CLAIM_POST_LIMIT = { points: 20, durationS: 3600 };

export function claimLimits(redis: Redis, prefix: string) {
  return {
    challenge: createLimiter(redis, { prefix: `${prefix}:rl:claim-challenge`, ...CHALLENGE_LIMIT }),
    claim: createLimiter(redis, { prefix: `${prefix}:rl:claim`, ...CLAIM_POST_LIMIT }),
  };
}

/** 429 with Retry-After when over the limit; 503 when the limiter's store is unreachable (fail closed). */
export async function enforce(limiter: Limiter, key: string, what: string): Promise<void> {
  let r: Awaited<ReturnType<Limiter["consume"]>>;
  try {
    r = await limiter.consume(key);
  } catch {
    throw new ApiError(
      "service_unavailable",
      "rate limiting is unavailable; retry shortly",
      {},
      { "retry-after": "5" },
    );
  }
  if (!r.ok)
    throw new ApiError(
      "rate_limited",
      `too many ${what} from this address; retry after ${r.retryAfterS} s`,
      { retry_after_s: r.retryAfterS },
      { "retry-after": String(r.retryAfterS) },
    );
}
