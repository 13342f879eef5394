import {
  contextFrom,
  httpRequestDuration,
  logRequest,
  peerFacts,
  requestIdFor,
  type Span,
  SpanStatusCode,
} from "@tollgate/platform";
import type { AppDeps } from "./deps.js";

/** A request header by (lower-case) name, as one string (repeated headers joined with ", "). */
export type HeaderOf = (name: string) => string | undefined;

/**
 * What every request gets wherever it is answered (the request middleware, or an early answer beneath Hono):
 * who asks (a trusted proxy or not, the request id), its span's parent, and at the end the span's name and
 * attributes, one latency sample by route pattern and one log line.
 */
export function requestObserver(deps: AppDeps) {
  const latency = deps.metrics ? httpRequestDuration(deps.metrics) : null;
  const peers = peerFacts(deps.trustedProxies);
  return {
    /** The socket peer's facts and the request id (`x-request-id` believed only from a trusted proxy). */
    asker(peer: string | undefined, header: HeaderOf) {
      const { trusted, address } = peers(peer);
      return { trusted, address, requestId: requestIdFor(header("x-request-id"), trusted) };
    },
    /** The span's parent: a trace is continued only from a trusted proxy, like the request id. */
    parent: (trusted: boolean, header: HeaderOf) =>
      trusted ? contextFrom({ traceparent: header("traceparent") }) : contextFrom(undefined),
    /** End the request's span and take its latency sample. */
    finish(span: Span, r: { method: string; route: string; status: number; startedMs: number }) {
      span.updateName(`${r.method} ${r.route}`);
      span.setAttributes({ "http.route": r.route, "http.response.status_code": r.status });
      if (r.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      latency?.observe(
        { method: r.method, route: r.route, status: r.status },
        (performance.now() - r.startedMs) / 1000,
      );
    },
    log(r: { requestId: string; method: string; path: string; status: number; startedMs: number }) {
      logRequest(deps.log, r);
    },
  };
}

export type RequestObserver = ReturnType<typeof requestObserver>;
