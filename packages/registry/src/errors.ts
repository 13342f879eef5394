import { isDatabaseUnavailable, isUnstorableText } from "@tollgate/db";
import { ApiError } from "@tollgate/schema";

export const notFound = (id: string) =>
  new ApiError("not_found", `no active listing with id ${id} (unknown or delisted); see GET /v1/listings`);

/** Seconds a client should wait while Postgres is unreachable (a restart or failover takes seconds). */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * A failure every transport (REST, MCP) answers the same way, as an ApiError: a verb's own, text Postgres
 * cannot store (NUL), the database unreachable. Null for anything else: an internal error.
 */
export function knownFailure(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (isUnstorableText(err))
    return new ApiError(
      "validation_failed",
      "text must not contain the NUL character (\\u0000); remove it and send again",
    );
  if (isDatabaseUnavailable(err))
    return new ApiError(
      "service_unavailable",
      `the registry is temporarily unavailable (its database is unreachable or overloaded); retry after ${DATABASE_RETRY_AFTER_S} seconds`,
      {},
      { "retry-after": String(DATABASE_RETRY_AFTER_S) },
    );
  return null;
}
