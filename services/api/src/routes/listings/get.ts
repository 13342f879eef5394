import { createRoute, z } from "@hono/zod-openapi";
import { getListingDetail } from "@tollgate/registry";
import { ListingDetail, ListingId } from "@tollgate/schema";
import type { App } from "../../app.js";
import { etagFor } from "../../cache.js";
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
    ...commonErrors(),
    ...notFoundError,
  },
});

export function registerGetListing(app: App, deps: AppDeps) {
  const maxAge = Math.floor((deps.listingCache?.ttlMs ?? 0) / 1000);
  app.openapi(route, async (c) => {
    const id = c.req.valid("param").id;
    const load = async () => JSON.stringify(await getListingDetail(deps.db, id, deps.serviceName));
    const a = deps.listingCache
      ? await deps.listingCache.answer(id, load)
      : await load().then((body) => ({ body, etag: etagFor(body) }));
    const headers = {
      "content-type": "application/json",
      etag: a.etag,
      "cache-control": `public, max-age=${maxAge}`,
    };
    if ((c.req.header("if-none-match") ?? "").split(/\s*,\s*/).includes(a.etag))
      return c.body(null, 304, headers) as never;
    return c.body(a.body, 200, headers) as never;
  });
}
