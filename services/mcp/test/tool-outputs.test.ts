import { randomUUID } from "node:crypto";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createTestDatabase, type TestDatabase, testPrefix } from "@tollgate/db/testing";
import { createLimiter, createLogger, producerRedis } from "@tollgate/platform";
import { createListing, ingestSearch, validateSubmission } from "@tollgate/registry";
import { DemandFeed, DiscoverResult, ListingDetail, Resolution, z } from "@tollgate/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMcpApp } from "../src/app.js";

// One schema source: each tool declares and answers the REST schema of its twin route, so an agent and a
// REST client read the same shape. Checked over streamable HTTP with the official MCP client.
const redis = producerRedis("redis://127.0.0.1:6379");
let tdb: TestDatabase;
let server: ReturnType<typeof serve>;
let client: Client;
let listingId: string;

const TOOLS = [
  ["find_paid_service", DiscoverResult, () => ({ query: "weather forecast" })],
  ["get_service_details", ListingDetail, () => ({ id: listingId })],
  ["resolve_endpoint", Resolution, () => ({ url: "https://outputs.example.com/weather" })],
  ["what_agents_are_asking_for", DemandFeed, () => ({ limit: 5 })],
] as const;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const prepared = await validateSubmission(
    tdb.db,
    {
      name: "Weather forecast",
      description: "Hourly weather forecast paid per call",
      endpoint_url: "https://outputs.example.com/weather",
      category: "data.weather",
      price_amount: 0.01,
    },
    { checkHost: async () => ({ ok: true as const }) },
  );
  listingId = (await createListing(tdb.db, prepared)).id;
  for (const c of ["c1", "c2", "c3"])
    await ingestSearch(tdb.db, {
      eventId: randomUUID(),
      at: new Date(Date.now() - 60_000).toISOString(),
      source: "mcp",
      query: "hourly weather forecast",
      category: null,
      clientHash: c,
      resultIds: [],
      params: {},
    });
  const app = buildMcpApp({
    db: tdb.db,
    log: createLogger("mcp-test", "silent"),
    serviceName: "tollgate",
    trustedProxies: [],
    limit: createLimiter(redis, { prefix: `${testPrefix("mcp")}:rl:mcp`, points: 600, durationS: 60 }),
    discover: {},
    demand: { kFloor: 3, paidTierLive: false, delayHours: 0 },
  });
  server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  client = new Client({ name: "mcp-test", version: "1.0.0" });
  const port = (server.address() as { port: number }).port;
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
});
afterAll(async () => {
  await client.close();
  server.close();
  redis.disconnect();
  await tdb.drop();
});

describe("MCP tool outputs are the REST schemas", () => {
  it.each(TOOLS)("%s answers what its REST schema parses, field for field", async (name, schema, args) => {
    const res = await client.callTool({ name, arguments: args() });
    expect(res.isError).toBeFalsy();
    const out = res.structuredContent as Record<string, unknown>;
    expect(schema.parse(out)).toEqual(out);
    expect(JSON.parse((res.content as { text: string }[])[0]!.text)).toEqual(out);
  });

  it("the listed output schemas are the REST schemas' fields", async () => {
    const { tools } = await client.listTools();
    for (const [name, schema] of TOOLS) {
      const listed = tools.find((t) => t.name === name)?.outputSchema;
      const rest = z.toJSONSchema(schema, { io: "output" }) as { properties: object; required: string[] };
      expect(Object.keys(listed?.properties ?? {}).sort(), name).toEqual(Object.keys(rest.properties).sort());
      expect([...(listed?.required ?? [])].sort(), name).toEqual([...rest.required].sort());
    }
  });

  it("every tool is listed read-only, idempotent, not destructive and closed-world (MCP tool annotations)", async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBe(TOOLS.length);
    for (const t of tools)
      expect({ name: t.name, ...t.annotations }).toMatchObject({
        name: t.name,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
  });

  it("the data are not empty: a hit, a detail, a match and a published need", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field
    const out: any[] = [];
    for (const [name, , args] of TOOLS)
      out.push((await client.callTool({ name, arguments: args() })).structuredContent);
    const [found, detail, resolved, feed] = out;
    expect(found.results[0].id).toBe(listingId);
    expect(detail.id).toBe(listingId);
    expect(resolved.match).toBe("active");
    expect(feed.top_needs[0].need).toBe("hourly weather forecast");
  });
});
