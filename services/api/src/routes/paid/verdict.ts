import { createRoute, z } from "@hono/zod-openapi";
import { PAID_ROUTES } from "@tollgate/core";
import { findListing, prepareVerdict } from "@tollgate/registry";
import { isListingId } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { IdParam } from "../listings/get.js";
import { commonErrors, errorResponseSpec } from "../responses.js";
import { sellPaid, urls } from "./respond.js";

const route = createRoute({
  method: "get",
  path: "/v1/listings/{id}/verdict",
  summary: "Pre-spend verdict (paid, 0.005 USD)",
  description:
    "x402 v2: an unpaid call answers 402 with PaymentRequired in the PAYMENT-REQUIRED header and the body. Settled only when the answer is 200. An unknown or delisted id answers 402 with `error` and is never charged.",
  request: { params: IdParam },
  responses: {
    200: {
      description: "Verdict; PAYMENT-RESPONSE carries the receipt",
      content: {
        "application/json": { schema: z.looseObject({ verdict: z.enum(["pay", "caution", "avoid"]) }) },
      },
    },
    402: errorResponseSpec("Payment required, or unknown id (never charged)"),
    ...commonErrors,
  },
});

export function registerVerdict(app: App, deps: AppDeps) {
  // Documented from the schema; served as a plain route because its answers (402 terms, receipts) are
  // shaped by the seller rather than by one typed response.
  app.openAPIRegistry.registerPath(route);
  app.get("/v1/listings/:id/verdict", async (c) => {
    const id = c.req.param("id");
    return sellPaid(
      c,
      deps,
      {
        route: "verdict",
        amountAtomic: PAID_ROUTES.verdict.atomic,
        description: "Tollgate pre-spend verdict",
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
          // The attestation is signed now and published only once the payment settles.
          const { body, attestation } = await prepareVerdict(deps.db, listing, {
            key: deps.payments.signingKey,
            ...urls(deps),
          });
          return { status: 200, body, work: attestation };
        },
      },
    );
  });
}

/** An id as it may be echoed in a message: only the shape of an id, never arbitrary bytes. */
export const safeId = (id: string) => (isListingId(id) ? id : JSON.stringify(id.slice(0, 40)));
