import type { IncomingMessage } from "node:http";
import { SpanKind, tracer } from "@tollgate/platform";
import { wholeHeaders } from "./answer.js";
import type { AppDeps } from "./deps.js";
import type { HeaderOf, RequestObserver } from "./observe.js";
import { detailAnswer, detailCacheControl, detailLoader } from "./routes/listings/get.js";

/** Exactly the paths Hono routes to GET /v1/listings/:id with a well-formed id (no percent-escapes to decode). */
const DETAIL_PATH = /^\/v1\/listings\/(lst_[0-9a-f]{20})$/;
const ROUTE = "/v1/listings/:id";

type Bindings = { incoming?: IncomingMessage; server?: { incoming?: IncomingMessage } } | undefined;

/**
 * Kept listing details answered before Hono dispatches (issue 17): what Hono's context, router and handler
 * chain cost was most of what a cached read still cost. Served only when the answer is in memory, for GET,
 * once the request is read in full; the answer is the route's own (`detailAnswer`, `wholeHeaders`) and the
 * request gets what the request middleware gives every request (`RequestObserver`: request id, span, latency
 * sample under the route's pattern, log line). Anything else returns null and goes through Hono.
 */
export function earlyAnswers(
  deps: AppDeps,
  observer: RequestObserver,
): ((req: Request, env: unknown) => Response | null) | null {
  const cache = deps.listingCache;
  if (!cache) return null;
  const cacheControl = detailCacheControl(deps);
  return (req, env) => {
    const startedMs = performance.now();
    if (req.method !== "GET") return null;
    const url = req.url;
    const pathAt = url.indexOf("/", url.indexOf("//") + 2);
    const queryAt = url.indexOf("?", pathAt);
    const path = queryAt < 0 ? url.slice(pathAt) : url.slice(pathAt, queryAt);
    const id = DETAIL_PATH.exec(path)?.[1];
    if (id === undefined) return null;
    const bindings = env as Bindings;
    const incoming = bindings?.server?.incoming ?? bindings?.incoming;
    // A body still arriving gets `Connection: close` from the middleware: left to it.
    if (incoming && !incoming.complete) return null;
    const kept = cache.hit(id, detailLoader(deps, id));
    if (!kept) return null;
    const header: HeaderOf = incoming
      ? (name) => {
          const v = incoming.headers[name];
          return Array.isArray(v) ? v.join(", ") : v;
        }
      : (name) => req.headers.get(name) ?? undefined;
    const { trusted, requestId } = observer.asker(incoming?.socket.remoteAddress, header);
    const span = tracer().startSpan(
      "GET",
      { kind: SpanKind.SERVER, attributes: { "http.request.method": "GET" } },
      observer.parent(trusted, header),
    );
    const d = detailAnswer(kept, cacheControl, header("if-none-match"));
    const res = new Response(d.body, {
      status: d.status,
      headers: wholeHeaders(d.status, d.headers, requestId),
    });
    observer.finish(span, { method: "GET", route: ROUTE, status: d.status, startedMs });
    observer.log({ requestId, method: "GET", path, status: d.status, startedMs });
    return res;
  };
}
