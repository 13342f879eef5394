import { createRoute } from "@hono/zod-openapi";
import { listCategories } from "@tollgate/registry";
import { CategoryList } from "@tollgate/schema";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";
import { commonErrors } from "./responses.js";

const route = createRoute({
  method: "get",
  path: "/v1/categories",
  operationId: "listCategories",
  tags: ["discovery"],
  summary: "Category taxonomy",
  description:
    "{count, categories: [{id, namespace, description, listings}], note}; listings counts active listings.",
  responses: {
    200: { description: "Categories", content: { "application/json": { schema: CategoryList } } },
    ...commonErrors(),
  },
});

export function registerCategories(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => c.json(await listCategories(deps.db), 200));
}
