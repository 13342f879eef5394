import { createRoute, z } from "@hono/zod-openapi";
import { getListingDetail } from "@tollgate/registry";
import { isListingId, ListingDetail, ListingId } from "@tollgate/schema";
import type { Context } from "hono";
import { answerWhole } from "../../answer.js";
import type { App, AppEnv } from "../../app.js";
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
  const cache = deps.listingCache;
  const cacheControl = `public, max-age=${Math.floor((cache?.ttlMs ?? 0) / 1000)}`;
  const loader = (id: string) => async () =>
    JSON.stringify(await getListingDetail(deps.db, id, deps.serviceName));
  const respond = (c: Context<AppEnv>, a: { body: string; etag: string }) => {
    const headers = { "content-type": "application/json", etag: a.etag, "cache-control": cacheControl };
    const inm = c.req.header("if-none-match");
    if (inm?.split(/\s*,\s*/).includes(a.etag)) return answerWhole(c, 304, null, headers);
    return answerWhole(c, 200, a.body, headers);
  };
  // A kept answer is served here, before the route's validation: an id only enters the cache after passing it
  // (the regex is ListingId's own), and the answer is built by the same `respond` as below.
  if (cache)
    app.get("/v1/listings/:id", (c, next) => {
      const id = c.req.param("id");
      const a = isListingId(id) ? cache.hit(id, loader(id)) : null;
      return a ? respond(c, a) : next();
    });
  app.openapi(route, async (c) => {
    const id = c.req.valid("param").id;
    const a = cache
      ? await cache.answer(id, loader(id))
      : await loader(id)().then((body) => ({ body, etag: etagFor(body) }));
    return respond(c, a) as never;
  });
}
