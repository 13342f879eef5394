import {
  type Context,
  context,
  ProxyTracerProvider,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";

/** The tracer every Tollgate span comes from. Without an SDK started its spans are no-ops. */
export const tracer = (): Tracer => trace.getTracer("tollgate");

/** The provider the API answers with while no SDK is registered (every span it gives is a no-op). */
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();

/**
 * Whether spans go anywhere: a tracer provider is registered (by `startTracing`, or a test's own). Without one
 * every span is a non-recording no-op, and a request's span would only cost its time.
 */
export function tracingLive(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NOOP_PROVIDER;
}

/** W3C trace context as it travels in job data (`traceparent`, `tracestate`). */
export type TraceCarrier = Record<string, string>;

/** The current trace context as a carrier, or undefined when there is no sampled span to continue. */
export function currentTraceCarrier(ctx: Context = context.active()): TraceCarrier | undefined {
  if (!trace.getSpanContext(ctx)) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(ctx, carrier);
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

/** The context a carrier (job data, request headers) names, on top of the active one. */
export const contextFrom = (carrier: Record<string, string | undefined> | undefined): Context =>
  carrier ? propagation.extract(context.active(), carrier) : context.active();

/** Run `fn` inside a span that ends with it; a throw marks the span as an error and is rethrown. */
export async function inSpan<T>(
  name: string,
  opts: {
    kind?: SpanKind;
    attributes?: Record<string, string | number | boolean>;
    parent?: Context;
    /** Whether a throw is an error (default: every throw); e.g. a job moved back to delayed is not. */
    isError?: (err: unknown) => boolean;
  },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(
    name,
    { kind: opts.kind ?? SpanKind.INTERNAL, ...(opts.attributes ? { attributes: opts.attributes } : {}) },
    opts.parent ?? context.active(),
    async (span) => {
      try {
        return await fn(span);
      } catch (err) {
        if (opts.isError && !opts.isError(err)) throw err;
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: String((err as Error)?.message ?? err) });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

export { SpanKind, SpanStatusCode };

/** What `serveObserved` learns once the request was handled: its route pattern (router's) and status. */
export interface ServedRequest {
  /** The route pattern that matched, as the router gives it ("*" or "/*": none did). */
  routePath: string;
  status: number;
}

/** The latency histogram's shape (`httpRequestDuration`), so this module needs no metrics import. */
interface LatencySamples {
  observe(labels: { method: string; route: string; status: number }, seconds: number): void;
}

/**
 * One server span and one latency sample around an HTTP request (api and mcp alike). The span continues
 * `parent` only when the caller says whose context it is (a trusted proxy's traceparent); it is named and
 * labelled by route pattern, never the raw path, once routing is known, and marked an error on a 5xx.
 * The span is made only when it can go somewhere (`tracingLive`) or a caller continues a trace (`parent`):
 * without either it would be a no-op, and its machinery cost ~10% of a cached read's CPU (issue 17).
 */
export async function serveObserved(
  method: string,
  o: { parent?: Context; latency: LatencySamples | null; startedMs: number },
  handle: () => Promise<void>,
  served: () => ServedRequest,
): Promise<void> {
  if (o.parent === undefined && !tracingLive()) {
    try {
      await handle();
    } finally {
      if (o.latency) {
        const { routePath, status } = served();
        const route = routePath === "*" || routePath === "/*" ? "unmatched" : routePath;
        o.latency.observe({ method, route, status }, (performance.now() - o.startedMs) / 1000);
      }
    }
    return;
  }
  await tracer().startActiveSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { "http.request.method": method } },
    o.parent ?? context.active(),
    async (span) => {
      try {
        await handle();
      } finally {
        const { routePath, status } = served();
        const route = routePath === "*" || routePath === "/*" ? "unmatched" : routePath;
        span.updateName(`${method} ${route}`);
        span.setAttributes({ "http.route": route, "http.response.status_code": status });
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        o.latency?.observe({ method, route, status }, (performance.now() - o.startedMs) / 1000);
      }
    },
  );
}
