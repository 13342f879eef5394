import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { context, propagation, SpanKind, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { createLogger, createMetricsRegistry, parseCidrList } from "@tollgate/platform";
import type { SearchEvent } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LICENSE_LINK } from "../src/answer.js";
import { DiscoverCache, ListingCache } from "../src/cache.js";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// Issue 17: cached reads are answered before the route's validation (detail: a well-formed id; discover: a
// query text validated before whose answer is kept). Pinned here, behind a real socket (the answers take
// @hono/node-server's plain-header path): the same status, headers and body as the route's own answer, 304,
// a change seen at once, the discover limit and the demand log applied to answers from memory.
const DISCOVER_PER_MINUTE = 4;
let t: TestApi;
let listings: ListingCache;
let kept: DiscoverCache<SearchEvent>;
const logged: SearchEvent[] = [];
let base = "";
let close: () => void;
let id = "";
// Spans, latency samples and request log lines, to compare a hit's with a load's.
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const metrics = createMetricsRegistry("cached-reads-test");
const requestLines: Record<string, unknown>[] = [];
const log = createLogger("cached-reads-test", "info");
log.info = ((fields: Record<string, unknown>, msg?: string) => {
  if (msg === "request") requestLines.push(fields);
}) as typeof log.info;

async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
/** Status, every header but those that differ per answer (date, request id), and the body. */
async function seen(res: Response) {
  const headers = Object.fromEntries(res.headers);
  expect(headers["x-request-id"]).toMatch(/^req_[0-9a-f]{24}$/);
  delete headers.date;
  delete headers["x-request-id"];
  return { status: res.status, headers, body: await res.text() };
}
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

beforeAll(async () => {
  provider.register();
  t = await startTestApi({
    log,
    metrics,
    trustedProxies: parseCidrList("127.0.0.1"),
    limits: { discoverPerMinute: DISCOVER_PER_MINUTE },
    discover: { logSearch: (e) => logged.push(e) },
    listingCache: (url) => {
      listings = new ListingCache({ ttlMs: 60_000, max: 100 }).follow(url);
      return listings;
    },
    discoverCache: (lc) => {
      kept = new DiscoverCache<SearchEvent>(lc, { ttlMs: 60_000, max: 100, isIndexed: () => false });
      return { cache: kept, matcherState: () => "off" };
    },
  });
  await until("the LISTEN connection", () => listings.live);
  id = (await (await t.req("POST", "/v1/listings", validListing())).json()).id;
  await until("the creation's notification", () => listings.stats.invalidations > 0);
  const server = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await listings?.close();
  await t.tdb.drop();
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
});

describe("GET /v1/listings/{id} from memory", () => {
  it("a hit answers the same status, headers and body as the load before it", async () => {
    const misses = listings.stats.misses;
    const first = await seen(await get(`/v1/listings/${id}`));
    expect(listings.stats.misses).toBe(misses + 1);
    const hits = listings.stats.hits;
    const again = await seen(await get(`/v1/listings/${id}`));
    expect(listings.stats.hits).toBe(hits + 1);
    expect(again).toEqual(first);
    expect(first.status).toBe(200);
    expect(Object.keys(first.headers).sort()).toEqual([
      "cache-control",
      "connection",
      "content-length",
      "content-type",
      "etag",
      "keep-alive",
      "link",
      "vary",
      "x-content-type-options",
    ]);
    expect(first.headers).toMatchObject({
      "content-type": "application/json",
      "cache-control": "public, max-age=60",
      link: LICENSE_LINK,
    });
    expect(JSON.parse(first.body).id).toBe(id);
  });

  it("a hit gets the span, latency sample and log line of a load", async () => {
    listings.invalidate(id);
    const observed = async () => {
      exporter.reset();
      const lines = requestLines.length;
      const res = await get(`/v1/listings/${id}`, {
        traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
      });
      await res.text();
      const span = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)!;
      const line = requestLines.slice(lines).at(-1)!;
      expect(line.request_id).toBe(res.headers.get("x-request-id"));
      return {
        span: { name: span.name, attributes: span.attributes, trace: span.spanContext().traceId },
        line: { method: line.method, path: line.path, status: line.status },
      };
    };
    const count = async () =>
      Number(
        (await metrics.metrics())
          .split("\n")
          .find(
            (l) =>
              l.startsWith("tollgate_http_request_duration_seconds_count{") &&
              l.includes('route="/v1/listings/:id"') &&
              l.includes('status="200"'),
          )
          ?.split(" ")
          .pop() ?? 0,
      );
    const before = await count();
    const hits = listings.stats.hits;
    const viaRoute = await observed(); // a miss: loaded
    const hit = await observed(); // a hit: from memory
    expect(listings.stats.hits).toBe(hits + 1);
    expect(hit).toEqual(viaRoute);
    expect(hit.span.name).toBe("GET /v1/listings/:id");
    expect(hit.span.attributes).toMatchObject({
      "http.route": "/v1/listings/:id",
      "http.response.status_code": 200,
    });
    // The trace of a trusted proxy is continued, as on the route.
    expect(hit.span.trace).toBe("0af7651916cd43dd8448eb211c80319c");
    expect(hit.line).toEqual({ method: "GET", path: `/v1/listings/${id}`, status: 200 });
    expect(await count()).toBe(before + 2);
  });

  it("If-None-Match: 304 with no body and no licence link; HEAD: the GET's headers without the body", async () => {
    const etag = (await get(`/v1/listings/${id}`)).headers.get("etag")!;
    const notModified = await seen(await get(`/v1/listings/${id}`, { "if-none-match": `"x", ${etag}` }));
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe("");
    expect(notModified.headers).toMatchObject({ etag, "cache-control": "public, max-age=60" });
    expect(notModified.headers.link).toBeUndefined();
    const head = await seen(await fetch(`${base}/v1/listings/${id}`, { method: "HEAD" }));
    const full = await seen(await get(`/v1/listings/${id}`));
    expect(head.body).toBe("");
    // Node closes a HEAD answer without a length (as before the fast path): the rest is the GET's.
    for (const h of ["connection", "content-length", "keep-alive"]) {
      delete head.headers[h];
      delete full.headers[h];
    }
    expect(head.headers).toEqual(full.headers);
  });

  it("the request id of a trusted proxy is echoed on a hit, as on any answer", async () => {
    await get(`/v1/listings/${id}`);
    const res = await get(`/v1/listings/${id}`, { "x-request-id": "edge-0123456789" });
    expect(res.headers.get("x-request-id")).toBe("edge-0123456789");
  });

  it("a change is seen by the first read after its notification", async () => {
    await get(`/v1/listings/${id}`);
    const before = listings.stats.invalidations;
    await t.tdb.db.updateTable("listings").set({ name: "Renamed" }).where("id", "=", id).execute();
    await until("the notification", () => listings.stats.invalidations > before);
    expect(JSON.parse(await (await get(`/v1/listings/${id}`)).text()).name).toBe("Renamed");
  });

  it("a malformed id still meets the route's validation (404), an unknown well-formed one 404 too", async () => {
    const bad = await get("/v1/listings/LST_X");
    expect(bad.status).toBe(404);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^no such listing: /);
    const unknown = await get("/v1/listings/lst_00000000000000000000");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe("not_found");
  });

  it("other answers still get the request id and the licence link from the middleware", async () => {
    const res = await get("/v1/categories");
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.get("link")).toBe(LICENSE_LINK);
  });
});

describe("GET /v1/discover from memory", () => {
  // Each case searches as its own client behind the trusted proxy, so the per-client limit starts at 0.
  const ask = (client: string, query = "q=weather") =>
    get(`/v1/discover?${query}`, { "x-forwarded-for": client });

  it("a repeated search answers the same status, headers and body as the search that computed it", async () => {
    const first = await seen(await ask("198.51.100.1"));
    const hits = kept.stats.hits;
    const again = await seen(await ask("198.51.100.1"));
    expect(kept.stats.hits).toBe(hits + 1);
    expect(again).toEqual(first);
    expect(first.headers).toMatchObject({ "content-type": "application/json", link: LICENSE_LINK });
    expect(first.headers.etag).toBeUndefined();
  });

  it("answers from memory count against the client's limit and are logged for demand, a 429 is not", async () => {
    const client = "198.51.100.2";
    const n = logged.length;
    const statuses: number[] = [];
    for (let i = 0; i < DISCOVER_PER_MINUTE + 2; i++) statuses.push((await ask(client, "q=weather")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const over = await ask(client, "q=weather");
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await over.json()) as { error: string }).error).toBe("rate_limited");
    const mine = logged.slice(n);
    expect(mine).toHaveLength(DISCOVER_PER_MINUTE);
    expect(mine.every((e) => e.clientIp === client && e.query === "weather")).toBe(true);
    // Another client is not affected.
    expect((await ask("198.51.100.3")).status).toBe(200);
  });

  it("another text of the same need is validated by the route first, then answered from memory", async () => {
    await ask("198.51.100.4", "q=weather");
    const hits = kept.stats.hits;
    const n = logged.length;
    expect((await ask("198.51.100.4", "q=%20weather%20&limit=10")).status).toBe(200);
    expect((await ask("198.51.100.4", "q=%20weather%20&limit=10")).status).toBe(200);
    expect(kept.stats.hits).toBe(hits + 2);
    expect(logged.slice(n).map((e) => e.query)).toEqual(["weather", "weather"]);
    // An invalid query is refused each time, however often a valid one was answered.
    for (let i = 0; i < 2; i++)
      expect(
        ((await (await ask("198.51.100.4", "q=weather&bogus=1")).json()) as { error: string }).error,
      ).toBe("unknown_query_parameter");
  });

  it("concurrent identical searches share one computation, each logged as its own search", async () => {
    const n = logged.length;
    const clients = ["198.51.100.11", "198.51.100.12", "198.51.100.13"];
    const answers = await Promise.all(clients.map((ip) => ask(ip, "q=forecast%20paris")));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(
      logged
        .slice(n)
        .map((e) => e.clientIp)
        .sort(),
    ).toEqual(clients);
  });

  it("a computation in flight is shared until a change: a search after it computes anew", async () => {
    let runs = 0;
    const slow = (v: string) => async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 50));
      return { v };
    };
    const first = kept.compute("k", slow("before"));
    const joined = kept.compute("k", slow("unused"));
    listings.invalidate("lst_ffffffffffffffffffff");
    const after = kept.compute("k", slow("after"));
    expect(await first).toEqual({ v: "before", joined: false });
    expect(await joined).toEqual({ v: "before", joined: true });
    expect(await after).toEqual({ v: "after", joined: false });
    expect(runs).toBe(2);
  });

  it("a change drops the answer at once: the next search computes it again", async () => {
    await ask("198.51.100.5");
    const before = listings.stats.invalidations;
    await t.tdb.db.updateTable("listings").set({ price_amount: 0.0421 }).where("id", "=", id).execute();
    await until("the notification", () => listings.stats.invalidations > before);
    const body = (await (await ask("198.51.100.5")).json()) as { results: { price_amount: number }[] };
    expect(body.results[0]?.price_amount).toBe(0.0421);
  });
});

describe("listing loads", () => {
  let cache: ListingCache;
  beforeAll(async () => {
    cache = new ListingCache({ ttlMs: 2000, max: 10 }).follow(t.tdb.url);
    await until("its LISTEN connection", () => cache.live);
  });
  afterAll(() => cache.close());
  const slowLoad =
    (counter: { n: number }, body: string, ms = 50) =>
    async () => {
      counter.n++;
      await new Promise((r) => setTimeout(r, ms));
      return body;
    };

  it("concurrent requests for one id share one load", async () => {
    const loads = { n: 0 };
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer("lst_a", slowLoad(loads, "a"))));
    expect(loads.n).toBe(1);
    expect(answers.map((a) => a.body)).toEqual(["a", "a", "a"]);
  });

  it("a request after a change never joins a load started before it", async () => {
    const loads = { n: 0 };
    const before = cache.answer("lst_b", slowLoad(loads, "old"));
    cache.invalidate("lst_b");
    const after = await cache.answer("lst_b", slowLoad(loads, "new"));
    expect(loads.n).toBe(2);
    expect(after.body).toBe("new");
    expect((await before).body).toBe("old");
    // The load that straddled the change is not kept; the later one is.
    expect(cache.get("lst_b")?.body).toBe("new");
  });

  it("a hit late in its life is served and renewed behind the request, never served past the TTL", async () => {
    const loads = { n: 0 };
    const first = await cache.answer("lst_c", slowLoad(loads, "v1", 0));
    await new Promise((r) => setTimeout(r, 1700)); // past 80% of the 2 s TTL
    const late = cache.hit("lst_c", slowLoad(loads, "v2", 0));
    expect(late).toBe(first);
    await until("the renewal", () => cache.get("lst_c")?.body === "v2");
    expect(loads.n).toBe(2);
    expect(cache.get("lst_c")!.at).toBeGreaterThan(first.at);
    expect(cache.get("lst_c", Date.now() + 2001)).toBeNull();
  });
});
