import { serve } from "@hono/node-server";
import { Hono } from "hono";

/** A bare Hono route answering a fixed JSON body: the reference every API benchmark's ratio is taken against. */
export async function bareServer(body: string): Promise<{ url: string; close: () => void }> {
  const app = new Hono();
  app.get("/*", (c) => c.body(body, 200, { "content-type": "application/json" }));
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  const addr = server.address();
  return {
    url: `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`,
    close: () => server.close(),
  };
}
