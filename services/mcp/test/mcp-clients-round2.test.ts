import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { testPrefix } from "@tollgate/db/testing";
import { createLimiter, createLogger, parseCidrList, producerRedis } from "@tollgate/platform";
import {
  createListing,
  delistListing,
  ingestSearch,
  type SearchEvent,
  validateSubmission,
} from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveTestApi, startTestApi, type TestApi } from "../../api/test/helpers.js";
import { answerFormat, buildMcpApp, MAX_BATCH } from "../src/app.js";

// Third-party MCP clients and hostile MCP traffic, round 2 (round 1: mcp-clients, mcp-attacks, mcp-limits,
// tool-arguments, tool-outputs). What real clients do on the wire, answered as the streamable HTTP transport
// of the negotiated protocol version says: 2025-03-26 batches (a client that sends no MCP-Protocol-Version
// is 2025-03-26), the version header checked before anything else, JSON-RPC's own error codes, pagination
// cursors, capabilities not advertised, Accept q-values, stale session ids. The tools are checked against the
// declared output schemas with ajv (the validator clients use) and against the REST API over real HTTP.
const redis = producerRedis("redis://127.0.0.1:6379");
const logged: SearchEvent[] = [];
let api: TestApi;
let restBase = "";
let endpoint = "";
const closers: (() => unknown)[] = [];
const ids: Record<string, string> = {};

/** The tool server on a real port over the REST API's database; `points` requests per client per minute. */
async function mcpServer(points: number, prefix: string): Promise<string> {
  const app = buildMcpApp({
    db: api.tdb.db,
    log: createLogger("mcp-test", "silent"),
    serviceName: "tollgate",
    trustedProxies: parseCidrList("127.0.0.1"),
    limit: createLimiter(redis, { prefix: `${testPrefix("mcp")}:rl:${prefix}`, points, durationS: 60 }),
    discover: { logSearch: (e) => logged.push(e) },
    demand: { kFloor: 3, paidTierLive: false, delayHours: 0 },
  });
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

beforeAll(async () => {
  api = await startTestApi();
  const served = await serveTestApi(api);
  restBase = served.base;
  closers.push(() => served.server.close());
  const policy = { checkHost: async () => ({ ok: true as const }) };
  const add = async (
    key: string,
    over: { name: string } & Record<string, unknown>,
    status: string,
    score: number,
  ) => {
    const prepared = await validateSubmission(
      api.tdb.db,
      {
        description: "paid per call",
        endpoint_url: `https://${key}.round2.example.com/api`,
        category: "data.weather",
        price_amount: 0.01,
        ...over,
      },
      policy,
    );
    const { id } = await createListing(api.tdb.db, prepared);
    await api.tdb.db.updateTable("listings").set({ status, score }).where("id", "=", id).execute();
    ids[key] = id;
  };
  await add(
    "forecast",
    { name: "Weather forecast", description: "Hourly weather forecast" },
    "verified",
    0.9,
  );
  await add(
    "cheap",
    { name: "Cheap weather forecast", description: "Daily weather forecast", price_amount: 0.001 },
    "unverified",
    0.5,
  );
  await add(
    "tokyo",
    {
      name: "天気予報 Tokyo ☔ weather",
      description: "Tōkyō weather forecast, ｆｕｌｌ width and RTL \u202e text",
    },
    "verified",
    0.95,
  );
  await add(
    "stocks",
    { name: "Stock quotes", category: "data.finance", price_amount: 0.02 },
    "verified",
    0.8,
  );
  // Delisted through the verb the REST DELETE uses: unknown to both the tool and the route.
  await add("gone", { name: "Gone weather", description: "Delisted weather" }, "verified", 0.99);
  await delistListing(api.tdb.db, ids.gone!);
  // One published need (three distinct searchers, the floor).
  for (const client of ["c1", "c2", "c3"])
    await ingestSearch(api.tdb.db, {
      eventId: randomUUID(),
      at: new Date(Date.now() - 60_000).toISOString(),
      source: "mcp",
      query: "hourly weather forecast for paris",
      category: null,
      clientHash: client,
      resultIds: [],
      params: {},
    });
  endpoint = await mcpServer(10_000, "round2");
});
afterAll(async () => {
  for (const close of closers) await close();
  redis.disconnect();
  await api.tdb.drop();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are asserted field by field
type Body = any;
let clientNo = 0;
/** Each call is its own client behind the trusted loopback proxy, unless `x-forwarded-for` is given. */
async function post(
  body: unknown,
  headers: Record<string, string | undefined> = {},
  url = endpoint,
): Promise<{ status: number; headers: Headers; text: string; body: Body }> {
  const h = Object.fromEntries(
    Object.entries({
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-forwarded-for": `198.18.${Math.floor(clientNo / 250) % 250}.${clientNo++ % 250}`,
      ...headers,
    }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  const res = await fetch(url, {
    method: "POST",
    headers: h,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Body = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null; // server-sent events
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}
const V = (v: string) => ({ "mcp-protocol-version": v });
const rpc = (id: unknown, method: string, params?: unknown) => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
const note = (method: string, params?: unknown) => ({
  jsonrpc: "2.0",
  method,
  ...(params ? { params } : {}),
});
const callTool = (id: unknown, name: string, args?: unknown, extra: Record<string, unknown> = {}) =>
  rpc(id, "tools/call", { name, ...(args === undefined ? {} : { arguments: args }), ...extra });
const initialize = (id: unknown, protocolVersion: string) =>
  rpc(id, "initialize", {
    protocolVersion,
    capabilities: {},
    clientInfo: { name: "third-party", version: "0.1" },
  });
const events = (text: string) =>
  text
    .split("\n\n")
    .filter((e) => e.trim() !== "")
    .map((e) => {
      const lines = e.split("\n");
      expect(lines[0]).toBe("event: message");
      return JSON.parse(lines[1]!.replace(/^data: /, ""));
    });

describe("the endpoint's spelling", () => {
  it("POST /mcp/ (a base URL with its trailing slash) is /mcp; other paths stay 404", async () => {
    const slash = await post(rpc(1, "tools/list"), V("2025-06-18"), `${endpoint}/`);
    expect(slash.status).toBe(200);
    expect(slash.body.result.tools.map((t: { name: string }) => t.name)).toContain("find_paid_service");
    const get = await fetch(`${endpoint}/`);
    expect(get.status).toBe(405);
    const other = await post(rpc(1, "tools/list"), V("2025-06-18"), `${endpoint}//`);
    expect(other.status).toBe(404);
  });
});

describe("JSON-RPC batches: as the negotiated protocol version says", () => {
  it.each([
    ["no MCP-Protocol-Version (assumed 2025-03-26)", {}],
    ["2025-03-26", V("2025-03-26")],
    ["2024-11-05", V("2024-11-05")],
  ])("%s: every request answered in one array, notifications and responses unanswered", async (_, h) => {
    const before = logged.length;
    const alone = await post(rpc(1, "tools/list"), h);
    const r = await post(
      [
        rpc(1, "tools/list"),
        note("notifications/initialized"),
        rpc("two", "ping"),
        { jsonrpc: "2.0", id: 77, result: {} },
        callTool(3, "find_paid_service", { query: "weather forecast" }),
        callTool(4, "get_service_details", { id: "lst_00000000000000000000" }),
      ],
      h,
    );
    expect([r.status, r.headers.get("content-type")]).toEqual([200, "application/json"]);
    expect(r.body.map((m: Body) => m.id)).toEqual([1, "two", 3, 4]);
    expect(r.body[0]).toEqual(alone.body);
    expect(r.body[1]).toEqual({ jsonrpc: "2.0", id: "two", result: {} });
    expect(r.body[2].result.structuredContent.results[0].id).toBe(ids.tokyo);
    expect(r.body[3].result).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^not_found/) }],
    });
    // One search ran, logged as an MCP search.
    expect(logged.slice(before).map((e) => [e.source, e.query])).toEqual([["mcp", "weather forecast"]]);
  });

  it("a batch of notifications and responses only is 202 with no body", async () => {
    const r = await post(
      [
        note("notifications/initialized"),
        note("notifications/cancelled", { requestId: 1 }),
        { jsonrpc: "2.0", id: 5, result: {} },
      ],
      V("2025-03-26"),
    );
    expect([r.status, r.text]).toEqual([202, ""]);
  });

  it("a notification is never answered in a batch, even one that could not be accepted", async () => {
    const before = logged.length;
    const r = await post(
      [
        note("notifications/cancelled", "x" as unknown as object),
        JSON.parse('{"jsonrpc":"2.0","method":"notifications/progress","params":{"__proto__":{"a":1}}}'),
        note("tools/call", { name: "find_paid_service", arguments: { query: "weather" } }),
        rpc(1, "ping"),
      ],
      V("2025-03-26"),
    );
    expect([r.status, r.body]).toEqual([200, [{ jsonrpc: "2.0", id: 1, result: {} }]]);
    expect(logged.length).toBe(before);
  });

  it("an invalid member is its own -32600 error beside the others' answers; initialize may not be batched", async () => {
    const r = await post(
      [
        1,
        rpc(null, "ping"),
        rpc(2, "ping"),
        { jsonrpc: "2.0", id: 3, method: 7 },
        initialize(4, "2025-03-26"),
      ],
      V("2025-03-26"),
    );
    expect(r.status).toBe(200);
    expect(r.body.map((m: Body) => [m.id, m.error?.code ?? "ok"])).toEqual([
      [null, -32600],
      [null, -32600],
      [2, "ok"],
      [3, -32600],
      [4, -32600],
    ]);
    expect(r.body[4].error.message).toMatch(/initialize must not be part of a JSON-RPC batch/);
  });

  it("an empty batch and one over the size cap are -32600 and run nothing", async () => {
    const before = logged.length;
    const empty = await post([], V("2025-03-26"));
    expect([empty.status, empty.body.error.code, empty.body.id]).toEqual([400, -32600, null]);
    const big = await post(
      Array.from({ length: MAX_BATCH + 1 }, (_, i) => callTool(i, "find_paid_service", { query: "weather" })),
      V("2025-03-26"),
    );
    expect([big.status, big.body.error.code]).toEqual([400, -32600]);
    expect(big.body.error.message).toMatch(`at most ${MAX_BATCH} messages`);
    expect(logged.length).toBe(before);
  });

  it.each(["2025-06-18", "2025-11-25"])("MCP %s has no batches: 400 -32600 and nothing runs", async (v) => {
    const before = logged.length;
    const r = await post([callTool(1, "find_paid_service", { query: "weather" }), rpc(2, "ping")], V(v));
    expect([r.status, r.body.id, r.body.error.code]).toEqual([400, null, -32600]);
    expect(r.body.error.message).toMatch(new RegExp(`not accepted in MCP ${v}`));
    expect(logged.length).toBe(before);
  });

  it("a client taking only server-sent events gets one event per answer of the batch", async () => {
    const r = await post([rpc(1, "ping"), note("notifications/initialized"), rpc(2, "tools/list")], {
      accept: "text/event-stream",
      ...V("2025-03-26"),
    });
    expect([r.status, r.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
    expect(events(r.text).map((m) => m.id)).toEqual([1, 2]);
  });

  it("each member counts against the rate limit: a batch costs what its requests would", async () => {
    const limited = await mcpServer(5, "round2-batch");
    const from = { "x-forwarded-for": "198.51.100.77", ...V("2025-03-26") };
    const four = await post([rpc(1, "ping"), rpc(2, "ping"), rpc(3, "ping"), rpc(4, "ping")], from, limited);
    expect(four.status).toBe(200);
    expect((await post(rpc(5, "ping"), from, limited)).status).toBe(200);
    const over = await post(rpc(6, "ping"), from, limited);
    expect([over.status, over.body.error.data.error]).toEqual([429, "rate_limited"]);
    // A batch larger than what is left is refused whole, nothing run.
    const before = logged.length;
    const other = { "x-forwarded-for": "198.51.100.78", ...V("2025-03-26") };
    const six = await post(
      Array.from({ length: 6 }, (_, i) => callTool(i, "find_paid_service", { query: "weather" })),
      other,
      limited,
    );
    expect([six.status, six.headers.get("retry-after") !== null]).toEqual([429, true]);
    expect(logged.length).toBe(before);
  });
});

describe("MCP-Protocol-Version", () => {
  it("each supported version is answered; a request without the header is answered as 2025-03-26", async () => {
    for (const v of ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]) {
      const r = await post(rpc(1, "tools/list"), V(v));
      expect([v, r.status, r.body.result.tools.length]).toEqual([v, 200, 4]);
    }
    const bare = await post(callTool(1, "get_service_details", { id: ids.forecast }), {});
    expect(bare.body.result.structuredContent.id).toBe(ids.forecast);
  });

  it("an unsupported or garbage version is 400 before anything else is looked at, even bad params", async () => {
    const before = logged.length;
    for (const v of ["", "garbage", "2025-06-18, 2025-03-26", "2099-01-01", "2025-6-18", "1"]) {
      for (const message of [
        rpc(1, "tools/list"),
        callTool(2, "find_paid_service", { query: "weather" }),
        callTool(3, "find_paid_service", null),
        rpc(4, "tools/list", { cursor: 5 }),
        note("notifications/initialized"),
      ]) {
        const r = await post(message, V(v));
        expect([v, message.method, r.status, r.body?.error?.code]).toEqual([v, message.method, 400, -32000]);
        expect(r.body.error.message).toMatch(/Unsupported protocol version/);
      }
    }
    expect(logged.length).toBe(before);
    // initialize negotiates: a header beside it changes nothing.
    const init = await post(initialize(1, "2025-06-18"), V("garbage"));
    expect(init.body.result.protocolVersion).toBe("2025-06-18");
  });

  it("Accept and Content-Type are the request's, checked before a message's params", async () => {
    const bad = callTool(1, "find_paid_service", null);
    const plain = await post(bad, { "content-type": "text/plain", ...V("2025-06-18") });
    expect([plain.status, plain.body.error.code]).toEqual([415, -32000]);
    const html = await post(bad, { accept: "text/html", ...V("2025-06-18") });
    expect([html.status, html.body.error.code]).toEqual([406, -32000]);
  });
});

describe("Accept, by the most specific range (RFC 9110 q-values)", () => {
  it.each([
    ["application/json;q=0, */*", "sse"],
    ["application/*;q=0, */*", "sse"],
    ["application/*;q=0, application/json", "json"],
    ["text/event-stream;q=0, */*", "json"],
    ["*/*;q=0", null],
    ["application/json;q=0, text/event-stream;q=0, */*", null],
    ["application/json;q=0.001", "json"],
    ["application/json;q=0.000, text/*;q=0.5", "sse"],
    ["text/event-stream;q=1, application/json;q=0.1", "json"],
    ["application/json, text/event-stream", "json"],
  ] as const)("%j → %s", (accept, expected) => {
    expect(answerFormat(accept)).toBe(expected);
  });

  it("over HTTP: JSON refused beside a wildcard gets the event stream, not JSON", async () => {
    const r = await post(rpc(1, "ping"), { accept: "application/json;q=0, */*", ...V("2025-06-18") });
    expect([r.status, r.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
    expect(events(r.text)).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);
    const none = await post(rpc(1, "ping"), { accept: "*/*;q=0", ...V("2025-06-18") });
    expect(none.status).toBe(406);
  });
});

describe("a client that thinks it has a session, on a stateless server", () => {
  it("Mcp-Session-Id on every kind of message changes no answer and is never echoed; GET/HEAD/DELETE (and PUT/PATCH) are 405 with Allow: POST", async () => {
    const session = { "mcp-session-id": "6f1c0e2a-7b0d-4c53-9a0a-2f3b1d5e9c11", ...V("2025-06-18") };
    const init = await post(initialize(1, "2025-06-18"), { "mcp-session-id": "stale" });
    expect([init.status, init.headers.get("mcp-session-id")]).toEqual([200, null]);
    const ack = await post(note("notifications/initialized"), session);
    expect([ack.status, ack.text]).toEqual([202, ""]);
    const withSession = await post(callTool(2, "find_paid_service", { query: "stock quotes" }), session);
    const without = await post(callTool(2, "find_paid_service", { query: "stock quotes" }), V("2025-06-18"));
    expect([withSession.status, withSession.headers.get("mcp-session-id")]).toEqual([200, null]);
    expect(withSession.body).toEqual(without.body);
    for (const method of ["GET", "HEAD", "DELETE", "PUT", "PATCH"]) {
      const res = await fetch(endpoint, {
        method,
        headers: { accept: "text/event-stream", "last-event-id": "1", ...session },
      });
      expect([method, res.status, res.headers.get("allow")]).toEqual([method, 405, "POST"]);
      expect(res.headers.get("content-type")).not.toMatch(/event-stream/);
      await res.body?.cancel();
    }
  });
});

describe("notifications: 202 and no body when accepted, an HTTP error when not", () => {
  it("the request-only checks (params, cursor, unknown tool) never answer a notification", async () => {
    const before = logged.length;
    for (const message of [
      note("tools/call", { name: "no_such_tool", arguments: {} }),
      note("tools/call", { name: "find_paid_service", arguments: null }),
      note("tools/list", { cursor: "bogus" }),
      note("notifications/initialized", { _meta: { progressToken: 1 } }),
      note("notifications/roots/list_changed"),
    ]) {
      const r = await post(message, V("2025-06-18"));
      expect([message.method, r.status, r.text]).toEqual([message.method, 202, ""]);
    }
    expect(logged.length).toBe(before);
  });

  it("a notification that cannot be accepted is 400 with an id-less JSON-RPC error, never a 200 answer", async () => {
    for (const body of [
      note("notifications/cancelled", "x" as unknown as object),
      { jsonrpc: "2.0", method: "notifications/initialized", params: [] },
      note("notifications/initialized", { _meta: 5 }),
      '{"jsonrpc":"2.0","method":"notifications/initialized","params":{"__proto__":{}}}',
    ]) {
      const r = await post(body, V("2025-06-18"));
      expect([r.status, r.body.id, r.body.error.code]).toEqual([400, null, -32602]);
    }
  });
});

describe("protocol methods other than the tools", () => {
  it("ping answers {} with the id it was given, whatever its valid type", async () => {
    for (const id of ["abc", "", 0, -1, 42, Number.MAX_SAFE_INTEGER]) {
      const r = await post(rpc(id, "ping", { _meta: { progressToken: "p" } }), V("2025-06-18"));
      expect(r.body).toEqual({ jsonrpc: "2.0", id, result: {} });
    }
    const bad = await post(rpc(1, "ping", { _meta: 5 }), V("2025-06-18"));
    expect([bad.status, bad.body.id, bad.body.error.code]).toEqual([200, 1, -32602]);
  });

  it("ids MCP forbids (null, fractional, boolean, object) are -32600 invalid request, not a parse error", async () => {
    for (const id of [null, 1.5, true, { a: 1 }, 2 ** 53 + 2]) {
      const r = await post(rpc(id, "ping"), V("2025-06-18"));
      expect([JSON.stringify(id), r.status, r.body.id, r.body.error.code]).toEqual([
        JSON.stringify(id),
        400,
        null,
        -32600,
      ]);
    }
    // An invalid message whose id is valid hears that id back.
    const r = await post({ jsonrpc: "2.0", id: 9, method: 7 }, V("2025-06-18"));
    expect([r.status, r.body.id, r.body.error.code]).toEqual([400, 9, -32600]);
    const v1 = await post({ jsonrpc: "1.0", id: "x", method: "ping" }, V("2025-06-18"));
    expect([v1.body.id, v1.body.error.code]).toEqual(["x", -32600]);
  });

  it("tools/list has one page: no nextCursor, and any cursor is -32602, never the first page again", async () => {
    const first = await post(rpc(1, "tools/list", { _meta: { progressToken: 1 } }), V("2025-06-18"));
    expect(first.body.result.nextCursor).toBeUndefined();
    expect(first.body.result.tools.map((t: { name: string }) => t.name).sort()).toEqual([
      "find_paid_service",
      "get_service_details",
      "resolve_endpoint",
      "what_agents_are_asking_for",
    ]);
    for (const cursor of ["bogus", "", "eyJwYWdlIjoyfQ==", "0", null, 5, {}]) {
      const r = await post(rpc(2, "tools/list", { cursor }), V("2025-06-18"));
      expect([JSON.stringify(cursor), r.status, r.body.id, r.body.error?.code]).toEqual([
        JSON.stringify(cursor),
        200,
        2,
        -32602,
      ]);
      expect(r.body.error.message).not.toMatch(/invalid_type|\[/);
    }
  });

  it("capabilities not advertised answer -32601; initialize advertises tools only", async () => {
    const init = await post(initialize(1, "2025-06-18"), {});
    expect(Object.keys(init.body.result.capabilities)).toEqual(["tools"]);
    for (const [method, params] of [
      ["resources/list", {}],
      ["resources/templates/list", {}],
      ["prompts/list", { cursor: "x" }],
      ["prompts/get", { name: "x" }],
      ["logging/setLevel", { level: "debug" }],
      [
        "completion/complete",
        { ref: { type: "ref/prompt", name: "x" }, argument: { name: "a", value: "b" } },
      ],
      ["sampling/createMessage", {}],
    ] as const) {
      const r = await post(rpc(3, method, params), V("2025-06-18"));
      expect([method, r.status, r.body.id, r.body.error?.code]).toEqual([method, 200, 3, -32601]);
    }
  });
});

describe("tool calls as third-party clients send them", () => {
  it("an unknown tool is a JSON-RPC error -32602 naming the tools, not an isError result; nothing runs", async () => {
    const before = logged.length;
    for (const name of ["find_paid_services", "hasOwnProperty", "", "x".repeat(5000)]) {
      const r = await post(callTool("u", name, { query: "weather" }), V("2025-06-18"));
      expect([r.status, r.body.id, r.body.result, r.body.error?.code]).toEqual([200, "u", undefined, -32602]);
      expect(r.body.error.message).toMatch(/^Unknown tool: ".*"; the tools are find_paid_service, /);
      expect(r.body.error.message.length).toBeLessThan(300);
    }
    // In a 2025-03-26 batch, the unknown one is an error beside the known one's result.
    const batch = await post(
      [
        callTool(1, "nope", {}),
        callTool(2, "resolve_endpoint", { url: "https://forecast.round2.example.com/api" }),
      ],
      V("2025-03-26"),
    );
    expect(batch.body.map((m: Body) => [m.id, m.error?.code ?? m.result.structuredContent.match])).toEqual([
      [1, -32602],
      [2, "active"],
    ]);
    expect(logged.length).toBe(before);
  });

  it("_meta with a progressToken, extra params fields and absent arguments are accepted", async () => {
    const withMeta = await post(
      callTool(
        1,
        "find_paid_service",
        { query: "stock quotes" },
        { _meta: { progressToken: "tok-1" }, extra: true },
      ),
      V("2025-06-18"),
    );
    expect(withMeta.body.result.structuredContent.results.map((l: { id: string }) => l.id)).toEqual([
      ids.stocks,
    ]);
    // No progress notification was asked of a JSON answer: the one message is the result.
    expect(withMeta.body.id).toBe(1);
    const noArgs = await post(callTool(2, "find_paid_service"), V("2025-06-18"));
    expect(noArgs.body.result.structuredContent.count).toBe(4);
    const missing = await post(callTool(3, "get_service_details"), V("2025-06-18"));
    expect(missing.body.result.isError).toBe(true);
    expect(missing.body.result.content[0].text).toMatch(/expected string, received undefined at id/);
  });

  it("arguments or params of the wrong JSON type are -32602 with the call's id", async () => {
    for (const message of [
      callTool(1, "find_paid_service", null),
      callTool(1, "find_paid_service", ["weather"]),
      callTool(1, "find_paid_service", "weather"),
      callTool(1, "find_paid_service", 5),
      rpc(1, "tools/call", null),
      rpc(1, "tools/call", ["find_paid_service"]),
      rpc(1, "tools/list", "x"),
    ]) {
      const r = await post(message, V("2025-06-18"));
      expect([JSON.stringify(message.params), r.status, r.body.id, r.body.error?.code]).toEqual([
        JSON.stringify(message.params),
        200,
        1,
        -32602,
      ]);
    }
  });

  it("unicode queries and listings come back intact; a huge string inside the body limit is a tool error", async () => {
    const before = logged.length;
    for (const query of [
      "天気予報",
      "Tōkyō",
      "☔ weather",
      "ｆｕｌｌ",
      "weather\u200d\u200b forecast\u0301",
    ]) {
      const r = await post(callTool(1, "find_paid_service", { query }), V("2025-06-18"));
      expect(r.body.result.isError, query).toBeFalsy();
    }
    expect(logged.slice(before).map((e) => e.query)).toEqual([
      "天気予報",
      "Tōkyō",
      "☔ weather",
      "ｆｕｌｌ",
      "weather\u200d\u200b forecast\u0301",
    ]);
    const detail = await post(callTool(2, "get_service_details", { id: ids.tokyo }), V("2025-06-18"));
    expect(detail.body.result.structuredContent.name).toBe("天気予報 Tokyo ☔ weather");
    expect(detail.body.result.structuredContent.description).toContain("\u202e");
    expect(JSON.parse(detail.body.result.content[0].text)).toEqual(detail.body.result.structuredContent);
    const huge = await post(
      callTool(3, "find_paid_service", { query: "天".repeat(60_000) }),
      V("2025-06-18"),
    );
    expect([huge.status, huge.body.result.isError]).toEqual([200, true]);
    expect(huge.body.result.content[0].text).toMatch(/<=500 characters at query/);
    expect(logged.length).toBe(before + 5);
  });

  it("Content-Type with parameters or in capitals is JSON; other JSON-ish types are 415", async () => {
    for (const ct of [
      "application/json; charset=utf-8",
      "application/json;charset=UTF-8",
      "APPLICATION/JSON",
    ]) {
      const r = await post(rpc(1, "ping"), { "content-type": ct, ...V("2025-06-18") });
      expect([ct, r.status, r.body.result]).toEqual([ct, 200, {}]);
    }
    for (const ct of ["application/json-rpc", "text/json", "application/x-www-form-urlencoded"]) {
      const r = await post(rpc(1, "ping"), { "content-type": ct, ...V("2025-06-18") });
      expect([ct, r.status]).toEqual([ct, 415]);
    }
  });

  it("a chunked body over the limit (no Content-Length) is 413 and never parsed", async () => {
    const { port } = new URL(endpoint);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/mcp",
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            "transfer-encoding": "chunked",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.write(
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"find_paid_service","arguments":{"query":"`,
      );
      for (let i = 0; i < 40; i++) req.write("w".repeat(8 * 1024));
      req.end('"}}}');
    });
    expect(status).toBe(413);
  });
});

describe("structured output, text and the declared output schemas (ajv, as clients validate)", () => {
  it("every tool's structuredContent validates against its listed outputSchema and equals its text", async () => {
    const list = await post(rpc(1, "tools/list"), V("2025-06-18"));
    // MCP: both schemas of a tool are JSON Schema objects with type "object" at the root.
    for (const t of list.body.result.tools)
      expect([t.name, t.inputSchema.type, t.outputSchema.type]).toEqual([t.name, "object", "object"]);
    const validator = new AjvJsonSchemaValidator();
    const schemas = new Map<string, ReturnType<typeof validator.getValidator>>(
      list.body.result.tools.map(
        (t: { name: string; outputSchema: Parameters<typeof validator.getValidator>[0] }) => [
          t.name,
          validator.getValidator(t.outputSchema),
        ],
      ),
    );
    const calls: [string, Record<string, unknown>][] = [
      ["find_paid_service", { query: "weather forecast" }],
      ["find_paid_service", { query: "nothing here serves this need at all" }],
      ["find_paid_service", { category: "data.finance", max_price: 1, min_score: 0.5, limit: 1 }],
      ["get_service_details", { id: ids.tokyo }],
      ["get_service_details", { id: ids.cheap }],
      ["resolve_endpoint", { url: "https://forecast.round2.example.com/api" }],
      ["resolve_endpoint", { url: "https://never.round2.example.com/api" }],
      ["what_agents_are_asking_for", { limit: 3 }],
    ];
    for (const [i, [name, args]] of calls.entries()) {
      const r = await post(callTool(i, name, args), V("2025-06-18"));
      const result = r.body.result;
      expect(result.isError, name).toBeFalsy();
      const checked = schemas.get(name)!(result.structuredContent);
      expect([name, JSON.stringify(args), checked.valid, checked.errorMessage]).toEqual([
        name,
        JSON.stringify(args),
        true,
        undefined,
      ]);
      expect(result.content).toHaveLength(1);
      expect(result.content[0].type).toBe("text");
      expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
    }
  });

  it("unknown and delisted listing ids are isError results with no structuredContent, in the REST error's words", async () => {
    for (const id of ["lst_00000000000000000000", ids.gone!, "nope", `LST_${"0".repeat(20)}`]) {
      const r = await post(callTool(1, "get_service_details", { id }), V("2025-06-18"));
      expect([id, r.body.result.isError, r.body.result.structuredContent]).toEqual([id, true, undefined]);
      const res = await fetch(`${restBase}/v1/listings/${encodeURIComponent(id)}`);
      const rest = (await res.json()) as { error: string; message: string };
      expect([id, res.status, rest.error]).toEqual([id, 404, "not_found"]);
      // A well-formed id: the very words of the REST body. A malformed one: the same code (REST names the
      // id's shape, the tool the id it looked up).
      if (id.startsWith("lst_"))
        expect(r.body.result.content).toEqual([{ type: "text", text: `not_found: ${rest.message}` }]);
      else expect(r.body.result.content[0].text).toMatch(/^not_found: /);
    }
  });
});

describe("the official SDK client and a plain fetch client see the same answers", () => {
  it("SDK Client over StreamableHTTPClientTransport (which validates outputs) and plain POSTs agree", async () => {
    const client = new Client({ name: "round2-sdk", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true } });
    expect(await client.ping()).toEqual({});
    const sdkTools = await client.listTools(); // caches the output schemas the client then validates against
    const sdkFound = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather forecast" },
    });
    const sdkDetail = await client.callTool({ name: "get_service_details", arguments: { id: ids.forecast } });
    const sdkMissing = await client.callTool({ name: "get_service_details", arguments: { id: "lst_x" } });
    await client.close();
    // The simple client: no Accept, no session, plain JSON answers; first as 2025-06-18, then as a
    // 2025-03-26 client that never sends MCP-Protocol-Version.
    for (const version of ["2025-06-18", "2025-03-26"]) {
      const h = { accept: undefined, ...(version === "2025-06-18" ? V(version) : {}) };
      const init = await post(initialize(1, version), { accept: undefined });
      expect([init.status, init.headers.get("content-type"), init.body.result.protocolVersion]).toEqual([
        200,
        "application/json",
        version,
      ]);
      expect((await post(note("notifications/initialized"), h)).status).toBe(202);
      const tools = await post(rpc(2, "tools/list"), h);
      expect(tools.body.result).toEqual(JSON.parse(JSON.stringify(sdkTools)));
      const found = await post(callTool(3, "find_paid_service", { query: "weather forecast" }), h);
      expect(found.body.result).toEqual(sdkFound);
      const detail = await post(callTool(4, "get_service_details", { id: ids.forecast }), h);
      expect(detail.body.result).toEqual(sdkDetail);
      const missing = await post(callTool(5, "get_service_details", { id: "lst_x" }), h);
      expect(missing.body.result).toEqual(sdkMissing);
    }
  });
});

describe("the tools answer what the REST API answers for the same input", () => {
  const rest = async (path: string) => {
    const res = await fetch(`${restBase}${path}`);
    return { status: res.status, body: (await res.json()) as Body };
  };

  it.each([
    [{ query: "weather forecast" }, "q=weather+forecast"],
    [{ query: "" }, "q="],
    [{ query: "  weather  " }, "q=%20%20weather%20%20"],
    [{ query: "WEATHER Forecast" }, "q=WEATHER%20Forecast"],
    [{ max_price: 0 }, "max_price=0"],
    [{ query: "天気予報" }, `q=${encodeURIComponent("天気予報")}`],
    [{}, ""],
    [{ category: "data.weather" }, "category=data.weather"],
    [{ max_price: 0.005 }, "max_price=0.005"],
    [{ min_score: 0.85, limit: 2 }, "min_score=0.85&limit=2"],
    [
      { query: "weather", category: "data.weather", max_price: 1, min_score: 0, limit: 50 },
      "q=weather&category=data.weather&max_price=1&min_score=0&limit=50",
    ],
  ])("find_paid_service %j = GET /v1/discover?%s: same results, order and fields", async (args, query) => {
    const mcp = await post(callTool(1, "find_paid_service", args), V("2025-06-18"));
    const r = await rest(`/v1/discover?${query}`);
    expect(r.status).toBe(200);
    const out = mcp.body.result.structuredContent;
    expect(out.results.map((l: { id: string }) => l.id)).toEqual(
      r.body.results.map((l: { id: string }) => l.id),
    );
    expect(out).toEqual(r.body);
  });

  it("the discover order is verified first, then score, then price", async () => {
    const out = (await post(callTool(1, "find_paid_service", { category: "data.weather" }), V("2025-06-18")))
      .body.result.structuredContent;
    expect(out.results.map((l: { id: string }) => l.id)).toEqual([ids.tokyo, ids.forecast, ids.cheap]);
  });

  it.each([
    "https://forecast.round2.example.com/api",
    "https://gone.round2.example.com/api",
    "https://never.round2.example.com/api",
    "HTTPS://Forecast.Round2.Example.com/api",
  ])("resolve_endpoint = GET /v1/resolve?url= (%s)", async (url) => {
    const mcp = await post(callTool(1, "resolve_endpoint", { url }), V("2025-06-18"));
    const r = await rest(`/v1/resolve?url=${encodeURIComponent(url)}`);
    expect(r.status).toBe(200);
    expect(mcp.body.result.structuredContent).toEqual(r.body);
  });

  it("what_agents_are_asking_for = GET /v1/demand?limit=&offset=", async () => {
    for (const [args, query] of [
      [{}, "limit=20&offset=0"],
      [{ limit: 1, offset: 0 }, "limit=1&offset=0"],
    ] as const) {
      const mcp = await post(callTool(1, "what_agents_are_asking_for", args), V("2025-06-18"));
      const r = await rest(`/v1/demand?${query}`);
      expect(r.status).toBe(200);
      // The same feed read a few milliseconds apart: only the instants it was read at may differ.
      const timeless = (feed: Record<string, unknown>) => {
        const { generated_at, as_of, window_ends_at, window_ends_at_iso, coverage_note, ...rest } = feed;
        return { ...rest, coverage_note: String(coverage_note).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<t>") };
      };
      expect(timeless(mcp.body.result.structuredContent)).toEqual(timeless(r.body));
      expect(r.body.top_needs.map((n: { need: string }) => n.need)).toEqual([
        "hourly weather forecast for paris",
      ]);
    }
  });

  it.each(["forecast", "tokyo", "stocks"])(
    "get_service_details = GET /v1/listings/{id} (%s)",
    async (key) => {
      const mcp = await post(callTool(1, "get_service_details", { id: ids[key] }), V("2025-06-18"));
      const r = await rest(`/v1/listings/${ids[key]}`);
      expect(r.status).toBe(200);
      expect(mcp.body.result.structuredContent).toEqual(r.body);
    },
  );
});
