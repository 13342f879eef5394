import { createRoute } from "@hono/zod-openapi";
import { discover } from "@tollgate/registry";
import { DiscoverQuery, DiscoverResult } from "@tollgate/schema";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";
import { enforceRead } from "../limits.js";
import { commonErrors, rateLimited } from "./responses.js";

const route = createRoute({
  method: "get",
  path: "/v1/discover",
  operationId: "discover",
  tags: ["discovery"],
  summary: "Find paid services for a need",
  description:
    "q describes the need in words. Order: verified first, then score, then price (lower first). category must be an id from GET /v1/categories (400 validation_failed otherwise). Rate limited per client (an IPv4 address, an IPv6 /64): 600 per minute by default (DISCOVER_LIMIT_PER_MINUTE), then 429 rate_limited with Retry-After.",
  request: { query: DiscoverQuery },
  responses: {
    200: { description: "Ranked results", content: { "application/json": { schema: DiscoverResult } } },
    ...commonErrors("validation_failed", "unknown_query_parameter"),
    ...rateLimited,
  },
});

export function registerDiscover(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => {
    await enforceRead(deps.limits.discover, c.get("clientIp"), "searches", deps.log);
    return c.json(
      await discover(deps.db, c.req.valid("query"), deps.discover, {
        source: "rest",
        clientIp: c.get("clientIp"),
      }),
      200,
    );
  });
}
