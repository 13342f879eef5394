import { clientKey, createLimiter, type Limiter, type Logger } from "@tollgate/platform";
import { ApiError } from "@tollgate/schema";
import type { Redis } from "ioredis";

/** Claim challenges: 50 per hour per client (spec). Claim posts: 20 per hour per client (our choice). */
export const CHALLENGE_LIMIT = { points: 50, durationS: 3600 };
export const CLAIM_POST_LIMIT = { points: 20, durationS: 3600 };
/** Outcome reports: 30 per hour per client (our choice; the spec rate-limits reports without a figure). */
export const REPORT_LIMIT = { points: 30, durationS: 3600 };

/** Redis-backed limits shared by every api replica; each counts per client (IPv4 address, IPv6 /64). */
export interface ApiLimits {
  challenge: Limiter;
  claim: Limiter;
  /** POST /v1/reports (REPORT_LIMIT). */
  reports: Limiter;
  /** POST /v1/listings (SUBMISSION_LIMIT_PER_HOUR, default 30 per hour). */
  submission: Limiter;
  /** GET /v1/discover (DISCOVER_LIMIT_PER_MINUTE, default 600 per minute). */
  discover: Limiter;
}

export function apiLimits(
  redis: Redis,
  prefix: string,
  perClient: { discoverPerMinute: number; submissionsPerHour: number },
): ApiLimits {
  return {
    challenge: createLimiter(redis, { prefix: `${prefix}:rl:claim-challenge`, ...CHALLENGE_LIMIT }),
    claim: createLimiter(redis, { prefix: `${prefix}:rl:claim`, ...CLAIM_POST_LIMIT }),
    reports: createLimiter(redis, { prefix: `${prefix}:rl:reports`, ...REPORT_LIMIT }),
    submission: createLimiter(redis, {
      prefix: `${prefix}:rl:submission`,
      points: perClient.submissionsPerHour,
      durationS: 3600,
    }),
    discover: createLimiter(redis, {
      prefix: `${prefix}:rl:discover`,
      points: perClient.discoverPerMinute,
      durationS: 60,
    }),
  };
}

const overLimit = (what: string, retryAfterS: number) =>
  new ApiError(
    "rate_limited",
    `too many ${what} from this address; retry after ${retryAfterS} s`,
    { retry_after_s: retryAfterS },
    { "retry-after": String(retryAfterS) },
  );

/**
 * Count one request of `clientIp` (keyed by `clientKey`: an IPv6 client by its /64) against `limiter`:
 * 429 `rate_limited` with Retry-After when over the limit; 503 when the limiter's store is unreachable
 * (fail closed: for writes and abuse-prone flows — claims, submissions).
 */
export async function enforce(limiter: Limiter, clientIp: string, what: string): Promise<void> {
  let r: Awaited<ReturnType<Limiter["consume"]>>;
  try {
    r = await limiter.consume(clientKey(clientIp));
  } catch {
    throw new ApiError(
      "service_unavailable",
      "rate limiting is unavailable; retry shortly",
      {},
      { "retry-after": "5" },
    );
  }
  if (!r.ok) throw overLimit(what, r.retryAfterS);
}

/**
 * `enforce` for free reads (discover): the same 429, but a limiter store outage lets the request through
 * (logged), so Redis going away does not take search down with it.
 */
export async function enforceRead(limiter: Limiter, clientIp: string, what: string, log: Logger) {
  let r: Awaited<ReturnType<Limiter["consume"]>>;
  try {
    r = await limiter.consume(clientKey(clientIp));
  } catch (err) {
    log.warn({ err: String(err), what }, "rate limit store unreachable; request let through");
    return;
  }
  if (!r.ok) throw overLimit(what, r.retryAfterS);
}
