import { createHash } from "node:crypto";
import type { AppDeps } from "../deps.js";

/**
 * The security headers of every answer (app.ts sets them after the route): a page or badge whose text a
 * seller wrote must never become markup a browser runs, even if an escape is ever missed, and must not be
 * framed, sniffed into another type, or leak the search in the Referer.
 *
 * - `X-Content-Type-Options: nosniff`: a JSON error echoing a path, or a badge, is never read as HTML.
 * - `X-Frame-Options: DENY` beside CSP `frame-ancestors 'none'` (for browsers without CSP level 2).
 * - `Referrer-Policy: no-referrer`: a search (`/?q=…`) is not sent on to the sites a page links to.
 * - a Content-Security-Policy when the route set none: `default-src 'none'` with `sandbox` for anything not
 *   HTML (JSON, SVG badges opened as a document run nothing); for HTML not drawn by the site (the Swagger UI
 *   reference at /docs) scripts from this origin only, never inline ones.
 */
export const NOT_HTML_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";
export const OTHER_HTML_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export function setSecurityHeaders(headers: Headers): void {
  headers.set("x-content-type-options", "nosniff");
  headers.set("x-frame-options", "DENY");
  headers.set("referrer-policy", "no-referrer");
  if (!headers.has("content-security-policy"))
    headers.set(
      "content-security-policy",
      (headers.get("content-type") ?? "").startsWith("text/html") ? OTHER_HTML_CSP : NOT_HTML_CSP,
    );
}

const origin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The site pages' own policy: no script at all, the one inline stylesheet by its hash (no inline style
 * otherwise), images (the badges) from this origin and the configured ones, the search form posting only to
 * the site. Origins come from configuration, never from the request.
 */
export function sitePolicy(deps: Pick<AppDeps, "publicBaseUrl" | "siteUrl">, style: string): string {
  const origins = [
    ...new Set([deps.siteUrl, deps.publicBaseUrl].flatMap((u) => (u ? [origin(u)] : [])).filter(Boolean)),
  ].join(" ");
  const hash = createHash("sha256").update(style).digest("base64");
  return [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    `img-src 'self' ${origins} data:`,
    `form-action 'self' ${origins}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
