import { createRoute, z } from "@hono/zod-openapi";
import { PAID_ROUTES } from "@tollgate/core";
import { findListing, issueVerdict } from "@tollgate/registry";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { IdParam } from "../listings/get.js";
import { commonErrors, errorResponseSpec } from "../responses.js";
import { paymentHeader, requireSeller, respond, urls } from "./respond.js";

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
    const seller = requireSeller(deps);
    const id = c.req.param("id");
    const listing = await findListing(deps.db, id);
    if (!listing || listing.status === "delisted")
      return respond(c, seller.refuse("listing_not_found", `no active listing ${id}; nothing was charged`));
    const answer = await seller.sell(
      { url: c.req.url, paymentHeader: paymentHeader(c) },
      {
        route: "verdict",
        amountAtomic: PAID_ROUTES.verdict.atomic,
        description: "Tollgate pre-spend verdict",
        successStatus: 200,
        listingId: id,
      },
      async () => ({
        status: 200,
        body: await issueVerdict(deps.db, listing, { key: deps.payments.signingKey, ...urls(c) }),
      }),
    );
    return respond(c, answer);
  });
}
