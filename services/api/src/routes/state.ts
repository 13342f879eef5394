import { createRoute, z } from "@hono/zod-openapi";
import { ledgerReport, paidVerificationReport } from "@tollgate/registry";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";

/** Directory data is published under CC-BY-4.0 (spec, introduction); each report file says so. */
export const DATA_LICENSE = {
  name: "CC-BY-4.0",
  url: "https://creativecommons.org/licenses/by/4.0/",
  attribution: "Tollgate registry",
};

const REPORTS = [
  {
    path: "/state/paid-verification.json",
    title: "Paid delivery census: what the registry's scout bought and what was delivered",
    kind: "census",
  },
  {
    path: "/state/the-ledger.json",
    title: "The ledger: 30-day USDC payments on Base to listed sellers",
    kind: "ledger",
  },
  { path: "/methodology.json", title: "The rules as data", kind: "rules" },
] as const;

const json = (description: string, name: string) => ({
  200: {
    description,
    content: { "application/json": { schema: z.object({}).passthrough().openapi(name) } },
  },
});

/** The report files: the index, the paid-delivery census and the ledger, computed from what was recorded. */
export function registerState(app: App, deps: AppDeps) {
  app.openapi(
    createRoute({
      method: "get",
      path: "/state.json",
      operationId: "getReportIndex",
      tags: ["meta"],
      summary: "Report index",
      description: "The report files this registry publishes, with their absolute URLs.",
      responses: json("Report index", "ReportIndex"),
    }),
    (c) =>
      c.json(
        {
          document: "tollgate report index",
          html: null,
          license: DATA_LICENSE,
          reports: REPORTS.map((r) => ({
            path: r.path,
            url: `${deps.publicBaseUrl}${r.path}`,
            title: r.title,
            published:
              r.kind === "rules" ? "generated from the rules the code runs on" : "computed live at each read",
            twin: null,
            kind: r.kind,
          })),
        },
        200,
      ),
  );
  app.openapi(
    createRoute({
      method: "get",
      path: "/state/paid-verification.json",
      operationId: "getPaidVerificationCensus",
      tags: ["meta"],
      summary: "Paid delivery census",
      description:
        "Frozen census figures (once per UTC day) plus a live block: the scout's latest purchase per listing, by outcome.",
      responses: json("Census", "PaidVerificationCensus"),
    }),
    async (c) => c.json({ ...(await paidVerificationReport(deps.db)), license: DATA_LICENSE }, 200),
  );
  app.openapi(
    createRoute({
      method: "get",
      path: "/state/the-ledger.json",
      operationId: "getLedger",
      tags: ["meta"],
      summary: "The ledger",
      description:
        "30-day USDC payments on Base to the payTo addresses of active listings, from the registry's own chain index, computed live.",
      responses: json("Ledger", "Ledger"),
    }),
    async (c) => {
      const report = await ledgerReport(deps.db);
      return c.json(
        {
          report: "the-ledger",
          ...report,
          ...(report.indexed_to_block === null
            ? { note: "the chain index has not read any block yet: the figures are empty, not zero payments" }
            : {}),
          license: DATA_LICENSE,
        },
        200,
      );
    },
  );
}
