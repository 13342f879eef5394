import type { Hook } from "@hono/zod-openapi";
import { knownFailure } from "@tollgate/registry";
import { ApiError } from "@tollgate/schema";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { AppEnv } from "./app.js";
import { undocumentedErrorBody } from "./error-docs.js";

/** A name the client chose (a key, a path), as an error message repeats it: at most 64 characters. */
const named = (s: string) => (s.length > 64 ? `${s.slice(0, 64)}…` : s);
/** At most this many issues, and this many unknown keys per issue, are described. */
const MAX_DESCRIBED = 10;
const some = (xs: readonly string[]) =>
  xs.length > MAX_DESCRIBED ? [...xs.slice(0, MAX_DESCRIBED), `and ${xs.length - MAX_DESCRIBED} more`] : xs;

/** What a value is, in a message's words: `a number`, `null`, `an array`. */
function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  const t = typeof v;
  return t === "object" ? "an object" : `a ${t}`;
}

/** The value at `path` inside `input`, or undefined when any step is missing (own keys only). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/**
 * `field: message; field: message` from a zod error, naming unknown keys. What the client chose (key names, paths)
 * is shortened and counted rather than repeated whole: a 10,000-character parameter name is not echoed back.
 * With the `input` that failed, a value of the wrong type is described as sent (zod's issues no longer carry
 * it): `name: must be a string, not a number`, and a query parameter sent twice (a list) says so, where
 * either was once told "required".
 */
export function describeZodError(err: ZodError, input?: { value: unknown; query?: boolean }): string {
  return some(
    err.issues.map((i) => {
      const path = named(i.path.join("."));
      if (i.code === "unrecognized_keys")
        return `${path ? `${path}: ` : ""}unknown field(s) ${some(i.keys.map(named)).join(", ")}`;
      // A query parameter sent twice arrives as a list: whatever the rule said, that is what to fix.
      if (input?.query && path && Array.isArray(valueAt(input.value, i.path.slice(0, 1))))
        return `${named(String(i.path[0]))}: given more than once; send it once`;
      if (i.code === "invalid_type") {
        // With no path the missing value is the whole body: null, an array, a string or a number reach here.
        if (!path) return "the body must be a JSON object";
        const sent = input ? valueAt(input.value, i.path) : undefined;
        if (sent === undefined) return `${path}: required`;
        const expected = i.expected === "record" ? "object" : i.expected;
        return `${path}: must be ${/^[aeiou]/.test(expected) ? "an" : "a"} ${expected}, not ${kindOf(sent)}`;
      }
      return path ? `${path}: ${i.message}` : i.message;
    }),
  ).join("; ");
}

/**
 * The one error response of the API: `{error, message, ...extra, request_id}` with the code's status from
 * the catalog and the error's headers. Every refusal the app itself writes goes through here (paid answers
 * through `respond`, under the same check). Under TOLLGATE_STRICT_ERROR_DOCS a code the answering
 * operation does not document in /openapi.json is answered 500 instead (error-docs.ts).
 */
export function errorJson(c: Context, err: ApiError): Response {
  const ctx = c as Context<AppEnv>;
  const requestId = ctx.get("requestId");
  const problem = ctx.get("errorDocs")?.(c, err.status, err.code);
  if (problem) return c.json({ ...undocumentedErrorBody(problem), request_id: requestId }, 500);
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json({ ...err.body(), request_id: requestId }, err.status as ContentfulStatusCode);
}

/** The zod-openapi validation hook: every invalid request is `{error, message}` 400. */
export const validationHook: Hook<unknown, AppEnv, string, Response | undefined> = (result, c) => {
  if (result.success) return;
  const target = (result as { target?: string }).target;
  const reasons = describeZodError(result.error, {
    value: (result as { data?: unknown }).data,
    query: target === "query",
  });
  // A path that names no possible resource is "not found", like an unknown id (never a query).
  if (target === "param") return errorJson(c, new ApiError("not_found", `no such listing: ${reasons}`));
  if (target === "query" && result.error.issues.some((i) => i.code === "unrecognized_keys"))
    return errorJson(c, new ApiError("unknown_query_parameter", reasons));
  return errorJson(c, new ApiError("validation_failed", reasons));
};

/** Hono's own refusals (body limit, media type gate, malformed JSON) in the catalog's words. */
function fromHttpException(err: HTTPException): ApiError {
  switch (err.status) {
    case 413:
      return new ApiError("payload_too_large", "request body too large", {}, { connection: "close" });
    case 415:
      return new ApiError(
        "unsupported_media_type",
        "send the body as JSON with content-type: application/json",
      );
    case 404:
      return new ApiError("not_found", err.message);
    case 400:
      return /json/i.test(err.message)
        ? new ApiError("invalid_json", "request body is not valid JSON")
        : new ApiError("validation_failed", err.message || "bad request");
    default:
      return err.status < 500
        ? new ApiError("bad_request", err.message || "bad request")
        : new ApiError("internal_error", "internal error; the request was not applied");
  }
}

/** Maps anything thrown to the one error body; never leaks internals for a client's mistake. */
export function errorResponse(err: unknown, c: Context): Response {
  if (err instanceof HTTPException) return errorJson(c, fromHttpException(err));
  return errorJson(
    c,
    knownFailure(err) ?? new ApiError("internal_error", "internal error; the request was not applied"),
  );
}
