import { createRoute, z } from "@hono/zod-openapi";
import { PAID_ROUTES } from "@tollgate/core";
import { sellableSnapshot } from "@tollgate/registry";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { sellPaid } from "../paid/respond.js";
import { commonErrors, errorResponseSpec } from "../responses.js";

const routes = [
  {
    kind: "clusters",
    path: "/v1/demand/clusters",
    price: PAID_ROUTES.demand_clusters,
    summary: "Current demand grouped by meaning (paid, 0.25 USD)",
  },
  {
    kind: "report",
    path: "/v1/demand/report",
    price: PAID_ROUTES.demand_report,
    summary: "Demand report (paid, 2 USD)",
  },
] as const;

/** Paid demand: stale, incomplete or missing snapshots and a switched-off tier are refused before any offer. */
export function registerDemandPaid(app: App, deps: AppDeps) {
  for (const r of routes) {
    app.openAPIRegistry.registerPath(
      createRoute({
        method: "get",
        path: r.path,
        summary: r.summary,
        description:
          "x402 v2, settled only on 200. 503 (demand_snapshot_not_built_yet, _stale, _incomplete) with Retry-After and 403 paid_tier_not_live offer nothing and charge nothing.",
        responses: {
          200: {
            description: "Snapshot",
            content: { "application/json": { schema: z.looseObject({ generated_at: z.number() }) } },
          },
          402: errorResponseSpec("Payment required"),
          403: errorResponseSpec("paid_tier_not_live"),
          503: errorResponseSpec("Snapshot missing, stale or incomplete"),
          ...commonErrors,
        },
      }),
    );
    app.get(r.path, async (c) => {
      let snapshot: unknown = null;
      return sellPaid(
        c,
        deps,
        {
          route: `demand_${r.kind}`,
          amountAtomic: r.price.atomic,
          description: r.summary,
          successStatus: 200,
        },
        {
          // Missing, stale or incomplete snapshots and a switched-off tier: refused before any offer.
          refuse: async () => {
            snapshot = await sellableSnapshot(deps.db, r.kind, deps.demand);
            return null;
          },
          answer: async () => ({ status: 200, body: snapshot }),
        },
      );
    });
  }
}
