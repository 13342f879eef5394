import { createRoute, z } from "@hono/zod-openapi";
import { listingHistory } from "@tollgate/registry";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";
import { IdParam } from "./listings/get.js";
import { commonErrors, notFoundError } from "./responses.js";

const Change = z.object({
  id: z.number(),
  listing_id: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  reasons: z.array(z.string()),
  at: z.number(),
  at_iso: z.string(),
});
export const ChangeEntry = Change.openapi("StatusChange");

const route = createRoute({
  method: "get",
  path: "/v1/listings/{id}/history",
  operationId: "getListingHistory",
  tags: ["listings"],
  summary: "Status history of a listing",
  description: "Every real status change with reasons, oldest first; delisted listings keep their history.",
  request: { params: IdParam },
  responses: {
    200: {
      description: "Transition log",
      content: {
        "application/json": {
          schema: z.object({
            listing_id: z.string(),
            status: z.string(),
            count: z.number(),
            history: z.array(ChangeEntry),
            note: z.string(),
          }),
        },
      },
    },
    ...commonErrors(),
    ...notFoundError,
  },
});

export function registerHistory(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => c.json(await listingHistory(deps.db, c.req.valid("param").id), 200));
}
