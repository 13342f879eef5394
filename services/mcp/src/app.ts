import { getConnInfo } from "@hono/node-server/conninfo";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import {
  CallToolRequestSchema,
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
import {
  acceptsMediaType,
  type Cidr,
  clientAddress,
  clientKey,
  contextFrom,
  httpRequestDuration,
  isTrustedPeer,
  type Limiter,
  type Logger,
  logRequest,
  type Registry,
  requestIdFor,
  serveObserved,
} from "@tollgate/platform";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { routePath } from "hono/route";
import { getPath } from "hono/utils/url";
import { registerTools, type ToolDeps } from "./tools.js";

export interface McpAppDeps extends ToolDeps {
  log: Logger;
  /** Proxies whose X-Forwarded-For hops are believed (TRUSTED_PROXIES, parsed). */
  trustedProxies: readonly Cidr[];
  /** Requests to /mcp per client (IPv4 address, IPv6 /64): MCP_LIMIT_PER_MINUTE, in Redis. */
  limit: Limiter;
  /** The process's Prometheus registry: request latency by route pattern (absent: not measured). */
  metrics?: Registry;
}

type McpEnv = { Variables: { clientIp: string; requestId: string } };

/** A JSON-RPC error of the tool server itself; `data.request_id` is the id in x-request-id and the log line. */
const jsonRpcError = (
  c: { get(key: "requestId"): string },
  code: number,
  message: string,
  data: Record<string, unknown> = {},
) => ({
  jsonrpc: "2.0",
  error: { code, message, data: { ...data, request_id: c.get("requestId") } },
  id: null,
});

/**
 * Requests whose params the SDK checks inside its own handler, where a bad one (tools/call with arguments
 * that are not an object, initialize without protocolVersion, tools/list with `cursor: null`, ping with a
 * `_meta` that is not an object) becomes -32603 "internal error" carrying the schema's issue dump: checked
 * here first, so the caller hears -32602 invalid params.
 */
const PARAMS_CHECKED = new Map<unknown, [{ safeParse(v: unknown): { success: boolean } }, string]>([
  [
    "initialize",
    [InitializeRequestSchema, "initialize takes {protocolVersion: string, capabilities: object, clientInfo}"],
  ],
  ["tools/call", [CallToolRequestSchema, "tools/call takes {name: string, arguments?: object}"]],
  ["tools/list", [ListToolsRequestSchema, "tools/list takes {cursor?: string}"]],
  ["ping", [PingRequestSchema, "ping takes no params but _meta"]],
]);

/** Messages one batch may hold (2025-03-26 and earlier); each counts against the rate limit. */
export const MAX_BATCH = 20;
/** The first protocol version without JSON-RPC batches. */
const NO_BATCHES_SINCE = "2025-06-18";

/** A notification: a JSON-RPC 2.0 method call without an id, which nothing answers. */
const isNotification = (message: unknown): boolean =>
  typeof message === "object" &&
  message !== null &&
  !Array.isArray(message) &&
  (message as { jsonrpc?: unknown }).jsonrpc === "2.0" &&
  typeof (message as { method?: unknown }).method === "string" &&
  !Object.hasOwn(message, "id");

/** A message's own id when it has a valid one (string or integer), for an error about the message. */
const idOf = (message: unknown): string | number | null => {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === "string" || Number.isSafeInteger(id) ? (id as string | number) : null;
};

/**
 * How the answer is written for the client's Accept header. The SDK's transport requires both
 * application/json and text/event-stream, yet every answer here is one JSON message: a client that takes
 * JSON (`application/json`, `application/*`, `*\/*`, or no Accept at all, as plain HTTP clients send) gets
 * JSON; one that takes only server-sent events gets the message as the one event of a stream; anything
 * else is 406. The most specific range decides (RFC 9110): `application/json;q=0, *\/*` refuses JSON.
 */
export function answerFormat(accept: string | undefined): "json" | "sse" | null {
  if (acceptsMediaType(accept, "application/json")) return "json";
  if (acceptsMediaType(accept, "text/event-stream")) return "sse";
  return null;
}

/**
 * A JSON answer as a stream of server-sent events, one per JSON-RPC message (a batch's answers are one
 * event each; errors and empty answers stay as they are).
 */
async function asEvent(answer: Response): Promise<Response> {
  if (answer.status !== 200 || !answer.headers.get("content-type")?.startsWith("application/json"))
    return answer;
  const headers = new Headers(answer.headers);
  headers.set("content-type", "text/event-stream");
  headers.set("cache-control", "no-cache");
  headers.delete("content-length");
  const body: unknown = await answer.json();
  const events = (Array.isArray(body) ? body : [body])
    .map((m) => `event: message\ndata: ${JSON.stringify(m)}\n\n`)
    .join("");
  return new Response(events, { status: 200, headers });
}

/** A tools/call message with its null-valued arguments left out (the arguments object is a copy). */
function withoutNullArguments<T extends { params: { arguments?: unknown } }>(message: T): T {
  const args = message.params.arguments;
  if (typeof args !== "object" || args === null || Array.isArray(args)) return message;
  const kept = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null));
  return { ...message, params: { ...message.params, arguments: kept } };
}

/**
 * Whether a parsed message holds a key named `__proto__` at any depth. JSON.parse keeps it as an own key, but
 * the SDK copies params and tool arguments key by key, where `__proto__` sets the copy's prototype instead:
 * `{"id": "lst_…", "__proto__": {…}}` reached the tool with the unknown key silently dropped (never refused
 * like any other unknown argument). Refused as invalid params before the SDK sees it.
 */
function hasProtoKey(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (!Array.isArray(v) && Object.hasOwn(v, "__proto__")) return true;
    for (const inner of Object.values(v)) stack.push(inner);
  }
  return false;
}

/**
 * CORS, for agents in pages on other origins: a preflight is 204 allowing POST with the MCP headers, and every
 * answer to a request with an Origin may be read by it. The server is public and keeps no cookie or session,
 * so `*` lends a page nothing it could not send itself.
 */
const corsPreflight = () =>
  new Response(null, {
    status: 204,
    headers: {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "POST, GET, DELETE",
      "access-control-allow-headers":
        "content-type, accept, authorization, mcp-protocol-version, mcp-session-id, last-event-id",
      "access-control-max-age": "600",
    },
  });

/** The socket peer, when served by @hono/node-server. */
function socketPeer(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // not served by node-server
  }
}

/** The client's address (X-Forwarded-For walked from the right through TRUSTED_PROXIES). */
function clientIp(c: Parameters<typeof getConnInfo>[0], trusted: readonly Cidr[]): string {
  return clientAddress(socketPeer(c), c.req.header("x-forwarded-for"), trusted);
}

/**
 * POST /mcp: streamable HTTP, stateless — a fresh server and transport for every message, so any
 * replica can answer any call. GET and DELETE (sessions, server-sent streams), PUT and PATCH answer 405.
 */
export function buildMcpApp(deps: McpAppDeps): Hono<McpEnv> {
  // `/mcp/` is `/mcp`: a client configured with the trailing slash (some add one to every base URL) reaches the
  // server instead of a 404 that names nothing it did wrong.
  const app = new Hono<McpEnv>({
    getPath: (req) => {
      const path = getPath(req);
      return path === "/mcp/" ? "/mcp" : path;
    },
  });
  // The tools' names, from registering them once on a server that never serves.
  const toolNames = new Set(
    registerTools(new McpServer({ name: "tollgate", version: "1.0.0" }), deps, { clientIp: "" }),
  );
  const latency = deps.metrics ? httpRequestDuration(deps.metrics) : null;
  // Every answer carries a request id (header, error data, the one log line of the request), one latency
  // sample by route pattern and one span.
  app.use("*", async (c, next) => {
    const started = performance.now();
    // An id set by our own ingress is kept (trusted proxies only, safe shape); a client cannot choose it.
    const trusted = isTrustedPeer(socketPeer(c), deps.trustedProxies);
    const requestId = requestIdFor(c.req.header("x-request-id"), trusted);
    c.set("requestId", requestId);
    const origin = c.req.header("origin");
    const preflight =
      origin !== undefined && c.req.method === "OPTIONS" && !!c.req.header("access-control-request-method");
    await serveObserved(
      c.req.method,
      {
        parent: trusted ? contextFrom({ traceparent: c.req.header("traceparent") }) : undefined,
        latency,
        startedMs: started,
      },
      preflight
        ? async () => {
            c.res = corsPreflight();
          }
        : next,
      () => ({ routePath: routePath(c), status: c.res.status }),
    );
    c.header("x-request-id", requestId);
    if (origin !== undefined) {
      c.header("access-control-allow-origin", "*");
      c.header("access-control-expose-headers", "x-request-id, retry-after, mcp-session-id");
    }
    logRequest(deps.log, {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      startedMs: started,
    });
  });
  /** The 429 of a client over its limit. */
  const rateLimited = (c: Context<McpEnv>, retryAfterS: number) =>
    c.json(
      jsonRpcError(c, -32000, `too many requests from this address; retry after ${retryAfterS} s`, {
        error: "rate_limited",
        retry_after_s: retryAfterS,
      }),
      429,
      { "retry-after": String(retryAfterS) },
    );
  // Counted before the body is read. A limiter store outage lets the call through (logged): the tool
  // server stays up while Redis is away, like GET /v1/discover.
  app.use("/mcp", async (c, next) => {
    const ip = clientIp(c, deps.trustedProxies);
    c.set("clientIp", ip);
    let r: Awaited<ReturnType<Limiter["consume"]>>;
    try {
      r = await deps.limit.consume(clientKey(ip));
    } catch (err) {
      deps.log.warn({ err: String(err) }, "rate limit store unreachable; request let through");
      return next();
    }
    if (r.ok) return next();
    return rateLimited(c, r.retryAfterS);
  });
  /** A batch's messages past the first, counted like requests: the 429 when over the limit. */
  const consumeMore = async (c: Context<McpEnv>, n: number): Promise<Response | null> => {
    if (n <= 0) return null;
    const key = clientKey(c.get("clientIp"));
    let results: Awaited<ReturnType<Limiter["consume"]>>[];
    try {
      results = await Promise.all(Array.from({ length: n }, () => deps.limit.consume(key)));
    } catch (err) {
      deps.log.warn({ err: String(err) }, "rate limit store unreachable; request let through");
      return null;
    }
    const refused = results.find((r) => !r.ok);
    return refused && !refused.ok ? rateLimited(c, refused.retryAfterS) : null;
  };
  /**
   * One JSON-RPC message, answered by a fresh server and transport (stateless). The checks the SDK would
   * answer wrongly come first: not a JSON-RPC message (-32600 invalid request, with the message's id when it
   * has a valid one; the transport says -32700 parse error of JSON that parsed), a `__proto__` key, params
   * the SDK's own handler would refuse as an internal error, a tools/list cursor this server never gave, an
   * unknown tool (the SDK answers an isError result).
   */
  const answerOne = async (c: Context<McpEnv>, body: unknown): Promise<Response> => {
    const id = idOf(body);
    // A request's error is its JSON-RPC answer (200); a notification has no answer, so one that cannot be
    // accepted is an HTTP error, the JSON-RPC error without an id as its body (streamable HTTP transport).
    const notification = isNotification(body);
    const invalid = (code: number, message: string) =>
      c.json({ ...jsonRpcError(c, code, message), id }, notification ? 400 : 200);
    if (hasProtoKey(body))
      return invalid(-32602, "Invalid params: no key of a message may be named __proto__");
    // The envelope first (params aside): a bad one is an invalid request; bad params are invalid params.
    const { params, ...envelope } = (body ?? {}) as { params?: unknown };
    if (typeof body !== "object" || body === null || !JSONRPCMessageSchema.safeParse(envelope).success)
      return c.json(
        {
          ...jsonRpcError(
            c,
            -32600,
            'Invalid Request: not a JSON-RPC 2.0 message (jsonrpc "2.0", method string, id string or integer)',
          ),
          id,
        },
        400,
      );
    const { method } = body as { method?: unknown };
    // A request's params, checked where the SDK would answer wrongly (a notification is only delivered).
    const checked = notification ? undefined : PARAMS_CHECKED.get(method);
    if (checked && !checked[0].safeParse(body).success)
      return invalid(-32602, `Invalid params: ${checked[1]}`);
    if (params !== undefined && (typeof params !== "object" || params === null || Array.isArray(params)))
      return invalid(-32602, "Invalid params: params must be an object");
    if (notification && !JSONRPCMessageSchema.safeParse(body).success)
      return invalid(-32602, "Invalid params: params._meta must be an object");
    // Every tool is on the one page tools/list answers (no nextCursor is ever given), so any cursor is one
    // this server did not issue: -32602, as MCP pagination asks, not the first page again.
    const cursor = (params as { cursor?: unknown } | undefined)?.cursor;
    if (!notification && method === "tools/list" && cursor !== undefined)
      return invalid(-32602, "Invalid params: unknown cursor (tools/list has a single page)");
    // An unknown tool is a protocol error (MCP tools, "Error Handling": -32602), not a tool result: the SDK
    // answered it as an isError result, which clients read as the tool having run and failed.
    const tool = !notification && method === "tools/call" ? (params as { name: string }).name : undefined;
    if (tool !== undefined && !toolNames.has(tool))
      return invalid(
        -32602,
        `Unknown tool: ${JSON.stringify(tool.length > 100 ? `${tool.slice(0, 100)}…` : tool)}; the tools are ${[...toolNames].join(", ")}`,
      );
    // An argument given as null is taken as not given: function-calling stacks send every optional field,
    // null when unset (OpenAI's strict mode does). A required one stays missing and is refused by name.
    const message =
      tool !== undefined ? withoutNullArguments(body as { params: { arguments?: unknown } }) : body;
    const server = new McpServer({ name: "tollgate", version: "1.0.0" });
    registerTools(server, deps, { clientIp: c.get("clientIp") });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    // The transport checks Accept for both types itself: it is told the client takes both, and writes the
    // format chosen by the caller. The body was read already (parsedBody).
    const headers = new Headers(c.req.raw.headers);
    headers.set("accept", "application/json, text/event-stream");
    const request = new Request(c.req.url, { method: "POST", headers });
    try {
      return await transport.handleRequest(request, { parsedBody: message });
    } finally {
      void server.close();
    }
  };
  app.use(
    "/mcp",
    bodyLimit({
      maxSize: 256 * 1024,
      // The rest of the body is never read: the client must not reuse this connection.
      onError: (c) => c.json(jsonRpcError(c, -32600, "request too large"), 413, { connection: "close" }),
    }),
  );
  app.post("/mcp", async (c) => {
    // What the request as a whole must be, before any message is looked at (the transport's order): an
    // answer the client takes (406), a JSON body (415), JSON (-32700), a protocol version this server
    // speaks (400).
    const format = answerFormat(c.req.header("accept"));
    if (!format)
      return c.json(
        jsonRpcError(c, -32000, "Not Acceptable: this server answers application/json or text/event-stream"),
        406,
      );
    if (!isJsonContentType(c.req.header("content-type")))
      return c.json(
        jsonRpcError(c, -32000, "Unsupported Media Type: Content-Type must be application/json"),
        415,
      );
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json(jsonRpcError(c, -32700, "Parse error: the body is not JSON"), 400);
    }
    const messages = Array.isArray(body) ? body : [body];
    // MCP-Protocol-Version (2025-06-18): an unsupported one is 400 for every message but initialize (which
    // negotiates); without it the server assumes 2025-03-26. Checked here, before this server's own checks
    // of params, so a bad header is never answered as a bad param.
    const header = c.req.header("mcp-protocol-version");
    const initializing = messages.some((m) => (m as { method?: unknown } | null)?.method === "initialize");
    if (header !== undefined && !initializing && !SUPPORTED_PROTOCOL_VERSIONS.includes(header))
      return c.json(
        jsonRpcError(
          c,
          -32000,
          `Bad Request: Unsupported protocol version: ${header} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
        ),
        400,
      );
    const version = header ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
    if (!Array.isArray(body)) {
      const answer = await answerOne(c, body);
      return format === "sse" ? asEvent(answer) : answer;
    }
    // Batches: 2025-03-26 (and earlier) servers MUST receive them; 2025-06-18 removed them. Each message is
    // answered as if posted alone (its own checks, its own server), and counts against the rate limit, so a
    // batch of N costs what N requests cost.
    if (version >= NO_BATCHES_SINCE)
      return c.json(
        jsonRpcError(
          c,
          -32600,
          `JSON-RPC batches are not accepted in MCP ${version} (removed in ${NO_BATCHES_SINCE}): send one message per POST /mcp`,
        ),
        400,
      );
    if (body.length === 0) return c.json(jsonRpcError(c, -32600, "Invalid Request: empty batch"), 400);
    if (body.length > MAX_BATCH)
      return c.json(
        jsonRpcError(c, -32600, `Invalid Request: a batch holds at most ${MAX_BATCH} messages`),
        400,
      );
    const over = await consumeMore(c, body.length - 1);
    if (over) return over;
    const answers: unknown[] = [];
    for (const message of body) {
      if ((message as { method?: unknown } | null)?.method === "initialize") {
        answers.push({
          ...jsonRpcError(c, -32600, "Invalid Request: initialize must not be part of a JSON-RPC batch"),
          id: idOf(message),
        });
        continue;
      }
      const answer = await answerOne(c, message);
      // A notification or a response (202) is not answered, even when it could not be accepted.
      if (answer.status !== 202 && !isNotification(message)) answers.push(await answer.json());
    }
    if (answers.length === 0) return c.body(null, 202);
    const batchAnswer = c.json(answers, 200);
    return format === "sse" ? asEvent(batchAnswer) : batchAnswer;
  });
  // GET (a server-sent stream) and DELETE (end a session) have nothing to serve statelessly; any other
  // method on /mcp is as unsupported: 405 naming the one method the resource takes (RFC 9110 §15.5.6).
  for (const method of ["GET", "DELETE", "PUT", "PATCH"] as const)
    app.on(method, "/mcp", (c) =>
      c.json(
        jsonRpcError(
          c,
          -32000,
          `${method} is not supported: this server is stateless; send JSON-RPC with POST /mcp`,
        ),
        405,
        {
          allow: "POST",
        },
      ),
    );
  app.get("/healthz", (c) => c.json({ ok: true }));
  app.notFound((c) =>
    c.json(
      { error: "not_found", message: "the tool server answers POST /mcp", request_id: c.get("requestId") },
      404,
    ),
  );
  app.onError((err, c) => {
    deps.log.error({ err, request_id: c.get("requestId") }, "mcp request failed");
    return c.json(jsonRpcError(c, -32603, "internal error"), 500);
  });
  return app;
}
