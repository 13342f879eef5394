import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { context, propagation, SpanKind, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { jobCatalog } from "@tollgate/schema";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueMetrics } from "../src/job-metrics.js";
import { producer, worker } from "../src/jobs.js";
import { createLogger } from "../src/logger.js";
import { createMetricsRegistry, httpRequestDuration, jobOutcomes } from "../src/metrics.js";
import { redisCheck, startOpsServer } from "../src/ops-server.js";
import { workerRedis } from "../src/redis.js";
import { contextFrom, serveObserved, tracer } from "../src/tracing.js";

// Real Redis under this file's own prefix; a closed port stands for a Redis that is away.
const prefix = `test_obs_${randomBytes(5).toString("hex")}`; // `${prefix}_trace` too
const redis = workerRedis("redis://127.0.0.1:6379");
const log = createLogger("obs-test", "silent");

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

beforeAll(async () => {
  provider.register();
  // The shared client connects in the background; readiness of the "ok" server must not race that connect
  // (it reads `redis <status>` until the client is ready, which failed once in CI under load).
  await redis.ping();
});

afterAll(async () => {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== "0");
  redis.disconnect();
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
});

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** One sample of a family in Prometheus text, by its labels (undefined: no such sample). */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe("ops server", () => {
  it("serves /metrics, /livez and /readyz; readiness names the dependency that is away", async () => {
    const away = new Redis({ port: await closedPort(), lazyConnect: true, maxRetriesPerRequest: 1 });
    away.on("error", () => undefined);
    away.connect().catch(() => undefined);
    const registry = createMetricsRegistry("obs-test");
    let draining = false;
    const ok = await startOpsServer({
      host: "127.0.0.1",
      port: 0,
      registry,
      checks: { redis: redisCheck(redis) },
      log,
      draining: () => draining,
    });
    const down = await startOpsServer({
      host: "127.0.0.1",
      port: 0,
      registry,
      checks: { redis: redisCheck(redis), away: redisCheck(away), postgres: () => new Promise(() => {}) },
      log,
      checkTimeoutMs: 1500,
    });
    try {
      expect((await fetch(`${ok.url}/livez`)).status).toBe(200);
      const ready = await fetch(`${ok.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true, checks: { redis: "ok" } });
      const metrics = await fetch(`${ok.url}/metrics`);
      expect(metrics.headers.get("content-type")).toContain("text/plain");
      expect(await metrics.text()).toContain('process_cpu_seconds_total{service="obs-test"}');

      const notReady = await fetch(`${down.url}/readyz`);
      expect(notReady.status).toBe(503);
      const body = (await notReady.json()) as { ready: boolean; checks: Record<string, string> };
      expect(body.ready).toBe(false);
      expect(body.checks.redis).toBe("ok");
      expect(body.checks.away).toMatch(/^redis (connecting|reconnecting|close|end)/);
      expect(body.checks.postgres).toBe("no answer within 1500 ms");
      expect((await fetch(`${down.url}/livez`)).status).toBe(200);

      draining = true;
      const drained = await fetch(`${ok.url}/readyz`);
      expect(drained.status).toBe(503);
      expect(((await drained.json()) as { draining?: boolean }).draining).toBe(true);
    } finally {
      await ok.close();
      await down.close();
      away.disconnect();
    }
  });
});

describe("queue metrics", () => {
  it("reports depth by state and the oldest waiting job's age, read on scrape", async () => {
    const registry = createMetricsRegistry("obs-test");
    const qm = queueMetrics(registry, {
      specs: [jobCatalog.probe, jobCatalog.purchase],
      connection: redis,
      prefix,
      log,
    });
    const probes = producer(jobCatalog.probe, redis, prefix);
    const purchases = producer(jobCatalog.purchase, redis, prefix);
    try {
      const empty = await registry.metrics();
      expect(sample(empty, "tollgate_queue_depth", { queue: "probe" })).toBe(0);
      expect(sample(empty, "tollgate_queue_oldest_waiting_age_seconds", { queue: "probe" })).toBe(0);

      const t0 = Date.now();
      await probes.add("probe", { listingId: "lst_old", slot: 1 }, { timestamp: t0 - 120_000 });
      await probes.add("probe", { listingId: "lst_new", slot: 1 });
      await purchases.add("purchase", { listingId: "lst_a", dueSince: "never" }, { priority: 5 });
      const text = await registry.metrics();
      expect(sample(text, "tollgate_queue_depth", { queue: "probe" })).toBe(2);
      expect(sample(text, "tollgate_queue_jobs", { queue: "probe", state: "waiting" })).toBe(2);
      const age = sample(text, "tollgate_queue_oldest_waiting_age_seconds", { queue: "probe" }) ?? 0;
      expect(age).toBeGreaterThanOrEqual(119);
      expect(age).toBeLessThan(200);
      // A job with a priority waits in the prioritized set: it counts as depth all the same.
      expect(sample(text, "tollgate_queue_depth", { queue: "purchase" })).toBe(1);
      expect(sample(text, "tollgate_queue_jobs", { queue: "purchase", state: "prioritized" })).toBe(1);
    } finally {
      await probes.close();
      await purchases.close();
      await qm.close();
    }
  });

  it("leaves the families empty when Redis does not answer in time (no stale values)", async () => {
    const away = workerRedis(`redis://127.0.0.1:${await closedPort()}`);
    away.on("error", () => undefined);
    const registry = createMetricsRegistry("obs-test");
    const qm = queueMetrics(registry, {
      specs: [jobCatalog.probe],
      connection: away,
      prefix,
      log,
      timeoutMs: 200,
    });
    try {
      const text = await registry.metrics();
      expect(text).toContain("# TYPE tollgate_queue_depth gauge");
      expect(sample(text, "tollgate_queue_depth", { queue: "probe" })).toBeUndefined();
    } finally {
      away.disconnect();
      await qm.close().catch(() => undefined);
    }
  });
});

describe("a served request (api and mcp)", () => {
  it("one server span named by route pattern, continuing only the parent it is given, and one latency sample", async () => {
    exporter.reset();
    const registry = createMetricsRegistry("obs-test");
    const latency = httpRequestDuration(registry);
    const parentTrace = "0af7651916cd43dd8448eb211c80319c";
    const traceparent = `00-${parentTrace}-b7ad6b7169203331-01`;
    const serve = (routePath: string, status: number, parent?: ReturnType<typeof contextFrom>) =>
      serveObserved(
        "GET",
        { parent, latency, startedMs: performance.now() },
        async () => undefined,
        () => ({ routePath, status }),
      );
    await serve("/v1/listings/:id", 200, contextFrom({ traceparent }));
    await serve("*", 404);
    await serve("/v1/stats", 503);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(["GET /v1/listings/:id", "GET unmatched", "GET /v1/stats"]);
    expect(spans.every((s) => s.kind === SpanKind.SERVER)).toBe(true);
    expect(spans[0]!.spanContext().traceId).toBe(parentTrace);
    expect(spans[1]!.spanContext().traceId).not.toBe(parentTrace);
    expect(spans.map((s) => s.status.code)).toEqual([0, 0, 2]);
    expect(spans[2]!.attributes["http.response.status_code"]).toBe(503);
    const text = await registry.metrics();
    expect(text).toMatch(/_count\{[^}]*method="GET",route="\/v1\/listings\/:id",status="200"\} 1\n/);
    expect(text).toMatch(/_count\{[^}]*route="unmatched",status="404"\} 1\n/);
    expect(text).not.toMatch(/route="\*"/);
  });
});

describe("traces across a queue", () => {
  it("a request span, the enqueue of its job and the worker that runs it are one trace", async () => {
    exporter.reset();
    const registry = createMetricsRegistry("obs-test");
    const traced = `${prefix}_trace`;
    const probes = producer(jobCatalog.probe, redis, traced);
    const seen: unknown[] = [];
    const w = worker(
      jobCatalog.probe,
      async (payload) => {
        seen.push(payload);
        tracer().startSpan("inside the processor").end();
        return { ok: true };
      },
      { connection: redis, prefix: traced, log, registry },
    );
    try {
      await tracer().startActiveSpan("GET /v1/discover", { kind: SpanKind.SERVER }, async (span) => {
        await probes.add("probe", { listingId: "lst_traced", slot: 7 });
        span.end();
      });
      await until("the job ran", () => seen.length === 1);
      await until("the worker span ended", () =>
        exporter.getFinishedSpans().some((s) => s.name === "process probe"),
      );
      const spans = exporter.getFinishedSpans();
      const byName = (n: string) => spans.find((s) => s.name === n)!;
      const request = byName("GET /v1/discover");
      const enqueue = byName("enqueue probe");
      const processing = byName("process probe");
      const inner = byName("inside the processor");
      const traceId = request.spanContext().traceId;
      for (const s of [enqueue, processing, inner]) expect(s.spanContext().traceId).toBe(traceId);
      expect(enqueue.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      expect(processing.parentSpanContext?.spanId).toBe(enqueue.spanContext().spanId);
      expect(inner.parentSpanContext?.spanId).toBe(processing.spanContext().spanId);
      expect(processing.kind).toBe(SpanKind.CONSUMER);
      // The carrier travels in the job data and the payload schema keeps it.
      expect((seen[0] as { trace?: Record<string, string> }).trace?.traceparent).toContain(traceId);
      await until("the completed job is counted", async () =>
        (await registry.metrics()).includes('tollgate_jobs_total{queue="probe",outcome="completed"'),
      );
      expect(jobOutcomes(registry)).toBeDefined();
    } finally {
      await w.close();
      await probes.close();
    }
  });
});
