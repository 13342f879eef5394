import { createServer } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createDb, type Db } from "@tollgate/db";
import { createTestDatabase, type TestDatabase, testPrefix } from "@tollgate/db/testing";
import { ADMIN_URL } from "@tollgate/db/testing/shared";
import { createLimiter, createLogger, producerRedis } from "@tollgate/platform";
import { createListing, validateSubmission } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMcpApp } from "../src/app.js";

const redis = producerRedis("redis://127.0.0.1:6379");
const servers: ReturnType<typeof serve>[] = [];
const clients: Client[] = [];

/** The tool server on a real port over `db`, and the official MCP client connected to it. */
async function connectTo(db: Db): Promise<Client> {
  const deps = {
    db,
    log: createLogger("mcp-test", "silent"),
    serviceName: "tollgate",
    trustedProxies: [],
    limit: createLimiter(redis, { prefix: `${testPrefix("mcp")}:rl:mcp`, points: 600, durationS: 60 }),
    discover: {},
    demand: { kFloor: 3, paidTierLive: false, delayHours: 0 },
  };
  const server = serve({ fetch: buildMcpApp(deps).fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  servers.push(server);
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const port = (server.address() as { port: number }).port;
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  clients.push(client);
  return client;
}

const text = (r: unknown) => JSON.stringify((r as { content?: unknown }).content ?? "");

let tdb: TestDatabase;
let client: Client;
let weatherId: string;
beforeAll(async () => {
  tdb = await createTestDatabase();
  const policy = { checkHost: async () => ({ ok: true as const }) };
  for (const [path, name, category] of [
    ["weather", "Weather forecast", "data.weather"],
    ["stocks", "Stock quotes", "data.finance"],
  ] as const) {
    const prepared = await validateSubmission(
      tdb.db,
      {
        name,
        description: `${name} paid per call`,
        endpoint_url: `https://args.example.com/${path}`,
        category,
        price_amount: 0.01,
      },
      policy,
    );
    const { id } = await createListing(tdb.db, prepared);
    if (path === "weather") weatherId = id;
  }
  client = await connectTo(tdb.db);
});
afterAll(async () => {
  for (const c of clients) await c.close();
  for (const s of servers) s.close();
  redis.disconnect();
  await tdb.drop();
});

describe("tool arguments are checked by name", () => {
  it("an unknown argument is a tool error naming the accepted ones, not a search for everything", async () => {
    const res = await client.callTool({ name: "find_paid_service", arguments: { need: "weather" } });
    expect(res.isError).toBe(true);
    expect(res.structuredContent).toBeUndefined();
    expect(text(res)).toMatch(/unknown argument\(s\) need/);
    expect(text(res)).toMatch(/accepts: query, category, max_price, min_score, limit/);
  });

  it.each([
    ["get_service_details", { id: "lst_00000000000000000000", ids: ["x"] }, /ids.*accepts: id/],
    [
      "resolve_endpoint",
      { url: "https://args.example.com/weather", endpoint: "x" },
      /endpoint.*accepts: url/,
    ],
    ["what_agents_are_asking_for", { limit: 5, page: 2 }, /page.*accepts: limit, offset/],
    ["find_paid_service", { query: "weather", constructor: "x" }, /constructor.*accepts: query/],
  ])("%s refuses %j", async (name, args, message) => {
    const res = await client.callTool({ name, arguments: args });
    expect(res.isError).toBe(true);
    expect(text(res)).toMatch(message);
  });

  it("the listed input schemas say no other properties, and the known arguments still work", async () => {
    const { tools } = await client.listTools();
    for (const t of tools)
      expect({ [t.name]: t.inputSchema.additionalProperties }).toEqual({ [t.name]: false });
    const found = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather forecast" },
    });
    expect(found.isError).toBeFalsy();
    expect((found.structuredContent as { results: { id: string }[] }).results[0]!.id).toBe(weatherId);
    const detail = await client.callTool({ name: "get_service_details", arguments: { id: weatherId } });
    expect((detail.structuredContent as { id: string }).id).toBe(weatherId);
  });

  it("an argument sent as null is taken as not given (function-calling stacks send every optional field)", async () => {
    const nulls = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather forecast", category: null, max_price: null, min_score: null, limit: null },
    });
    expect(nulls.isError).toBeFalsy();
    const plain = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather forecast" },
    });
    expect(nulls.structuredContent).toEqual(plain.structuredContent);
    const page = await client.callTool({
      name: "what_agents_are_asking_for",
      arguments: { limit: null, offset: null },
    });
    expect(page.isError).toBeFalsy();
    // A required one stays missing, refused by name; a wrong non-null value is still refused.
    const missing = await client.callTool({ name: "get_service_details", arguments: { id: null } });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/id/);
    const wrong = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather", limit: "ten" },
    });
    expect(wrong.isError).toBe(true);
  });

  it("a malformed id is not_found, never a database error", async () => {
    const res = await client.callTool({ name: "get_service_details", arguments: { id: "lst_\u0000" } });
    expect(res.isError).toBe(true);
    expect(text(res)).toMatch(/not_found/);
  });
});

describe("while the registry's database is unreachable", () => {
  let down: Db;
  beforeAll(async () => {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    const url = new URL(ADMIN_URL);
    url.hostname = "127.0.0.1";
    url.port = String((s.address() as { port: number }).port);
    await new Promise((r) => s.close(r));
    down = createDb(url.toString(), { max: 1 });
  });
  afterAll(() => down.destroy());

  it("every tool answers a tool error saying to retry, with no internals", async () => {
    const c = await connectTo(down);
    for (const [name, args] of [
      ["find_paid_service", { query: "weather" }],
      ["get_service_details", { id: "lst_00000000000000000000" }],
      ["resolve_endpoint", { url: "https://args.example.com/weather" }],
      ["what_agents_are_asking_for", {}],
    ] as const) {
      const res = await c.callTool({ name, arguments: args });
      expect({ name, isError: res.isError }).toEqual({ name, isError: true });
      expect(text(res)).toMatch(/service_unavailable: the registry is temporarily unavailable.*retry/);
      expect(text(res)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    }
  });
});
