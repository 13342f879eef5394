import type { Hook } from "@hono/zod-openapi";
import { isDatabaseUnavailable, isUnstorableText } from "@tollgate/db";
import { ApiError } from "@tollgate/schema";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";

/** `field: message; field: message` from a zod error, naming unknown keys. */
export function describeZodError(err: ZodError): string {
  return err.issues
    .map((i) => {
      const path = i.path.join(".");
      if (i.code === "unrecognized_keys")
        return `${path ? `${path}: ` : ""}unknown field(s) ${i.keys.join(", ")}`;
      if (i.code === "invalid_type" && i.input === undefined) return `${path}: required`;
      return path ? `${path}: ${i.message}` : i.message;
    })
    .join("; ");
}

/** The zod-openapi validation hook: every invalid request is `{error, message}` 400. */
export const validationHook: Hook<unknown, never, string, unknown> = (result, c) => {
  if (!result.success) {
    const target = (result as { target?: string }).target;
    // A path that names no possible resource is "not found", like an unknown id (never a query).
    if (target === "param")
      return c.json(
        { error: "not_found", message: `no such listing: ${describeZodError(result.error)}` },
        404,
      );
    const code = target === "query" ? "unknown_query_parameter" : "validation_failed";
    const hasUnknown = result.error.issues.some((i) => i.code === "unrecognized_keys");
    return c.json(
      {
        error: target === "query" && hasUnknown ? code : "validation_failed",
        message: describeZodError(result.error),
      },
      400,
    );
  }
};

/** How long a client should wait while Postgres is unreachable (a restart or failover takes seconds). */
export const RETRY_AFTER_SECONDS = 5;

/** Maps anything thrown to the one error body; never leaks internals for a client's mistake. */
export function errorResponse(err: unknown, c: Context) {
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(err.body(), err.status as ContentfulStatusCode);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 413)
      return c.json({ error: "payload_too_large", message: "request body too large" }, 413, {
        connection: "close",
      });
    if (status === 415)
      return c.json(
        {
          error: "unsupported_media_type",
          message: "send the body as JSON with content-type: application/json",
        },
        415,
      );
    if (status === 400 && /json/i.test(err.message))
      return c.json({ error: "invalid_json", message: "request body is not valid JSON" }, 400);
    if (status === 400)
      return c.json({ error: "validation_failed", message: err.message || "bad request" }, 400);
    return c.json({ error: status === 404 ? "not_found" : "internal_error", message: err.message }, status);
  }
  if (isUnstorableText(err))
    return c.json(
      {
        error: "validation_failed",
        message: "text must not contain the NUL character (\\u0000); remove it and send again",
      },
      400,
    );
  if (isDatabaseUnavailable(err))
    return c.json(
      {
        error: "service_unavailable",
        message: `the registry is temporarily unavailable (its database is unreachable or overloaded); retry after ${RETRY_AFTER_SECONDS} seconds`,
      },
      503,
      { "retry-after": String(RETRY_AFTER_SECONDS) },
    );
  return c.json({ error: "internal_error", message: "internal error; the request was not applied" }, 500);
}
