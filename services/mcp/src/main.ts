import { serve } from "@hono/node-server";
import { openDatabase } from "@tollgate/db";
import { runService } from "@tollgate/platform";
import { buildMcpApp } from "./app.js";
import { mcpEnvSchema } from "./config.js";

await runService("mcp", mcpEnvSchema, async ({ config, log, shutdown }) => {
  const db = await openDatabase(config.DATABASE_URL, { applicationName: "mcp" });
  const app = buildMcpApp({
    db,
    log,
    serviceName: config.SERVICE_NAME,
    discover: {},
    trustedProxies: config.TRUSTED_PROXIES,
  });
  const server = serve({ fetch: app.fetch, hostname: config.MCP_HOST, port: config.MCP_PORT });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.MCP_PORT;
  shutdown.register("http", () => new Promise<void>((resolve) => server.close(() => resolve())));
  shutdown.register("postgres", () => db.destroy());
  return { url: `http://${config.MCP_HOST}:${port}`, endpoint: `http://${config.MCP_HOST}:${port}/mcp` };
});
