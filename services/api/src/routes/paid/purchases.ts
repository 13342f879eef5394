import { createRoute, z } from "@hono/zod-openapi";
import { PAID_ROUTES } from "@tollgate/core";
import { findListing, purchaseHistory } from "@tollgate/registry";
import { isListingId } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { IdParam } from "../listings/get.js";
import { commonErrors, errorResponseSpec } from "../responses.js";
import { sellPaid } from "./respond.js";
import { safeId } from "./verdict.js";

const route = createRoute({
  method: "get",
  path: "/v1/listings/{id}/purchases",
  summary: "Purchase history (paid, 0.01 USD)",
  description: "x402 v2. An unknown id answers 402 with error listing_not_found and is never charged.",
  request: { params: IdParam },
  responses: {
    200: {
      description: "Purchase history",
      content: { "application/json": { schema: z.looseObject({ listing_id: z.string() }) } },
    },
    402: errorResponseSpec("Payment required, or listing_not_found (never charged)"),
    ...commonErrors,
  },
});

export function registerPurchases(app: App, deps: AppDeps) {
  // Documented from the schema; served as a plain route because its answers (402 terms, receipts) are
  // shaped by the seller rather than by one typed response.
  app.openAPIRegistry.registerPath(route);
  app.get("/v1/listings/:id/purchases", async (c) => {
    const id = c.req.param("id");
    return sellPaid(
      c,
      deps,
      {
        route: "purchases",
        amountAtomic: PAID_ROUTES.purchases.atomic,
        description: "Tollgate purchase history",
        successStatus: 200,
        listingId: isListingId(id) ? id : null,
      },
      {
        refuse: async (seller) => {
          const listing = isListingId(id) ? await findListing(deps.db, id) : undefined;
          return !listing || listing.status === "delisted"
            ? seller.refuse("listing_not_found", `no active listing ${safeId(id)}; nothing was charged`)
            : null;
        },
        answer: async () => {
          const listing = await findListing(deps.db, id);
          if (!listing || listing.status === "delisted")
            return { status: 404, body: { error: "not_found", message: `no active listing ${id}` } };
          return { status: 200, body: await purchaseHistory(deps.db, listing) };
        },
      },
    );
  });
}
