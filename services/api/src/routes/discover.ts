import { createRoute } from "@hono/zod-openapi";
import { discover } from "@tollgate/registry";
import { DiscoverQuery, DiscoverResult } from "@tollgate/schema";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";
import { commonErrors } from "./responses.js";

const route = createRoute({
  method: "get",
  path: "/v1/discover",
  summary: "Find paid services for a need",
  description: "q describes the need in words. Order: verified first, then score, then price (lower first).",
  request: { query: DiscoverQuery },
  responses: {
    200: { description: "Ranked results", content: { "application/json": { schema: DiscoverResult } } },
    ...commonErrors,
  },
});

export function registerDiscover(app: App, deps: AppDeps) {
  app.openapi(route, async (c) =>
    c.json(
      await discover(deps.db, c.req.valid("query"), deps.discover, {
        source: "rest",
        clientIp: c.get("clientIp"),
      }),
      200,
    ),
  );
}
