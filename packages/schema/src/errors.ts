import { z } from "@hono/zod-openapi";

/**
 * Every error code the system answers with, and its HTTP status: the one catalog. Routes, verbs, the
 * seller and the tool server raise these names; the message is written where the error is raised and says
 * how to fix it. Codes the spec names for features not built yet carry `reserved` (a test keeps that list
 * exact; every other code must be raised somewhere).
 */
export const ERROR_CATALOG = {
  validation_failed: { status: 400 },
  bad_request: { status: 400 },
  invalid_json: { status: 400 },
  unknown_query_parameter: { status: 400 },
  endpoint_url_immutable: { status: 400 },
  unknown_plan: { status: 400 },
  quote_above_plan_cap: { status: 400 },
  unauthorized: { status: 401 },
  claim_token_required: { status: 401 },
  claim_token_invalid: { status: 401 },
  listing_not_found: { status: 402 },
  payment_already_used: { status: 402 },
  invalid_payment: { status: 402 },
  settlement_failed: { status: 402 },
  authorization_expired: { status: 402 },
  authorization_voided: { status: 402 },
  proof_not_found: { status: 403 },
  paid_tier_not_live: { status: 403 },
  not_found: { status: 404 },
  request_timeout: { status: 408 },
  endpoint_already_listed: { status: 409 },
  no_challenge: { status: 409 },
  plan_in_progress: { status: 409 },
  submission_pending: { status: 409 },
  payment_in_progress: { status: 409 },
  payload_too_large: { status: 413 },
  unsupported_media_type: { status: 415 },
  rate_limited: { status: 429 },
  request_header_fields_too_large: { status: 431 },
  internal_error: { status: 500 },
  settlement_indeterminate: { status: 502 },
  service_unavailable: { status: 503 },
  demand_snapshot_not_built_yet: { status: 503 },
  demand_snapshot_stale: { status: 503 },
  demand_snapshot_incomplete: { status: 503 },
} as const satisfies Record<string, { status: number; reserved?: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** Every code, in catalog order. */
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as [ErrorCode, ...ErrorCode[]];

/** Codes declared for features not served yet: no code raises them. */
export const RESERVED_ERROR_CODES = ERROR_CODES.filter((c) => "reserved" in ERROR_CATALOG[c]);

/** HTTP status by code. */
export const ERROR_STATUS = Object.fromEntries(
  ERROR_CODES.map((c) => [c, ERROR_CATALOG[c].status]),
) as Record<ErrorCode, number>;

export const ErrorCode = z.enum(ERROR_CODES).openapi("ErrorCode", {
  description: `Machine-readable error code. ${ERROR_CODES.filter((c) => !("reserved" in ERROR_CATALOG[c]))
    .map((c) => `${c} (${ERROR_STATUS[c]})`)
    .join(
      ", ",
    )}.${RESERVED_ERROR_CODES.length ? ` Reserved, not served yet: ${RESERVED_ERROR_CODES.join(", ")}.` : ""}`,
});

/** The one error body: `{error, message, request_id}` plus the fields a code names (e.g. `retry_after_s`). */
export const ErrorBody = z
  .object({
    error: ErrorCode,
    message: z
      .string()
      .openapi({ description: "What went wrong and how to fix it", example: "endpoint_url: must use https" }),
    request_id: z.string().openapi({
      description: "Also in the x-request-id response header; quote it when reporting a problem",
      example: "req_5f2b9c0e1d7a4b3c8e6f0a12",
    }),
  })
  .passthrough()
  .openapi("Error");
export type ErrorBody = z.infer<typeof ErrorBody>;

/** An error a verb raises; transports turn it into `{error, message, ...extra}` with its status. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }

  /** The body without the request id, which only the transport knows. */
  body(): Omit<ErrorBody, "request_id"> {
    return { ...this.extra, error: this.code, message: this.message };
  }
}
