import { z } from "@hono/zod-openapi";

/**
 * Every error code the API answers with, and its HTTP status. One place: routes, verbs and tests use
 * these names; the message is written where the error is raised and says how to fix it.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  invalid_json: 400,
  unknown_query_parameter: 400,
  endpoint_url_immutable: 400,
  unknown_plan: 400,
  quote_above_plan_cap: 400,
  unauthorized: 401,
  claim_token_required: 401,
  claim_token_invalid: 401,
  payment_required: 402,
  listing_not_found: 402,
  payment_already_used: 402,
  invalid_payment: 402,
  proof_not_found: 403,
  paid_tier_not_live: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  endpoint_already_listed: 409,
  no_challenge: 409,
  plan_in_progress: 409,
  submission_pending: 409,
  payment_in_progress: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  request_header_fields_too_large: 431,
  internal_error: 500,
  settlement_indeterminate: 502,
  service_unavailable: 503,
  demand_snapshot_not_built_yet: 503,
  demand_snapshot_stale: 503,
  demand_snapshot_incomplete: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorBody = z
  .object({
    error: z.string().openapi({ example: "validation_failed" }),
    message: z.string().openapi({ example: "endpoint_url: must use https" }),
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

  body(): ErrorBody {
    return { ...this.extra, error: this.code, message: this.message };
  }
}
