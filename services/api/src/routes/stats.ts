import { createRoute, z } from "@hono/zod-openapi";
import { registryStats } from "@tollgate/registry";
import type { App } from "../app.js";
import { ttlCache } from "../cache.js";
import type { AppDeps } from "../deps.js";
import { commonErrors } from "./responses.js";

const route = createRoute({
  method: "get",
  path: "/v1/stats",
  operationId: "getStats",
  tags: ["discovery"],
  summary: "Directory statistics",
  responses: {
    200: {
      description: "Stats",
      content: { "application/json": { schema: z.looseObject({ listings_total: z.number() }) } },
    },
    ...commonErrors(),
  },
});

export function registerStats(app: App, deps: AppDeps) {
  // Each computation reads every active listing: served from memory for STATS_CACHE_MS (the staleness bound).
  const stats = deps.statsCacheMs
    ? ttlCache(deps.statsCacheMs, () => registryStats(deps.db))
    : () => registryStats(deps.db);
  app.openapi(route, async (c) => {
    c.header("cache-control", `public, max-age=${Math.max(0, Math.floor((deps.statsCacheMs ?? 0) / 1000))}`);
    return c.json(await stats(), 200);
  });
}
