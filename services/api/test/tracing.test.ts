import { context, propagation, SpanKind, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { testPrefix } from "@tollgate/db/testing";
import { dropQueuePrefix } from "@tollgate/devnet";
import { createLimiter, createLogger, producer, worker, workerRedis } from "@tollgate/platform";
import { ingestSearch, searchLogProducer } from "@tollgate/registry";
import { jobCatalog } from "@tollgate/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// One trace from a discover request to the worker that stores its search: the api's producer and the
// demand aggregator's processor (ingestSearch) over real Redis and Postgres, spans kept in memory.
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const prefix = testPrefix("trace");
const redis = workerRedis("redis://127.0.0.1:6379");
const log = createLogger("trace-test", "silent");
const searchLog = producer(jobCatalog.searchLog, redis, prefix);
let t: TestApi;

beforeAll(async () => {
  provider.register();
  t = await startTestApi({
    discover: {
      logSearch: searchLogProducer(
        searchLog,
        "test-salt-123",
        log,
        createLimiter(redis, { prefix: `${prefix}:rl`, points: 100, durationS: 60 }),
      ),
    },
  });
});
afterAll(async () => {
  await searchLog.close();
  await dropQueuePrefix(prefix);
  redis.disconnect();
  await t.tdb.drop();
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
});

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("traces", () => {
  it("a discover request, the search-log job it queues and the ingest worker that stores it are one trace", async () => {
    expect((await t.req("POST", "/v1/listings", validListing())).status).toBe(201);
    const ingest = worker(
      jobCatalog.searchLog,
      async (search) => ({ stored: await ingestSearch(t.tdb.db, search) }),
      { connection: redis, prefix, log },
    );
    try {
      exporter.reset();
      expect((await t.req("GET", "/v1/discover?q=weather")).status).toBe(200);
      await until("the search is stored", async () => {
        const rows = await t.tdb.db.selectFrom("search_log").select("query").execute();
        return rows.some((r) => r.query === "weather");
      });
      await until("the worker span ended", () =>
        exporter.getFinishedSpans().some((s) => s.name === "process search-log"),
      );
      const spans = exporter.getFinishedSpans();
      const request = spans.find((s) => s.name === "GET /v1/discover");
      expect(request?.kind).toBe(SpanKind.SERVER);
      expect(request?.attributes["http.route"]).toBe("/v1/discover");
      const enqueue = spans.find((s) => s.name === "enqueue search-log")!;
      const processing = spans.find((s) => s.name === "process search-log")!;
      const traceId = request!.spanContext().traceId;
      expect(enqueue.spanContext().traceId).toBe(traceId);
      expect(processing.spanContext().traceId).toBe(traceId);
      expect(enqueue.parentSpanContext?.spanId).toBe(request!.spanContext().spanId);
      expect(processing.parentSpanContext?.spanId).toBe(enqueue.spanContext().spanId);
    } finally {
      await ingest.close();
    }
  });

  it("a listing route's span is named by its pattern, never by the id", async () => {
    exporter.reset();
    await t.req("GET", "/v1/listings/lst_00000000000000000000");
    const span = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER);
    expect(span?.name).toBe("GET /v1/listings/:id");
  });
});
