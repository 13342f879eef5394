import { context, propagation, SpanKind, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../src/logger.js";
import { createMetricsRegistry, httpRequestDuration } from "../src/metrics.js";
import { logRequest } from "../src/request.js";
import { contextFrom, serveObserved, tracingLive } from "../src/tracing.js";

// Issue 17: what every request pays for its span and its log line, kept cheap without changing what they give.

function captured() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => lines.push(line) } };
}
const withoutTime = (line: string) => line.replace(/"time":"[^"]+"/, '"time":"T"');

afterEach(() => {
  vi.restoreAllMocks();
  trace.disable();
  propagation.disable();
  context.disable();
});

describe("the request log line", () => {
  it("is the line pino writes for the same fields, escapes included", () => {
    const { lines, stream } = captured();
    const log = createLogger("line-test", "info", stream);
    const path = '/v1/discover?q="a\\b"\u2028é\n';
    logRequest(log, {
      requestId: "req_0123",
      method: "GET",
      path,
      status: 200,
      startedMs: performance.now() - 1.26,
    });
    const ms = JSON.parse(lines[0]!).ms;
    expect(ms).toBeGreaterThan(1);
    log.info({ request_id: "req_0123", method: "GET", path, status: 200, ms }, "request");
    expect(lines).toHaveLength(2);
    expect(withoutTime(lines[0]!)).toBe(withoutTime(lines[1]!));
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, service: "line-test", name: "line-test", path });
  });

  it("is not written when info is off, and goes through a replaced info (a spy) as fields", () => {
    const quiet = captured();
    logRequest(createLogger("line-test", "warn", quiet.stream), {
      requestId: "req_0123",
      method: "GET",
      path: "/",
      status: 200,
      startedMs: performance.now(),
    });
    expect(quiet.lines).toEqual([]);
    const silenced = captured();
    const later = createLogger("line-test", "info", silenced.stream);
    later.level = "warn";
    logRequest(later, { requestId: "req_0123", method: "GET", path: "/", status: 200, startedMs: 0 });
    expect(silenced.lines).toEqual([]);
    const { lines, stream } = captured();
    const log = createLogger("line-test", "info", stream);
    const seen: unknown[] = [];
    log.info = ((fields: unknown, msg: string) => seen.push([fields, msg])) as unknown as typeof log.info;
    logRequest(log, {
      requestId: "req_0123",
      method: "GET",
      path: "/",
      status: 404,
      startedMs: performance.now(),
    });
    expect(lines).toEqual([]);
    expect(seen).toEqual([[expect.objectContaining({ request_id: "req_0123", status: 404 }), "request"]]);
  });
});

describe("the request span", () => {
  const served = () => ({ routePath: "/v1/listings/:id", status: 200 });
  const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

  it("is not started when no tracer provider is registered, unless a trace is continued; the latency sample always is", async () => {
    trace.disable();
    expect(tracingLive()).toBe(false);
    const registry = createMetricsRegistry("span-test");
    const latency = httpRequestDuration(registry);
    const getTracer = vi.spyOn(trace, "getTracer");
    await serveObserved("GET", { latency, startedMs: performance.now() }, async () => undefined, served);
    expect(getTracer).not.toHaveBeenCalled();
    await serveObserved(
      "GET",
      { parent: contextFrom({ traceparent }), latency, startedMs: performance.now() },
      async () => undefined,
      served,
    );
    expect(getTracer).toHaveBeenCalledTimes(1);
    expect(await registry.metrics()).toMatch(/_count\{[^}]*route="\/v1\/listings\/:id",status="200"\} 2\n/);
  });

  it("is made and exported once a tracer provider is registered", async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    provider.register();
    try {
      expect(tracingLive()).toBe(true);
      await serveObserved(
        "GET",
        { latency: null, startedMs: performance.now() },
        async () => undefined,
        served,
      );
      const spans = exporter.getFinishedSpans();
      expect(spans.map((s) => [s.name, s.kind])).toEqual([["GET /v1/listings/:id", SpanKind.SERVER]]);
    } finally {
      await provider.shutdown();
    }
  });
});
