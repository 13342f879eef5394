import { getConnInfo } from "@hono/node-server/conninfo";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Logger } from "@tollgate/platform";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { registerTools, type ToolDeps } from "./tools.js";

export interface McpAppDeps extends ToolDeps {
  log: Logger;
  trustedProxies: string[];
}

const jsonRpcError = (code: number, message: string) => ({
  jsonrpc: "2.0",
  error: { code, message },
  id: null,
});

/**
 * POST /mcp: streamable HTTP, stateless — a fresh server and transport for every request, so any
 * replica can answer any call. GET and DELETE (sessions, server-sent streams) answer 405.
 */
export function buildMcpApp(deps: McpAppDeps): Hono {
  const app = new Hono();
  app.use(
    "/mcp",
    bodyLimit({
      maxSize: 256 * 1024,
      onError: (c) => c.json(jsonRpcError(-32600, "request too large"), 413),
    }),
  );
  app.post("/mcp", async (c) => {
    let peer = "unknown";
    try {
      peer = getConnInfo(c).remote.address ?? "unknown";
    } catch {
      // not served by node-server
    }
    const xff = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    const clientIp = deps.trustedProxies.includes(peer) && xff ? xff : peer;
    const server = new McpServer({ name: "tollgate", version: "1.0.0" });
    registerTools(server, deps, { clientIp });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      void server.close();
    }
  });
  for (const method of ["GET", "DELETE"] as const)
    app.on(method, "/mcp", (c) =>
      c.json(
        jsonRpcError(
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
  app.notFound((c) => c.json({ error: "not_found", message: "the tool server answers POST /mcp" }, 404));
  app.onError((err, c) => {
    deps.log.error({ err }, "mcp request failed");
    return c.json(jsonRpcError(-32603, "internal error"), 500);
  });
  return app;
}
