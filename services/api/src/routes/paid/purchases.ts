import { PAID_ROUTES } from "@tollgate/core";
import { purchaseHistory } from "@tollgate/registry";
import { isListingId, PurchaseHistory } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { activeListing, PaidIdParam, paidRoute } from "./route.js";

export function registerPurchases(app: App, deps: AppDeps) {
  paidRoute(app, deps, {
    price: PAID_ROUTES.purchases,
    label: "purchases",
    operationId: "getPurchaseHistory",
    tags: ["paid"],
    summary: "Purchase history",
    description:
      "Every real purchase the registry's scout made from the endpoint, oldest first, with consecutive-pair deltas.",
    offer: "Tollgate purchase history",
    params: PaidIdParam,
    response: { description: "Purchase history", schema: PurchaseHistory },
    listingId: ({ id }) => (isListingId(id) ? id : null),
    find: ({ id }) => activeListing(deps, id),
    readOnly: true,
    answer: async (listing) => ({ status: 200, body: await purchaseHistory(deps.db, listing) }),
  });
}
