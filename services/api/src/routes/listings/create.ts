import { createRoute } from "@hono/zod-openapi";
import { createListing, validateSubmission } from "@tollgate/registry";
import { ListingCreated, ListingCreateRequest } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { commonErrors, conflictError } from "../responses.js";

const route = createRoute({
  method: "post",
  path: "/v1/listings",
  summary: "Submit a listing",
  description:
    "Validates every submission rule (https, publicly resolvable host, no private address, one concrete URL, existing category, price >= 0, sample_query rules) before anything is stored. The claim token is shown once.",
  request: { body: { required: true, content: { "application/json": { schema: ListingCreateRequest } } } },
  responses: {
    201: { description: "Listed", content: { "application/json": { schema: ListingCreated } } },
    ...commonErrors,
    ...conflictError,
  },
});

export function registerCreateListing(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => {
    const input = c.req.valid("json");
    const prepared = await validateSubmission(deps.db, input, {
      checkHost: deps.checkHost,
      allowHttp: deps.allowHttpEndpoints,
    });
    const created = await createListing(deps.db, prepared);
    return c.json(created, 201);
  });
}
