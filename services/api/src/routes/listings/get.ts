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

/** What a listing detail answer is, before the request's own headers (x-request-id, Link) are added. */
export interface DetailAnswer {
  status: 200 | 304;
  body: string | null;
  headers: Record<string, string>;
}

/** The detail answer for a kept or loaded listing: ETag and Cache-Control, 304 when If-None-Match names it. */
export function detailAnswer(
  a: { body: string; etag: string },
  cacheControl: string,
  ifNoneMatch: string | undefined,
): DetailAnswer {
  const headers = { "content-type": "application/json", etag: a.etag, "cache-control": cacheControl };
  if (ifNoneMatch?.split(/\s*,\s*/).includes(a.etag)) return { status: 304, body: null, headers };
  return { status: 200, body: a.body, headers };
}

export const detailCacheControl = (deps: AppDeps) =>
  `public, max-age=${Math.floor((deps.listingCache?.ttlMs ?? 0) / 1000)}`;

/** The loader of one listing's detail answer (JSON text), for the cache. */
export const detailLoader = (deps: AppDeps, id: string) => async () =>
  JSON.stringify(await getListingDetail(deps.db, id, deps.serviceName));

export function registerGetListing(app: App, deps: AppDeps) {
  const cache = deps.listingCache;
  const cacheControl = detailCacheControl(deps);
  const serve = async (c: Context<AppEnv>, id: string) => {
    const loader = detailLoader(deps, id);
    const a = cache
      ? await cache.answer(id, loader)
      : await loader().then((body) => ({ body, etag: etagFor(body) }));
    const d = detailAnswer(a, cacheControl, c.req.header("if-none-match"));
    return answerWhole(c, d.status, d.body, d.headers);
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
