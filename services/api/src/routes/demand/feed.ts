import { createRoute, z } from "@hono/zod-openapi";
import { demandFeed } from "@tollgate/registry";
import { DemandFeed, queryInt } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { commonErrors } from "../responses.js";

const Query = z.strictObject({
  limit: queryInt(100, 1, 1000).optional(),
  offset: queryInt(0, 0, 10_000_000).optional(),
});

const route = createRoute({
  method: "get",
  path: "/v1/demand",
  operationId: "getDemandFeed",
  tags: ["demand"],
  summary: "What agents search for (free, delayed)",
  description:
    "30-day window ending a day behind live (a week while the paid tier is on sale). Terms appear only at the k-anonymity floor of distinct non-seller client IPs. Without limit/offset the whole feed (first page only past 5 MB); each page says next_offset.",
  request: { query: Query },
  responses: {
    200: {
      description: "Demand feed",
      content: { "application/json": { schema: DemandFeed } },
    },
    ...commonErrors("validation_failed", "unknown_query_parameter"),
  },
});

export function registerDemandFeed(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => {
    const url = new URL(c.req.url);
    const q = c.req.valid("query");
    return c.json(
      await demandFeed(deps.db, {
        ...deps.demand,
        limit: url.searchParams.has("limit") ? q.limit : undefined,
        offset: url.searchParams.has("offset") ? q.offset : undefined,
      }),
      200,
    );
  });
}
