import { createRoute } from "@hono/zod-openapi";
import { resolveEndpoint } from "@tollgate/registry";
import { Resolution, ResolveQuery } from "@tollgate/schema";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";
import { commonErrors } from "./responses.js";

const route = createRoute({
  method: "get",
  path: "/v1/resolve",
  operationId: "resolveEndpoint",
  tags: ["discovery"],
  summary: "Is this endpoint listed?",
  description:
    "match: active, delisted or not_listed (never checked, not unsafe); detail when a record exists.",
  request: { query: ResolveQuery },
  responses: {
    200: { description: "Resolution", content: { "application/json": { schema: Resolution } } },
    ...commonErrors("validation_failed", "unknown_query_parameter"),
  },
});

export function registerResolve(app: App, deps: AppDeps) {
  app.openapi(route, async (c) =>
    c.json(await resolveEndpoint(deps.db, c.req.valid("query").url, deps.serviceName), 200),
  );
}
