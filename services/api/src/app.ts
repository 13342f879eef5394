import type { IncomingMessage } from "node:http";
import { OpenAPIHono } from "@hono/zod-openapi";
import { clip } from "@tollgate/core";
import {
  clientAddress,
  contextFrom,
  httpRequestDuration,
  logRequest,
  peerFacts,
  requestIdFor,
  serveObserved,
} from "@tollgate/platform";
import { ApiError } from "@tollgate/schema";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { routePath } from "hono/route";
import { LICENSE_LINK, VARY } from "./answer.js";
import type { AppDeps } from "./deps.js";
import { type ErrorDocsCheck, strictErrorDocs } from "./error-docs.js";
import { errorJson, errorResponse, validationHook } from "./errors.js";
import { closeIfBodyUnread } from "./keep-alive.js";
import { registerAttestations } from "./routes/attestations.js";
import { registerCategories } from "./routes/categories.js";
import { registerChanges } from "./routes/changes.js";
import { registerClaim } from "./routes/claim/routes.js";
import { registerDemandFeed } from "./routes/demand/feed.js";
import { registerDemandPaid } from "./routes/demand/paid.js";
import { registerDiscover } from "./routes/discover.js";
import { registerDocs } from "./routes/docs.js";
import { registerHistory } from "./routes/history.js";
import { registerCreateListing } from "./routes/listings/create.js";
import { registerDeleteListing } from "./routes/listings/delete.js";
import { registerGetListing } from "./routes/listings/get.js";
import { registerListListings } from "./routes/listings/list.js";
import { registerPatchListing } from "./routes/listings/patch.js";
import { registerMethodology } from "./routes/methodology.js";
import { registerPurchases } from "./routes/paid/purchases.js";
import { registerVerdict } from "./routes/paid/verdict.js";
import { registerVerifyNow } from "./routes/paid/verify-now.js";
import { registerReports } from "./routes/reports.js";
import { registerResolve } from "./routes/resolve.js";
import { registerState } from "./routes/state.js";
import { registerStats } from "./routes/stats.js";
import { setSecurityHeaders } from "./site/headers.js";
import { registerSite, siteNotFound } from "./site/pages.js";

export type AppEnv = {
  Variables: {
    clientIp: string;
    requestId: string;
    /**
     * Set by a route that built its answer whole, x-request-id and licence Link included (`answerWhole`):
     * the request middleware then leaves its headers alone (touching them costs a Headers object per answer).
     */
    answeredWhole?: boolean;
    /** GET /v1/discover: this search was already counted against the client's limit (by the route's fast path). */
    searchCounted?: boolean;
    /** Set only under TOLLGATE_STRICT_ERROR_DOCS: holds every error answer to its operation's documented codes. */
    errorDocs?: ErrorDocsCheck;
  };
};
export type App = OpenAPIHono<AppEnv>;

export function newApp(): App {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

const NO_BODY = new Set(["GET", "HEAD", "TRACE"]);

/**
 * CORS, for agents and pages on other origins: every answer to a request with an Origin may be read by it
 * (no cookies are used, so `*` lends no ambient authority: the claim token and payments travel in headers the
 * page must hold itself), and the x402 and owner headers may be sent and read. A preflight is answered 204.
 * X-PAYMENT (x402 v1's name) is allowed too: it is never read as a payment, but a page sending it must reach
 * the 402 that names PAYMENT-SIGNATURE instead of a preflight failure that names nothing. A page instrumented
 * with OpenTelemetry adds its trace context (traceparent, tracestate, baggage): allowed, so its fetch is not refused.
 */
const CORS_EXPOSED = "payment-required, payment-response, x-request-id, etag, retry-after, link";
const corsPreflight = () =>
  new Response(null, {
    status: 204,
    headers: {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, HEAD, POST, PATCH, DELETE",
      "access-control-allow-headers":
        "content-type, payment-signature, x-payment, x-claim-token, x-edit-token, authorization, if-none-match, traceparent, tracestate, baggage",
      "access-control-max-age": "600",
    },
  });

/** The socket peer; undefined when not served by @hono/node-server (app.request in tests). */
function socketPeer(c: Context): string | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
}

/** Whether `err` is the request stream failing because the client closed the connection mid-body. */
function abortedByClient(err: unknown, c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.complete) return false;
  return incoming.destroyed || (err as { code?: unknown } | null)?.code === "ECONNRESET";
}

/** The whole API: middleware, every route, OpenAPI document, one error body everywhere. */
export function buildApi(deps: AppDeps): App {
  const app = newApp();
  // Under TOLLGATE_STRICT_ERROR_DOCS (the test suites) every error answer is checked against the codes its
  // operation documents; never in production. The document is read once every route is registered.
  let errorDocs: ErrorDocsCheck | undefined;
  if (deps.strictErrorDocs)
    app.use("*", async (c, next) => {
      if (errorDocs) c.set("errorDocs", errorDocs);
      await next();
    });
  // Who asks (client address: the peer, or X-Forwarded-For walked from the right through TRUSTED_PROXIES),
  // under which request id (echoed in x-request-id and every error body), one log line, one latency
  // sample (by route pattern, never the raw path) and one span per request. A trace context is continued
  // only from a trusted proxy, like the request id.
  const latency = deps.metrics ? httpRequestDuration(deps.metrics) : null;
  const peers = peerFacts(deps.trustedProxies);
  const onError = (err: unknown, c: Context<AppEnv>) => {
    // A client that hangs up before its body arrived whole is no server fault: the body read fails with
    // "aborted" before anything was applied. Answered 400 (to nobody) and logged as an ordinary request,
    // never as an "unhandled error" a client could raise at will.
    if (abortedByClient(err, c))
      return errorJson(
        c,
        new ApiError(
          "bad_request",
          "the connection closed before the request body arrived whole; nothing was applied",
          {},
          { connection: "close" },
        ),
      );
    const res = errorResponse(err, c);
    if (res.status >= 500) deps.log.error({ err, path: c.req.path }, "unhandled error");
    return res;
  };
  const limitBody = bodyLimit({
    maxSize: deps.maxBodyBytes,
    onError: (c) =>
      errorJson(
        c,
        new ApiError(
          "payload_too_large",
          `request body over ${deps.maxBodyBytes} bytes`,
          {},
          { connection: "close" },
        ),
      ),
  });
  // One middleware for everything every request goes through (issue 17: each middleware layer is a
  // dispatch and a promise per request). GET, HEAD (and TRACE, served as GET) requests never have a body
  // here (@hono/node-server gives them none): bodyLimit would let them through, after building a full
  // Request object only to find that out.
  app.use("*", async (c, next) => {
    const started = performance.now();
    const method = c.req.method;
    const peer = socketPeer(c);
    const { trusted, address } = peers(peer);
    // An id (and trace context, X-Forwarded-For) is believed only from a trusted proxy: from anyone else
    // the header is not even read.
    const requestId = requestIdFor(trusted ? c.req.header("x-request-id") : undefined, trusted);
    c.set("requestId", requestId);
    c.set(
      "clientIp",
      trusted ? clientAddress(peer, c.req.header("x-forwarded-for"), deps.trustedProxies) : address,
    );
    const traceparent = trusted ? c.req.header("traceparent") : undefined;
    const origin = c.req.header("origin");
    await serveObserved(
      method,
      {
        // A span is made when tracing exports or a trusted proxy sent a trace to continue (serveObserved).
        parent: traceparent === undefined ? undefined : contextFrom({ traceparent }),
        latency,
        startedMs: started,
      },
      origin !== undefined && method === "OPTIONS" && c.req.header("access-control-request-method")
        ? async () => {
            c.res = corsPreflight();
          }
        : NO_BODY.has(method)
          ? next
          : async () => {
              // As its own middleware layer did: what it answers or throws becomes the answer.
              try {
                const res = await limitBody(c, next);
                if (res instanceof Response && !c.finalized) c.res = res;
              } catch (err) {
                c.res = onError(err, c);
              }
            },
      () => ({ routePath: routePath(c), status: c.res.status }),
    );
    closeIfBodyUnread(c);
    if (origin !== undefined) {
      c.res.headers.set("access-control-allow-origin", "*");
      c.res.headers.set("access-control-expose-headers", CORS_EXPOSED);
    }
    if (!c.get("answeredWhole")) {
      c.res.headers.append("vary", VARY);
      c.res.headers.set("x-request-id", requestId);
      // nosniff, no framing, no Referer, and a CSP unless the route set its own (site/headers.ts).
      setSecurityHeaders(c.res.headers);
      // Directory data is CC-BY-4.0: every successful data answer says so (spec, introduction).
      if (c.res.status < 300 && (c.res.headers.get("content-type") ?? "").includes("json"))
        c.res.headers.append("link", LICENSE_LINK);
    }
    logRequest(deps.log, { requestId, method, path: c.req.path, status: c.res.status, startedMs: started });
  });
  app.onError(onError);
  app.notFound(
    (c) =>
      siteNotFound(deps, c) ??
      errorJson(
        c,
        // The path as the client sent it, shortened: a 15 KB path is not echoed back whole.
        new ApiError("not_found", `no route ${c.req.method} ${clip(c.req.path, 100)}; see /openapi.json`),
      ),
  );

  registerCreateListing(app, deps);
  registerListListings(app, deps);
  registerGetListing(app, deps);
  registerPatchListing(app, deps);
  registerDeleteListing(app, deps);
  registerCategories(app, deps);
  registerResolve(app, deps);
  registerDiscover(app, deps);
  registerHistory(app, deps);
  registerChanges(app, deps);
  registerStats(app, deps);
  registerVerdict(app, deps);
  registerPurchases(app, deps);
  registerVerifyNow(app, deps);
  registerReports(app, deps);
  registerState(app, deps);
  registerAttestations(app, deps);
  registerMethodology(app, deps);
  registerClaim(app, deps);
  registerDemandFeed(app, deps);
  registerDemandPaid(app, deps);
  const document = registerDocs(app, deps);
  registerSite(app, deps);
  if (deps.strictErrorDocs) errorDocs = strictErrorDocs(document, deps.log);
  return app;
}
