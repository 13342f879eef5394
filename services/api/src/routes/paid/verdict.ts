import { PAID_ROUTES } from "@tollgate/core";
import { prepareVerdict } from "@tollgate/registry";
import { isListingId, Verdict } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { urls } from "./respond.js";
import { activeListing, PaidIdParam, paidRoute } from "./route.js";

export function registerVerdict(app: App, deps: AppDeps) {
  paidRoute(app, deps, {
    price: PAID_ROUTES.verdict,
    label: "verdict",
    operationId: "getVerdict",
    tags: ["paid"],
    summary: "Pre-spend verdict",
    description:
      "pay, caution or avoid, from probe history, payTo age and stability and the registry's own purchases, citing a signed attestation published once the payment settles.",
    offer: "Tollgate pre-spend verdict",
    params: PaidIdParam,
    response: { description: "Verdict", schema: Verdict },
    listingId: ({ id }) => (isListingId(id) ? id : null),
    find: ({ id }) => activeListing(deps, id),
    // Reads only: the attestation is signed here and published by the finalizer once the payment settles.
    readOnly: true,
    answer: async (listing) => {
      // The attestation is signed now and published only once the payment settles.
      const { body, attestation } = await prepareVerdict(deps.db, listing, {
        key: deps.payments.signingKey,
        ...urls(deps),
      });
      return { status: 200, body, work: attestation };
    },
  });
}
