import { createRoute, z } from "@hono/zod-openapi";
import { getListingDetail } from "@tollgate/registry";
import { isListingId, ListingDetail, ListingId } from "@tollgate/schema";
import type { Context } from "hono";
import { answerJson } from "../../answer.js";
import type { App, AppEnv } from "../../app.js";
import { cachedAnswer, noneMatch } from "../../cache.js";
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
  const serve = async (c: Context<AppEnv>, id: string) => {
    const a = cache
      ? await cache.answer(id, loader(id))
      : await loader(id)().then((body) => cachedAnswer(body, Date.now()));
    if (noneMatch(c.req.header("if-none-match"), a.etag))
      return answerJson(c, 304, null, a.etag, cacheControl);
    return answerJson(c, 200, a.bytes, a.etag, cacheControl);
  };
  // A well-formed id is answered here, without the route's zod validation: the id schema is this same regex
  // (ListingId), so validation could only pass. Anything else goes on to the route, whose validation answers
  // it 404 like an unknown id.
  app.get("/v1/listings/:id", (c, next) => {
    const id = c.req.param("id");
    return isListingId(id) ? serve(c, id) : next();
  });
  app.openapi(route, async (c) => (await serve(c, c.req.valid("param").id)) as never);
}
