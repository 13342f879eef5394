import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createTestDatabase, type TestDatabase, testPrefix } from "@tollgate/db/testing";
import { createLimiter, createLogger, parseCidrList, producerRedis } from "@tollgate/platform";
import type { SearchEvent } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMcpApp } from "../src/app.js";

// Issue 10 items 4 and 10 on the tool server, against a real socket behind a trusted loopback proxy and
// the real Redis limiter: per-/64 throttling, no batches, the category checked before the demand log.
const PER_MINUTE = 6;
let tdb: TestDatabase;
let endpoint = "";
let close: () => void;
const logged: SearchEvent[] = [];
const redis = producerRedis("redis://127.0.0.1:6379");

beforeAll(async () => {
  tdb = await createTestDatabase();
  const app = buildMcpApp({
    db: tdb.db,
    log: createLogger("mcp-test", "silent"),
    serviceName: "tollgate",
    trustedProxies: parseCidrList("127.0.0.1"),
    limit: createLimiter(redis, { prefix: `${testPrefix("mcp")}:rl:mcp`, points: PER_MINUTE, durationS: 60 }),
    discover: { logSearch: (e) => logged.push(e) },
    demand: { kFloor: 3, paidTierLive: false, delayHours: 0 },
  });
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  redis.disconnect();
  await tdb.drop();
});

const initialize = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});
const search = (id: number, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "find_paid_service", arguments: args },
});
const post = (body: unknown, xff: string) =>
  fetch(endpoint, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      "x-forwarded-for": xff,
    },
    body: JSON.stringify(body),
  });

async function agent(xff: string) {
  const client = new Client({ name: "agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { "x-forwarded-for": xff } },
    }),
  );
  return client;
}

describe("POST /mcp rate limit, per client /64", () => {
  it("rotating the left-most X-Forwarded-For entry does not escape; 429 carries Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE + 2; i++)
      statuses.push((await post(initialize(i), `6.6.6.${i}, 198.51.100.30`)).status);
    expect(statuses.slice(0, PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(PER_MINUTE)).toEqual([429, 429]);
    const over = await post(initialize(99), "198.51.100.30");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await over.json()) as { error: { code: number; message: string; data: unknown } };
    expect(body.error.data).toMatchObject({ error: "rate_limited" });
    // The same request id in the error's data and in the header.
    expect(over.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{24}$/);
    expect((body.error.data as { request_id: string }).request_id).toBe(over.headers.get("x-request-id"));
    expect(body.error.message).toMatch(/retry after \d+ s/);
    expect((await post(initialize(100), "198.51.100.31")).status).toBe(200);
  });

  it("IPv6 clients are counted per /64", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= PER_MINUTE + 1; i++)
      statuses.push((await post(initialize(i), `2001:db8:cc:dd::${i}`)).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await post(initialize(1), "2001:db8:cc:de::1")).status).toBe(200);
  });
});

describe("POST /mcp batches", () => {
  it("an array body is refused with a JSON-RPC error and runs nothing", async () => {
    const before = logged.length;
    const res = await post(
      [search(1, { query: "weather" }), search(2, { query: "weather" }), search(3, { query: "weather" })],
      "198.51.100.40",
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: number; message: string; data: { request_id: string } };
    };
    expect(body.error.code).toBe(-32600);
    expect(body.error.data.request_id).toBe(res.headers.get("x-request-id"));
    expect(body.error.message).toMatch(/batches are not accepted/);
    expect((await post([initialize(1)], "198.51.100.40")).status).toBe(400);
    expect(logged.length).toBe(before);
  });
});

describe("find_paid_service: category against the taxonomy, client address for the demand log", () => {
  it("an unknown category is a validation_failed tool error naming GET /v1/categories, not logged", async () => {
    const client = await agent("6.6.6.6, 198.51.100.50");
    const before = logged.length;
    const bad = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather", category: "acme internal payroll" },
    });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/validation_failed.*GET \/v1\/categories/);
    expect(logged.length).toBe(before);
    const good = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather", category: "data.weather" },
    });
    expect(good.isError).toBeFalsy();
    expect(logged.slice(before)).toMatchObject([{ category: "data.weather", clientIp: "198.51.100.50" }]);
    await client.close();
  });
});
