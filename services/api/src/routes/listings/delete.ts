import { createRoute, z } from "@hono/zod-openapi";
import { authorizeOwner, delistListing, presentedToken } from "@tollgate/registry";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { authErrors, commonErrors, notFoundError } from "../responses.js";
import { IdParam } from "./get.js";

const Delisted = z
  .object({
    id: z.string(),
    status: z.literal("delisted"),
    delisted_reason: z.string().optional(),
    delisted_at: z.number(),
  })
  .openapi("Delisted");

const route = createRoute({
  method: "delete",
  path: "/v1/listings/{id}",
  operationId: "delistListing",
  tags: ["listings"],
  summary: "Delist a listing (claim token)",
  description: "The record and its history stay; the endpoint can be listed again later, free of fee.",
  request: { params: IdParam },
  responses: {
    200: { description: "Delisted", content: { "application/json": { schema: Delisted } } },
    ...commonErrors(),
    ...authErrors,
    ...notFoundError,
  },
});

export function registerDeleteListing(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const owner = await authorizeOwner(deps.db, id, presentedToken(c.req.raw.headers));
    const result = await delistListing(deps.db, id, undefined, owner);
    return c.json({ ...result, status: "delisted" as const }, 200);
  });
}
