import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createTestDatabase, type TestDatabase, testPrefix } from "@tollgate/db/testing";
import { createLimiter, createLogger, parseCidrList, producerRedis } from "@tollgate/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerFormat, buildMcpApp } from "../src/app.js";

// Clients other than the official SDK, over a real socket: plain HTTP clients that send Accept:
// application/json, */* or nothing get the JSON answer (the SDK transport alone answers them 406); a client
// that takes only server-sent events gets the answer as one event; older protocol versions are negotiated.
let tdb: TestDatabase;
let endpoint = "";
let close: () => void;
const redis = producerRedis("redis://127.0.0.1:6379");

beforeAll(async () => {
  tdb = await createTestDatabase();
  const app = buildMcpApp({
    db: tdb.db,
    log: createLogger("mcp-test", "silent"),
    serviceName: "tollgate",
    trustedProxies: parseCidrList("127.0.0.1"),
    limit: createLimiter(redis, { prefix: `${testPrefix("mcp")}:rl:mcp`, points: 1000, durationS: 60 }),
    discover: { logSearch: () => undefined },
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

const initialize = (protocolVersion: string) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "plain-http", version: "1" } },
});
const toolsList = { jsonrpc: "2.0", id: 2, method: "tools/list" };
const call = {
  jsonrpc: "2.0",
  id: 3,
  method: "tools/call",
  params: { name: "find_paid_service", arguments: { query: "weather forecast" } },
};
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();
const post = (body: unknown, headers: Record<string, string>) =>
  fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("MCP for clients other than the SDK", () => {
  it.each([
    ["application/json", { accept: "application/json" }],
    ["*/*", { accept: "*/*" }],
    ["application/*;q=0.9", { accept: "application/*;q=0.9" }],
    ["no Accept", {}],
    ["both, as the SDK sends", { accept: "application/json, text/event-stream" }],
  ])("Accept %s: initialize, tools/list and tools/call answer JSON", async (_, headers) => {
    const init = await post(initialize("2025-06-18"), headers);
    expect(init.status).toBe(200);
    expect(init.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await json(init)).result.protocolVersion).toBe("2025-06-18");
    const list = await post(toolsList, { ...headers, "mcp-protocol-version": "2025-06-18" });
    expect(list.status).toBe(200);
    expect((await json(list)).result.tools.map((t: { name: string }) => t.name)).toContain(
      "find_paid_service",
    );
    const found = await post(call, { ...headers, "mcp-protocol-version": "2025-06-18" });
    expect(found.status).toBe(200);
    const result = (await json(found)).result;
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(result.content[0].text)).toMatchObject({ count: 0, results: [] });
  });

  it("a client taking only text/event-stream gets the answer as the one event of the stream", async () => {
    const res = await post(toolsList, { accept: "text/event-stream" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const text = await res.text();
    expect(text).toMatch(/^event: message\ndata: \{.*\}\n\n$/);
    const message = JSON.parse(text.split("\n")[1]!.slice("data: ".length));
    expect(message).toMatchObject({ jsonrpc: "2.0", id: 2 });
    expect(message.result.tools.length).toBeGreaterThan(0);
  });

  it("a client taking neither JSON nor events gets 406 in the JSON-RPC error format, with a request id", async () => {
    for (const accept of ["text/html", "application/json;q=0, text/plain", "image/png"]) {
      const res = await post(toolsList, { accept });
      expect({ accept, status: res.status }).toEqual({ accept, status: 406 });
      const body = await json(res);
      expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
      expect(body.error.message).toMatch(/application\/json or text\/event-stream/);
      expect(body.error.data.request_id).toBe(res.headers.get("x-request-id"));
    }
  });

  it("older protocol versions are answered in their own version; an unknown one gets the newest", async () => {
    for (const v of ["2024-11-05", "2025-03-26", "2025-06-18"]) {
      const res = await post(initialize(v), { accept: "application/json" });
      expect((await json(res)).result.protocolVersion).toBe(v);
    }
    const future = await json(await post(initialize("2099-01-01"), { accept: "application/json" }));
    expect(future.result.protocolVersion).toMatch(/^20\d\d-\d\d-\d\d$/);
    expect(future.result.protocolVersion).not.toBe("2099-01-01");
  });

  it("notifications are accepted with 202 and no body, whatever the Accept", async () => {
    for (const accept of [undefined, "application/json"]) {
      const res = await post(
        { jsonrpc: "2.0", method: "notifications/initialized" },
        accept ? { accept } : {},
      );
      expect(res.status).toBe(202);
      expect(await res.text()).toBe("");
    }
  });
});

describe("MCP from a page on another origin", () => {
  it("a preflight is 204 allowing POST and the MCP headers; the answer is readable by the page", async () => {
    const pre = await fetch(endpoint, {
      method: "OPTIONS",
      headers: {
        origin: "https://agent.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, mcp-protocol-version",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-methods")).toContain("POST");
    expect(pre.headers.get("access-control-allow-headers")).toContain("mcp-protocol-version");
    const res = await post(toolsList, { origin: "https://agent.example", accept: "application/json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toContain("x-request-id");
    // Without an Origin, no CORS headers.
    const plain = await post(toolsList, { accept: "application/json" });
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("answerFormat", () => {
  it.each([
    [undefined, "json"],
    ["", "json"],
    ["application/json", "json"],
    ["Application/JSON; charset=utf-8", "json"],
    ["*/*;q=0.1", "json"],
    ["text/event-stream", "sse"],
    ["text/*", "sse"],
    ["application/json;q=0, text/event-stream", "sse"],
    ["text/html", null],
    ["application/json;q=0", null],
  ] as const)("%j → %s", (accept, expected) => {
    expect(answerFormat(accept)).toBe(expected);
  });
});
