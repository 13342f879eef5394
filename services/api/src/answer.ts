import type { Context } from "hono";
import type { AppEnv } from "./app.js";
import { DATA_LICENSE } from "./routes/state.js";

/** The Link header every successful JSON data answer carries (CC-BY-4.0, spec introduction). */
export const LICENSE_LINK = `<${DATA_LICENSE.url}>; rel="license"`;

/**
 * The Vary of every answer: its CORS headers are given only to a request with an Origin (app.ts), so a
 * shared cache must key on it. Without it, the copy a cache stored for a request without one (an `<img>`
 * badge, a crawler, curl) was replayed to a page's fetch without Access-Control-Allow-Origin, which the
 * browser then refused, for as long as the copy was fresh.
 */
export const VARY = "origin";

/**
 * The security header a JSON fast-path answer carries: nosniff, so it is never read as another type. The others
 * setSecurityHeaders (site/headers.ts) gives every answer protect documents (framing, the Referer of links, what a
 * page may run); a JSON answer with nosniff is never rendered as one, and on these hot paths each header costs
 * (bench:api: the four together took the repeated discover from 0.31–0.33 to 0.29–0.30 of bare).
 */
const JSON_SECURITY = { "x-content-type-options": "nosniff" } as const;

/**
 * An answer built whole by a route's fast path (a cached read): `headers` plus the request's x-request-id,
 * nosniff and, for a 2xx JSON answer, the licence Link, exactly as the request
 * middleware would add them (the fast paths answer JSON only); a plain header
 * record, so Node writes it without building Headers objects. The middleware is told not to touch it.
 */
export function answerWhole(
  c: Context<AppEnv>,
  status: 200 | 304,
  body: string | null,
  headers: Record<string, string>,
): Response {
  c.set("answeredWhole", true);
  const whole: Record<string, string> = {
    ...headers,
    ...JSON_SECURITY,
    vary: VARY,
    "x-request-id": c.get("requestId"),
  };
  if (status < 300 && (headers["content-type"] ?? "").includes("json")) whole.link = LICENSE_LINK;
  return new Response(body, { status, headers: whole });
}

/**
 * `answerWhole` for a JSON answer with an ETag and Cache-Control (a listing detail): the same headers, the
 * record written in one literal (issue 17), `body` the UTF-8 bytes kept for it.
 */
export function answerJson(
  c: Context<AppEnv>,
  status: 200 | 304,
  body: Uint8Array | null,
  etag: string,
  cacheControl: string,
): Response {
  c.set("answeredWhole", true);
  const requestId = c.get("requestId");
  return new Response(body, {
    status,
    headers:
      status === 200
        ? {
            "content-type": "application/json",
            etag,
            "cache-control": cacheControl,
            vary: VARY,
            "x-request-id": requestId,
            link: LICENSE_LINK,
            ...JSON_SECURITY,
          }
        : {
            "content-type": "application/json",
            etag,
            "cache-control": cacheControl,
            vary: VARY,
            "x-request-id": requestId,
            ...JSON_SECURITY,
          },
  });
}
