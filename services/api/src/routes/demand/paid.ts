import { PAID_ROUTES } from "@tollgate/core";
import { sellableSnapshot } from "@tollgate/registry";
import { DemandClusters, DemandReport } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { type PaidRouteSpec, paidRoute } from "../paid/route.js";

const refusals = {
  403: {
    description: "The paid tier is switched off; the free aggregate is GET /v1/demand",
    codes: ["paid_tier_not_live"],
  },
  503: {
    description:
      "The snapshot is missing, stale or incomplete (Retry-After), or payments are unavailable; nothing offered or charged",
    codes: ["demand_snapshot_not_built_yet", "demand_snapshot_stale", "demand_snapshot_incomplete"],
  },
} satisfies PaidRouteSpec<undefined, unknown>["refusals"];
const description =
  "From the latest snapshot (rebuilt every 15 minutes). A missing, stale (over 45 minutes) or incomplete (over 5% ungrouped) snapshot answers 503 and a switched-off tier 403, before anything is offered; nothing is charged.";

/** Paid demand: stale, incomplete or missing snapshots and a switched-off tier are refused before any offer. */
export function registerDemandPaid(app: App, deps: AppDeps) {
  paidRoute(app, deps, {
    price: PAID_ROUTES.demand_clusters,
    label: "demand_clusters",
    operationId: "getDemandClusters",
    tags: ["paid", "demand"],
    summary: "Current demand grouped by meaning",
    description,
    offer: "Current demand grouped by meaning (paid, 0.25 USD)",
    response: { description: "Clusters snapshot", schema: DemandClusters },
    refusals,
    find: () => sellableSnapshot(deps.db, "clusters", deps.demand),
    // Reads only (the stored snapshot): the answer is kept with the payment's reservation in one write.
    readOnly: true,
    answer: async (snapshot) => ({ status: 200, body: snapshot }),
  });
  paidRoute(app, deps, {
    price: PAID_ROUTES.demand_report,
    label: "demand_report",
    operationId: "getDemandReport",
    tags: ["paid", "demand"],
    summary: "Demand report",
    description,
    offer: "Demand report (paid, 2 USD)",
    response: { description: "Report snapshot", schema: DemandReport },
    refusals,
    find: () => sellableSnapshot(deps.db, "report", deps.demand),
    readOnly: true,
    answer: async (snapshot) => ({ status: 200, body: snapshot }),
  });
}
