import { createRoute } from "@hono/zod-openapi";
import { listListings } from "@tollgate/registry";
import { ListingIndex, ListingsQuery } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { commonErrors } from "../responses.js";

const route = createRoute({
  method: "get",
  path: "/v1/listings",
  operationId: "listListings",
  tags: ["listings"],
  summary: "Listing index",
  description:
    "Stable order (oldest first), not ranked. status: active (default), verified, unverified, failing, delisted, all.",
  request: { query: ListingsQuery },
  responses: {
    200: { description: "Index page", content: { "application/json": { schema: ListingIndex } } },
    ...commonErrors("validation_failed", "unknown_query_parameter"),
  },
});

export function registerListListings(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => c.json(await listListings(deps.db, c.req.valid("query")), 200));
}
