import {
  type Context,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";

/** The tracer every Tollgate span comes from. Without an SDK started its spans are no-ops. */
export const tracer = (): Tracer => trace.getTracer("tollgate");

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
