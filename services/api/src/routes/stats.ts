import { createRoute, z } from "@hono/zod-openapi";
import { registryStats } from "@tollgate/registry";
import type { App } from "../app.js";
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
    ...commonErrors,
  },
});

export function registerStats(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => c.json(await registryStats(deps.db), 200));
}
