import { request as httpRequest } from "node:http";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createTestDatabase, type TestDatabase, testPrefix } from "@tollgate/db/testing";
import { createLimiter, createLogger, parseCidrList, producerRedis } from "@tollgate/platform";
import {
  createListing,
  discover,
  getListingDetail,
  issueChallenge,
  resolveEndpoint,
  type SearchEvent,
  sha256Hex,
  validateSubmission,
} from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMcpApp } from "../src/app.js";

// An attacker against the tool server, with the official MCP client and over raw HTTP: hostile tool
// arguments (wrong types, huge, unknown, unicode, prototype keys), unknown tools, malformed JSON-RPC
// (batches, no id, huge, wrong media type, GET/DELETE, session ids), the rate limit from an untrusted peer
// forging X-Forwarded-For, and that no answer holds more than the HTTP API's (no token, no private field).
const PER_MINUTE = 40;
let tdb: TestDatabase;
let endpoint = "";
let port = 0;
let close: () => void;
const logged: SearchEvent[] = [];
const redis = producerRedis("redis://127.0.0.1:6379");
let listing = { id: "", claim_token: "" };
let privateValues: string[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  const prepared = await validateSubmission(
    tdb.db,
    {
      name: "Weather forecast",
      description: "Hourly weather forecast paid per call",
      endpoint_url: "https://mcp-attack.example.com/weather",
      category: "data.weather",
      price_amount: 0.01,
      submitter_email: "private-owner@example.com",
    },
    { checkHost: async () => ({ ok: true as const }) },
  );
  listing = await createListing(tdb.db, prepared);
  await tdb.db
    .updateTable("listings")
    .set({ status: "verified", score: 0.9 })
    .where("id", "=", listing.id)
    .execute();
  const challenge = await issueChallenge(tdb.db, listing.id, "tollgate");
  privateValues = [
    "private-owner@example.com",
    listing.claim_token,
    sha256Hex(listing.claim_token),
    challenge.token,
    challenge.claim_secret,
    sha256Hex(challenge.claim_secret),
  ];
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
  port = (server.address() as { port: number }).port;
  endpoint = `http://127.0.0.1:${port}/mcp`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  redis.disconnect();
  await tdb.drop();
});

let clientNo = 0;
/** Each caller is its own client behind the trusted loopback proxy. */
const nextAddress = () => `203.0.113.${clientNo++ % 250}`;
async function agent() {
  const client = new Client({ name: "attacker", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { "x-forwarded-for": nextAddress() } },
    }),
  );
  return client;
}
const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-06-18",
};
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
type Body = any;
async function raw(
  body: string,
  headers: Record<string, string | undefined> = {},
  method = "POST",
): Promise<{ status: number; headers: Headers; body: Body }> {
  const h = Object.fromEntries(
    Object.entries({ ...HEADERS, "x-forwarded-for": nextAddress(), ...headers }).filter(
      ([, v]) => v !== undefined,
    ),
  ) as Record<string, string>;
  const res = await fetch(endpoint, { method, headers: h, body: method === "GET" ? undefined : body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
const call = (name: unknown, args: unknown, id: unknown = 9) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
const textOf = (r: unknown) => (r as { content?: { text?: string }[] }).content?.[0]?.text ?? "";

describe("a key named __proto__ is refused, never silently dropped", () => {
  it("as a tool argument beside a real one, as the only one, inside params, or at the top: -32602, nothing runs", async () => {
    const before = logged.length;
    const messages = [
      `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_service_details","arguments":{"id":"${listing.id}","__proto__":{"x":1}}}}`,
      `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_service_details","arguments":{"__proto__":{"id":"${listing.id}"}}}}`,
      `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"find_paid_service","arguments":{"query":"weather","__proto__":{"limit":50}}}}`,
      `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"find_paid_service","arguments":{},"__proto__":{"_meta":{}}}}`,
      `{"jsonrpc":"2.0","id":9,"method":"tools/call","__proto__":{"params":{}},"params":{"name":"find_paid_service","arguments":{}}}`,
    ];
    for (const m of messages) {
      const r = await raw(m);
      expect([r.status, r.body.id, r.body.error?.code, r.body.error?.message, r.body.result], m).toEqual([
        200,
        9,
        -32602,
        "Invalid params: no key of a message may be named __proto__",
        undefined,
      ]);
    }
    expect(logged.length).toBe(before);
    // Every other unknown key, prototype-like or not, is the named tool error it always was.
    const client = await agent();
    for (const key of ["constructor", "toString", "hasOwnProperty", "prototype", "need"]) {
      const r = await client.callTool({ name: "find_paid_service", arguments: { [key]: "x" } });
      expect([r.isError, textOf(r)]).toEqual([
        true,
        `MCP error -32602: Input validation error: Invalid arguments for tool find_paid_service: unknown argument(s) ${key}; this tool accepts: query, category, max_price, min_score, limit`,
      ]);
    }
    expect(logged.length).toBe(before);
    // As a value it is only text: searched like any other.
    const value = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "__proto__ weather" },
    });
    expect(value.isError).toBeFalsy();
    expect(logged.at(-1)?.query).toBe("__proto__ weather");
    await client.close();
  });
});

describe("a search is text: an unpaired surrogate is refused, not logged as U+FFFD", () => {
  it("find_paid_service with a lone surrogate is a tool error and logs nothing; a whole pair searches", async () => {
    const client = await agent();
    const before = logged.length;
    for (const query of ["weather \ud800 now", "\udc00weather", "weather \ud83d"]) {
      const r = await client.callTool({ name: "find_paid_service", arguments: { query } });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toBeUndefined();
      expect(textOf(r)).toMatch(/must be valid Unicode text .*unpaired surrogate .* at query$/);
    }
    expect(logged.length).toBe(before);
    const ok = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather \u{1f326}\ufe0f forecast" },
    });
    expect(ok.isError).toBeFalsy();
    expect(logged.at(-1)?.query).toBe("weather \u{1f326}\ufe0f forecast");
    await client.close();
  });
});

describe("hostile tool calls with the official client are errors that run nothing", () => {
  it("unknown tools, wrong types, out-of-range and huge values", async () => {
    const client = await agent();
    const before = logged.length;
    for (const name of [
      "nope",
      "find_paid_service ",
      "FIND_PAID_SERVICE",
      "constructor",
      "__proto__",
      "toString",
    ]) {
      // A protocol error (-32602), which the client throws, not a tool result.
      await expect(client.callTool({ name, arguments: {} }), name).rejects.toMatchObject({
        code: -32602,
        message: `MCP error -32602: Unknown tool: ${JSON.stringify(name)}; the tools are find_paid_service, get_service_details, resolve_endpoint, what_agents_are_asking_for`,
      });
    }
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ["find_paid_service", { query: 5 }, /expected string, received number at query/],
      ["find_paid_service", { query: "x".repeat(501) }, /<=500 characters at query/],
      ["find_paid_service", { limit: 51 }, /<=50 at limit/],
      ["find_paid_service", { limit: 2.5 }, /expected int/],
      ["find_paid_service", { max_price: -1 }, />=0 at max_price/],
      ["find_paid_service", { min_score: 2 }, /<=1 at min_score/],
      ["find_paid_service", { category: { $ne: "" } }, /expected string/],
      [
        "find_paid_service",
        { category: "data.\u0000" },
        /^validation_failed: category: .* is not a category/,
      ],
      ["get_service_details", { id: ["lst_1"] }, /expected string/],
      ["get_service_details", { id: "x".repeat(65) }, /<=64 characters at id/],
      ["get_service_details", { id: "lst_\u0000'; DROP TABLE listings;--" }, /^not_found: no active listing/],
      ["resolve_endpoint", { url: `https://a.example.com/${"a".repeat(2100)}` }, /<=2048 characters at url/],
      ["resolve_endpoint", { url: 7 }, /expected string/],
      ["what_agents_are_asking_for", { offset: -1 }, />=0 at offset/],
      ["what_agents_are_asking_for", { limit: "20" }, /expected number/],
    ];
    for (const [name, args, message] of bad) {
      const r = await client.callTool({ name, arguments: args });
      expect([r.isError, r.structuredContent], `${name} ${JSON.stringify(args)}`).toEqual([true, undefined]);
      expect(textOf(r)).toMatch(message);
    }
    expect(logged.length).toBe(before);
    const stillThere = await tdb.db.selectFrom("listings").select("id").execute();
    expect(stillThere.map((r) => r.id)).toEqual([listing.id]);
    await client.close();
  });
});

describe("malformed JSON-RPC over raw HTTP", () => {
  it("batches, no id, bad ids, non-messages, wrong media types and methods each get their error and run nothing", async () => {
    const before = logged.length;
    const search = call("find_paid_service", { query: "weather" });
    for (const batch of ["[]", `[${search}]`, `[${search},${search}]`]) {
      const r = await raw(batch);
      expect([r.status, r.body.error.code]).toEqual([400, -32600]);
      // Sent as 2025-06-18 (HEADERS), which has no batches; 2025-03-26 batches: mcp-clients-round2.test.ts.
      expect(r.body.error.message).toBe(
        "JSON-RPC batches are not accepted in MCP 2025-06-18 (removed in 2025-06-18): send one message per POST /mcp",
      );
    }
    // A tools/call without an id is a notification: nothing answers it and nothing runs.
    const note = await raw(
      JSON.stringify({
        jsonrpc: "2.0",
        method: "tools/call",
        params: { name: "find_paid_service", arguments: { query: "weather" } },
      }),
    );
    expect([note.status, note.body]).toEqual([202, null]);
    for (const m of [
      call("find_paid_service", {}, { a: 1 }),
      call("find_paid_service", {}, null),
      call("find_paid_service", {}, [1]),
      JSON.stringify({ id: 1, method: "tools/list" }),
      JSON.stringify({ jsonrpc: "1.0", id: 1, method: "tools/list" }),
      "5",
      "null",
      '"tools/list"',
    ]) {
      // JSON that is not a JSON-RPC message is an invalid request (-32600), not a parse error.
      const r = await raw(m);
      expect([r.status, r.body.error.code], m).toEqual([400, -32600]);
    }
    for (const m of ["", "{", "\u00ff\u00fe"]) {
      const r = await raw(m);
      expect([r.status, r.body.error.code, r.body.error.message]).toEqual([
        400,
        -32700,
        "Parse error: the body is not JSON",
      ]);
      expect(r.body.error.data.request_id).toMatch(/^req_/);
    }
    for (const method of ["admin/drop", "__proto__", "constructor", "resources/read"]) {
      const r = await raw(JSON.stringify({ jsonrpc: "2.0", id: 3, method }));
      expect([r.status, r.body.id, r.body.error.code]).toEqual([200, 3, -32601]);
    }
    const plain = await raw(search, { "content-type": "text/plain" });
    expect([plain.status, plain.body.error.code]).toEqual([415, -32000]);
    // JSON-only clients are answered (mcp-clients.test.ts); a client taking neither JSON nor events is not.
    const noAccept = await raw(search, { accept: "text/html" });
    expect([noAccept.status, noAccept.body.error.code]).toEqual([406, -32000]);
    const version = await raw(search, { "mcp-protocol-version": "1999-01-01" });
    expect([version.status, version.body.error.code]).toEqual([400, -32000]);
    expect(logged.length).toBe(before);
    const huge = await raw(call("find_paid_service", { query: "x".repeat(300 * 1024) }));
    expect([huge.status, huge.headers.get("connection"), huge.body.error.code]).toEqual([
      413,
      "close",
      -32600,
    ]);
    for (const method of ["GET", "DELETE"]) {
      const r = await raw("", { "mcp-session-id": "s-1" }, method);
      expect([r.status, r.headers.get("allow"), r.body.error.code]).toEqual([405, "POST", -32000]);
    }
    for (const method of ["PUT", "PATCH"]) {
      const r = await raw(search, {}, method);
      expect([r.status, r.headers.get("allow"), r.body.error.code]).toEqual([405, "POST", -32000]);
    }
    expect(logged.length).toBe(before);
    // The server is stateless: a made-up session id changes nothing about the answer.
    const a = await raw(call("get_service_details", { id: listing.id }));
    const b = await raw(call("get_service_details", { id: listing.id }), {
      "mcp-session-id": "../../etc/passwd",
    });
    expect([b.status, b.headers.get("mcp-session-id")]).toEqual([200, null]);
    expect(b.body.result).toEqual(a.body.result);
  });

  it("the rate limit holds from an untrusted peer rotating X-Forwarded-For", async () => {
    const fromUntrusted = (i: number) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: "/mcp",
            method: "POST",
            localAddress: "127.0.0.2",
            headers: { ...HEADERS, "x-forwarded-for": `198.51.100.${i}` },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end(JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/list" }));
      });
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE + 5; i++) statuses.push(await fromUntrusted(i));
    expect(statuses.slice(0, PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe("MCP answers hold no more than the HTTP API's", () => {
  it("the tools return the REST verbs' records exactly, with no token, hash, secret or email", async () => {
    const client = await agent();
    const details = await client.callTool({ name: "get_service_details", arguments: { id: listing.id } });
    const found = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather forecast" },
    });
    const resolved = await client.callTool({
      name: "resolve_endpoint",
      arguments: { url: "https://mcp-attack.example.com/weather" },
    });
    const rest = (v: unknown) => JSON.parse(JSON.stringify(v));
    expect(details.structuredContent).toEqual(rest(await getListingDetail(tdb.db, listing.id, "tollgate")));
    expect(resolved.structuredContent).toEqual(
      rest(await resolveEndpoint(tdb.db, "https://mcp-attack.example.com/weather", "tollgate")),
    );
    expect(found.structuredContent).toEqual(
      rest(
        await discover(tdb.db, { q: "weather forecast", limit: 10 }, {}, { source: "mcp", clientIp: "x" }),
      ),
    );
    for (const r of [details, found, resolved]) {
      expect(textOf(r)).toBe(JSON.stringify(r.structuredContent));
      const all = JSON.stringify(r);
      for (const v of privateValues) expect(all.includes(v), v).toBe(false);
      expect(all).not.toMatch(
        /claim_token|token_sha256|claim_secret|submitter_email|secret_sha256|client_hash/,
      );
    }
    await client.close();
  });
});

describe("an internal failure inside a tool", () => {
  it("is the REST internal_error in words, with no database internals, and is logged", async () => {
    const broken = await createTestDatabase();
    await broken.db.schema.alterTable("listings").renameTo("listings_gone").execute();
    const lines: string[] = [];
    const app = buildMcpApp({
      db: broken.db,
      log: createLogger("mcp-test", "error", { write: (s: string) => void lines.push(s) }),
      serviceName: "tollgate",
      trustedProxies: [],
      limit: createLimiter(redis, { prefix: `${testPrefix("mcp")}:rl:broken`, points: 100, durationS: 60 }),
      discover: { logSearch: () => {} },
      demand: { kFloor: 3, paidTierLive: false, delayHours: 0 },
    });
    const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
    await new Promise((r) => server.once("listening", r));
    const client = new Client({ name: "attacker", version: "1.0.0" });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(
          new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`),
        ),
      );
      for (const [name, args] of [
        ["get_service_details", { id: "lst_00000000000000000000" }],
        ["find_paid_service", { query: "weather" }],
        ["resolve_endpoint", { url: "https://a.example.com/x" }],
      ] as const) {
        const r = await client.callTool({ name, arguments: args });
        expect([r.isError, textOf(r)], name).toEqual([
          true,
          "internal_error: internal error; the request was not applied",
        ]);
      }
      expect(lines.join("")).toMatch(/relation \\"listings\\" does not exist/);
    } finally {
      await client.close();
      server.close();
      await broken.drop();
    }
  });
});
