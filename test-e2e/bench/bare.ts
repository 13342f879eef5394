import { serve } from "@hono/node-server";
import { Hono } from "hono";

/**
 * A bare Hono route answering a fixed JSON body: the reference every API benchmark's ratio is taken against. Given
 * several bodies, `/x/<i>` answers the i-th (`bareUrls`), so that a route answering many different bodies (repeated
 * needs, each its own answer) is compared with a bare route writing the same bytes in the same order.
 */
export async function bareServer(body: string | string[]): Promise<{ url: string; close: () => void }> {
  const app = new Hono();
  if (Array.isArray(body)) {
    app.get("/x/:i", (c) =>
      c.body(body[Number(c.req.param("i"))] ?? "", 200, { "content-type": "application/json" }),
    );
  } else app.get("/*", (c) => c.body(body, 200, { "content-type": "application/json" }));
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  const addr = server.address();
  return {
    url: `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`,
    close: () => server.close(),
  };
}

/** The paths of a bare server holding `count` bodies, in their order. */
export const bareUrls = (url: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${url}/x/${i}`);

/** The mean length of some bodies, in bytes (UTF-16 code units, as the single-body labels count). */
export const meanLength = (bodies: string[]) =>
  Math.round(bodies.reduce((n, b) => n + b.length, 0) / Math.max(1, bodies.length));
