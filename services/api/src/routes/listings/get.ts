import { createRoute, z } from "@hono/zod-openapi";
import { getListingDetail } from "@tollgate/registry";
import { ListingDetail, ListingId } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { commonErrors, notFoundError } from "../responses.js";

/**
 * The one listing id path parameter of every `/v1/listings/{id}/…` route. A malformed id (NUL bytes,
 * unicode, any length) never reaches a query: the validation hook answers it 404 like an unknown id.
 */
export const IdParam = z.object({
  id: ListingId.openapi({ param: { name: "id", in: "path" } }),
});

const route = createRoute({
  method: "get",
  path: "/v1/listings/{id}",
  operationId: "getListing",
  tags: ["listings"],
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
