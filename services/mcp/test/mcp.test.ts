import { randomUUID } from "node:crypto";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createTestDatabase, type TestDatabase, testPrefix } from "@tollgate/db/testing";
import { createLimiter, createLogger, producerRedis } from "@tollgate/platform";
import {
  createListing,
  demandFeed,
  ingestSearch,
  type SearchEvent,
  validateSubmission,
} from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMcpApp } from "../src/app.js";

let tdb: TestDatabase;
let server: ReturnType<typeof serve>;
let endpoint: string;
let client: Client;
const logged: SearchEvent[] = [];
let weatherId: string;
const demand = { kFloor: 3, paidTierLive: false, delayHours: 0 };
const redis = producerRedis("redis://127.0.0.1:6379");

beforeAll(async () => {
  tdb = await createTestDatabase();
  const policy = { checkHost: async () => ({ ok: true as const }) };
  const add = async (
    path: string,
    name: string,
    category: string,
    price: number,
    status: string,
    score: number,
  ) => {
    const prepared = await validateSubmission(
      tdb.db,
      {
        name,
        description: `${name} paid per call`,
        endpoint_url: `https://mcp.example.com/${path}`,
        category,
        price_amount: price,
      },
      policy,
    );
    const { id } = await createListing(tdb.db, prepared);
    await tdb.db.updateTable("listings").set({ status, score }).where("id", "=", id).execute();
    return id;
  };
  weatherId = await add("weather", "Weather forecast", "data.weather", 0.01, "verified", 0.9);
  await add("weather2", "Cheap weather forecast", "data.weather", 0.001, "unverified", 0.5);
  await add("stocks", "Stock quotes", "data.finance", 0.02, "verified", 0.95);
  const app = buildMcpApp({
    db: tdb.db,
    log: createLogger("mcp-test", "silent"),
    serviceName: "tollgate",
    trustedProxies: [],
    limit: createLimiter(redis, { prefix: `${testPrefix("mcp")}:rl:mcp`, points: 600, durationS: 60 }),
    discover: { logSearch: (e) => logged.push(e) },
    demand,
  });
  server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  const addr = server.address() as { port: number };
  endpoint = `http://127.0.0.1:${addr.port}/mcp`;
  client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
});
afterAll(async () => {
  await client.close();
  server.close();
  redis.disconnect();
  await tdb.drop();
});

describe("MCP tool server over streamable HTTP", () => {
  it("lists the tools with input and output schemas", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "find_paid_service",
        "get_service_details",
        "resolve_endpoint",
        "what_agents_are_asking_for",
      ]),
    );
    const find = tools.find((t) => t.name === "find_paid_service")!;
    expect(Object.keys(find.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["query", "category", "max_price", "min_score", "limit"]),
    );
    expect(find.outputSchema).toBeDefined();
  });

  it("find_paid_service returns discover's data and order, and is logged as an MCP search", async () => {
    const res = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather forecast" },
    });
    const data = res.structuredContent as { count: number; results: { id: string; name: string }[] };
    expect(data.results[0]!.id).toBe(weatherId);
    expect(data.results.map((r) => r.name)).toEqual(["Weather forecast", "Cheap weather forecast"]);
    const cat = await client.callTool({
      name: "find_paid_service",
      arguments: { category: "data.finance", limit: 5 },
    });
    expect((cat.structuredContent as { count: number }).count).toBe(1);
    expect(logged.filter((e) => e.source === "mcp").map((e) => e.query)).toContain("weather forecast");
  });

  it("get_service_details and resolve_endpoint return the REST records", async () => {
    const detail = await client.callTool({ name: "get_service_details", arguments: { id: weatherId } });
    expect((detail.structuredContent as { id: string; endpoint_canonical: string }).endpoint_canonical).toBe(
      "https://mcp.example.com/weather",
    );
    const resolved = await client.callTool({
      name: "resolve_endpoint",
      arguments: { url: "https://mcp.example.com/weather/" },
    });
    expect(resolved.structuredContent).toMatchObject({ match: "active", detail: { id: weatherId } });
    const none = await client.callTool({
      name: "resolve_endpoint",
      arguments: { url: "https://nope.example.com/" },
    });
    expect(none.structuredContent).toEqual({ match: "not_listed", detail: null });
  });

  it("bad arguments and unknown ids are tool errors with a clear message, never a crash", async () => {
    const unknown = await client.callTool({
      name: "get_service_details",
      arguments: { id: "lst_00000000000000000000" },
    });
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toMatch(/not_found/);
    const badLimit = await client
      .callTool({ name: "find_paid_service", arguments: { limit: 500 } })
      .catch((e) => e);
    const text = JSON.stringify(badLimit);
    expect(text).toMatch(/limit/);
    const badUrl = await client.callTool({ name: "resolve_endpoint", arguments: { url: "not a url" } });
    expect(badUrl.isError).toBe(true);
    // still serving afterwards
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it("what_agents_are_asking_for is the free demand feed under its privacy floor", async () => {
    const ask = (query: string, client: string) =>
      ingestSearch(tdb.db, {
        eventId: randomUUID(),
        at: new Date(Date.now() - 60_000).toISOString(),
        source: "mcp",
        query,
        category: null,
        clientHash: client,
        resultIds: [],
        params: {},
      });
    for (const c of ["c1", "c2", "c3"]) await ask("ocr for scanned invoices", c);
    for (const c of ["c1", "c2"]) await ask("private term two clients", c);
    const res = await client.callTool({ name: "what_agents_are_asking_for", arguments: { limit: 5 } });
    expect(res.isError).toBeFalsy();
    const feed = res.structuredContent as { top_needs: { need: string }[]; k_anonymity_floor: number };
    expect(feed.k_anonymity_floor).toBe(3);
    expect(feed.top_needs.map((n) => n.need)).toEqual(["ocr for scanned invoices"]);
    expect(JSON.stringify(res)).not.toContain("private term");
    const twin = await demandFeed(tdb.db, { ...demand, limit: 5, offset: 0 });
    const pick = (f: typeof twin) => [f.top_needs, f.withheld, f.total_queries, f.next_offset, f.delay_hours];
    expect(pick(feed as unknown as typeof twin)).toEqual(pick(twin));
    const bad = await client
      .callTool({ name: "what_agents_are_asking_for", arguments: { limit: 0 } })
      .catch((e) => e);
    expect(JSON.stringify(bad)).toMatch(/limit/);
  });

  it("malformed params of tools/call and initialize are -32602 invalid params, never -32603 internal error", async () => {
    const post = async (message: unknown) => {
      const res = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify(message),
      });
      const body = (await res.json()) as {
        id?: unknown;
        error: { code: number; message: string };
        result: { structuredContent: { id: string } };
      };
      return { status: res.status, body };
    };
    const call = (params: unknown) => ({ jsonrpc: "2.0", id: 7, method: "tools/call", params });
    for (const message of [
      call({ name: "find_paid_service", arguments: null }),
      call({ name: "get_service_details", arguments: "lst_00000000000000000000" }),
      call({ name: "resolve_endpoint", arguments: [] }),
      call({ name: 5, arguments: {} }),
      call(null),
      { jsonrpc: "2.0", id: 7, method: "initialize", params: {} },
      { jsonrpc: "2.0", id: 7, method: "initialize", params: { protocolVersion: 5, capabilities: null } },
    ]) {
      const { body } = await post(message);
      expect(body.id).toBe(7);
      expect(body.error.code).toBe(-32602);
      expect(body.error.message).toMatch(/^Invalid params: (tools\/call|initialize) takes/);
    }
    // Well-formed ones still reach the tools.
    const ok = await post(call({ name: "get_service_details", arguments: { id: weatherId } }));
    expect(ok.body.result.structuredContent.id).toBe(weatherId);
  });

  it("GET and DELETE answer 405", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(endpoint, { method, headers: { accept: "text/event-stream" } });
      expect(res.status).toBe(405);
    }
  });
});
