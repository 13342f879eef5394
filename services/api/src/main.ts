import { serve } from "@hono/node-server";
import { openDatabase } from "@tollgate/db";
import { runService } from "@tollgate/platform";
import { buildApi } from "./app.js";
import { apiEnvSchema } from "./config.js";
import { buildHostCheck } from "./host-check.js";
import { buildPayments } from "./payments.js";

await runService("api", apiEnvSchema, async ({ config, log, shutdown }) => {
  const db = await openDatabase(config.DATABASE_URL, { applicationName: "api" });
  const app = buildApi({
    db,
    log,
    serviceName: config.SERVICE_NAME,
    maxBodyBytes: config.MAX_BODY_BYTES,
    allowHttpEndpoints: config.ALLOW_HTTP_ENDPOINTS,
    trustedProxies: config.TRUSTED_PROXIES,
    checkHost: buildHostCheck(config),
    discover: {},
    payments: await buildPayments(config, db, log),
  });
  const server = serve({ fetch: app.fetch, hostname: config.API_HOST, port: config.API_PORT });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.API_PORT;
  shutdown.register("http", () => new Promise<void>((resolve) => server.close(() => resolve())));
  shutdown.register("postgres", () => db.destroy());
  return { url: `http://${config.API_HOST}:${port}` };
});
