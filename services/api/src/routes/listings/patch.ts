import { createRoute, z } from "@hono/zod-openapi";
import { assertEndpointUnchanged, authorizeOwner, presentedToken, updateListing } from "@tollgate/registry";
import { ListingDetail, ListingPatchRequest } from "@tollgate/schema";
import type { App } from "../../app.js";
import { requireUtf8Json } from "../../body.js";
import type { AppDeps } from "../../deps.js";
import { authErrors, commonErrors, notFoundError, unsupportedMediaType } from "../responses.js";
import { IdParam } from "./get.js";

const PatchBody = ListingPatchRequest.extend({
  endpoint_url: z
    .unknown()
    .optional()
    .openapi({ description: "immutable: sending it is refused (delist and resubmit)" }),
});

const route = createRoute({
  method: "patch",
  path: "/v1/listings/{id}",
  operationId: "updateListing",
  tags: ["listings"],
  summary: "Edit a listing (claim token)",
  description:
    "Only the editable fields; never resets verification. Token in x-claim-token, x-edit-token or Authorization: Bearer.",
  request: {
    params: IdParam,
    body: { required: true, content: { "application/json": { schema: PatchBody } } },
  },
  responses: {
    200: {
      description: "Updated listing detail",
      content: { "application/json": { schema: ListingDetail } },
    },
    ...commonErrors("validation_failed", "invalid_json", "endpoint_url_immutable"),
    ...authErrors,
    ...notFoundError,
    ...unsupportedMediaType,
  },
});

export function registerPatchListing(app: App, deps: AppDeps) {
  app.on("PATCH", "/v1/listings/:id", requireUtf8Json);
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const owner = await authorizeOwner(deps.db, id, presentedToken(c.req.raw.headers));
    const body = c.req.valid("json");
    assertEndpointUnchanged(body);
    const { endpoint_url: _ignored, ...patch } = body;
    const updated = await updateListing(
      deps.db,
      id,
      patch,
      { allowHttp: deps.allowHttpEndpoints, checkHost: deps.checkHost },
      deps.serviceName,
      owner,
    );
    return c.json(updated, 200);
  });
}
