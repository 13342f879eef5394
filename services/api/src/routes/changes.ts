import { createRoute, z } from "@hono/zod-openapi";
import { statusChanges } from "@tollgate/registry";
import { queryInt } from "@tollgate/schema";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";
import { ChangeEntry } from "./history.js";
import { commonErrors } from "./responses.js";

const Query = z.strictObject({
  limit: queryInt(500, 1, 500),
  since: z
    .string()
    .regex(/^\d{1,12}$/, "unix seconds")
    .transform(Number)
    .optional(),
  // Not in the spec (which has since alone): pages back past a full page (registry statusChanges).
  before_id: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, "a change id (next_before_id of a page)")
    .optional(),
});

const route = createRoute({
  method: "get",
  path: "/v1/changes",
  operationId: "listChanges",
  tags: ["discovery"],
  summary: "Status-change feed",
  description:
    "Status changes newest first; `since` in unix seconds; limit default and maximum 500. A full page carries `next_before_id`: sent as `before_id` (with the same `since`), it gives the changes older than that page's last, so more than 500 changes since a poll can all be read. The note carries the reason vocabulary.",
  request: { query: Query },
  responses: {
    200: {
      description: "Changes",
      content: {
        "application/json": {
          schema: z.object({
            count: z.number(),
            limit: z.number(),
            since: z.number().nullable(),
            before_id: z.number().nullable(),
            next_before_id: z
              .number()
              .nullable()
              .describe(
                "the id to send as before_id for the older changes behind a full page; null at the end",
              ),
            changes: z.array(ChangeEntry),
            note: z.string(),
          }),
        },
      },
    },
    ...commonErrors("validation_failed", "unknown_query_parameter"),
  },
});

export function registerChanges(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => c.json(await statusChanges(deps.db, c.req.valid("query")), 200));
}
