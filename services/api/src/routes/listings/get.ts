import { createRoute, z } from "@hono/zod-openapi";
import { getListingDetail } from "@tollgate/registry";
import { ListingDetail } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { commonErrors, notFoundError } from "../responses.js";

export const IdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" } }),
});

const route = createRoute({
  method: "get",
  path: "/v1/listings/{id}",
  summary: "Listing detail",
  request: { params: IdParam },
  responses: {
    200: {
      description: "Every field present; null where there is no data yet",
      content: { "application/json": { schema: ListingDetail } },
    },
    ...commonErrors,
    ...notFoundError,
  },
});

export function registerGetListing(app: App, deps: AppDeps) {
  app.openapi(route, async (c) =>
    c.json(await getListingDetail(deps.db, c.req.valid("param").id, deps.serviceName), 200),
  );
}
