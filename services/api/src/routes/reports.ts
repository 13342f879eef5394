import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { REPORT_DETAIL_MAX, REPORT_MIN_PAYERS, REPORT_WEIGHT, submitReport } from "@tollgate/registry";
import { ApiError } from "@tollgate/schema";
import type { App } from "../app.js";
import { utf8Body } from "../body.js";
import type { AppDeps } from "../deps.js";
import { enforce } from "../limits.js";
import {
  errorResponseSpec,
  internalError,
  notFoundError,
  rateLimited,
  unsupportedMediaType,
} from "./responses.js";

const ReportRequest = z
  .object({
    listing_id: z.string().openapi({ example: "lst_3f9a0c1b2d4e5f6a7b8c" }),
    ok: z.boolean().openapi({ description: "did it deliver what it promised" }),
    tx_hash: z.string().openapi({ description: "your payment's transaction on Base (0x + 64 hex)" }),
    payer_signature: z.string().openapi({
      description:
        "EIP-191 personal_sign by the paying wallet over message_to_sign: four lines `<service> report v1`, `listing_id: <id>`, `tx_hash: <lowercase>`, `ok: <true|false>`",
    }),
    detail: z.string().max(REPORT_DETAIL_MAX).optional(),
  })
  .openapi("OutcomeReport");

const ReportRecorded = z
  .object({
    report_id: z.string(),
    listing_id: z.string(),
    tx_hash: z.string(),
    payer: z.string(),
    pay_to: z.string(),
    amount_usdc: z.number(),
    ok: z.boolean(),
    recorded_at: z.number().int(),
    recorded_at_iso: z.string(),
    distinct_payers: z.number().int(),
    distinct_payers_ok: z.number().int(),
    affects_ranking: z.boolean(),
    note: z.string(),
  })
  .openapi("OutcomeReportRecorded");

const route: RouteConfig = createRoute({
  method: "post",
  path: "/v1/reports",
  operationId: "postReport",
  tags: ["listings"],
  summary: "Report what a paid call delivered (free; proven on chain)",
  description: `A payer says whether an endpoint delivered. Free; the proof is the payment itself: the transaction's receipt, read from Base, must hold a USDC transfer from the wallet that signed to the listing's live payTo, of at least half the listing's USDC price per call (a dust transfer is no purchase). Each transaction is reportable once. detail at most ${REPORT_DETAIL_MAX} characters. An incomplete attempt answers 400 echoing the exact message_to_sign. Reports move distinct_payers and the payer_reported evidence tier at once; ranking only after ${REPORT_MIN_PAYERS}+ distinct payers reported, then ${REPORT_WEIGHT * 100}% beside ${(1 - REPORT_WEIGHT) * 100}% probe score (each payer's latest report). Rate limited per client: 429 with Retry-After.`,
  request: {
    // By reference: the handler checks the body itself, so that an incomplete attempt gets message_to_sign
    // and the rate limit counts first.
    body: {
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/OutcomeReport" } } },
    },
  },
  responses: {
    201: { description: "Recorded", content: { "application/json": { schema: ReportRecorded } } },
    400: errorResponseSpec(
      "Validation failure naming each reason; message_to_sign is echoed once listing_id, tx_hash and ok are known",
      ["validation_failed", "invalid_json"],
    ),
    ...notFoundError,
    ...unsupportedMediaType,
    ...rateLimited,
    503: errorResponseSpec("The chain could not be read; nothing recorded (Retry-After)", [
      "service_unavailable",
    ]),
    ...internalError,
  },
});

export function registerReports(app: App, deps: AppDeps) {
  app.openAPIRegistry.register("OutcomeReport", ReportRequest);
  app.openapi(route, async (c) => {
    await enforce(deps.limits.reports, c.get("clientIp"), "outcome reports");
    if (!/^application\/(.+\+)?json\b/i.test(c.req.header("content-type") ?? ""))
      throw new ApiError(
        "unsupported_media_type",
        "send the body as JSON with content-type: application/json",
      );
    const text = await utf8Body(c);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError("invalid_json", "request body is not valid JSON");
    }
    const recorded = await submitReport(
      deps.db,
      {
        serviceName: deps.serviceName,
        proof: deps.reports?.proof ?? null,
        usdc: deps.reports?.usdc ?? "",
      },
      raw,
    );
    return c.json(recorded, 201);
  });
}
