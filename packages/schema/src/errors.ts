import { z } from "@hono/zod-openapi";

/**
 * Every error code the system answers with, its HTTP status and an example message (shown in the API
 * reference): the one catalog. Routes, verbs, the seller and the tool server raise these names; the real
 * message is written where the error is raised and says how to fix it. Codes the spec names for features
 * not built yet carry `reserved` (a test keeps that list exact; every other code must be raised somewhere).
 */
export const ERROR_CATALOG = {
  validation_failed: { status: 400, example: "endpoint_url: must use https" },
  bad_request: { status: 400, example: "not a well-formed HTTP/1.1 request" },
  invalid_json: { status: 400, example: "request body is not valid JSON" },
  unknown_query_parameter: { status: 400, example: "unknown field(s) sort" },
  endpoint_url_immutable: {
    status: 400,
    example: "endpoint_url is immutable: delist this listing and submit the new URL with POST /v1/listings",
  },
  unknown_plan: { status: 400, example: "plan must be single or pack; nothing was charged" },
  quote_above_plan_cap: {
    status: 400,
    example: "verify-now is sold only for listings quoting up to the plan cap; nothing was charged",
  },
  unauthorized: {
    status: 401,
    example: "claim token is not valid for this listing: recover it through the claim flow",
  },
  claim_token_required: {
    status: 401,
    example: "the owner's claim token is required: send it in x-claim-token",
  },
  claim_token_invalid: {
    status: 401,
    example: "the claim token is not valid for this listing: send it in x-claim-token",
  },
  listing_not_found: {
    status: 402,
    example: "no active listing lst_3f9a0c1b2d4e5f6a7b8c; nothing was charged",
  },
  payment_already_used: {
    status: 402,
    example: "this payment authorization was already presented for another request; sign a new one",
  },
  invalid_payment: { status: 402, example: "payment did not verify" },
  settlement_failed: { status: 402, example: "settlement failed; nothing was charged" },
  authorization_expired: { status: 402, example: "this payment can no longer settle; nothing was charged" },
  authorization_voided: { status: 402, example: "this payment can no longer settle; nothing was charged" },
  proof_not_found: {
    status: 403,
    example: "the token of your challenge was not found at the endpoint's /.well-known claim path or header",
  },
  paid_tier_not_live: {
    status: 403,
    example: "the paid demand tier is offline; the free aggregate is GET /v1/demand",
  },
  not_found: {
    status: 404,
    example: "no active listing with id lst_3f9a0c1b2d4e5f6a7b8c (unknown or delisted)",
  },
  request_timeout: { status: 408, example: "the request did not arrive in time; send it again" },
  endpoint_already_listed: {
    status: 409,
    example: "this endpoint is already listed as lst_3f9a0c1b2d4e5f6a7b8c",
  },
  no_challenge: {
    status: 409,
    example:
      "no active challenge of yours: POST …/claim/challenge, serve its token, then claim with its claim_secret",
  },
  plan_in_progress: {
    status: 409,
    example: "a single plan is open for this listing: 0 of 1 purchases done; nothing was charged",
  },
  submission_pending: {
    status: 409,
    example: "a paid submission of this endpoint is awaiting its settlement",
  },
  payment_in_progress: {
    status: 409,
    example: "this payment is being settled by an earlier request; repeat the same request shortly",
  },
  payload_too_large: { status: 413, example: "request body over 65536 bytes" },
  unsupported_media_type: {
    status: 415,
    example: "send the body as JSON with content-type: application/json",
  },
  rate_limited: { status: 429, example: "too many searches from this address; retry after 12 s" },
  request_header_fields_too_large: {
    status: 431,
    example: "the request line and headers are over 16 KB; shorten the URL",
  },
  internal_error: { status: 500, example: "internal error; the request was not applied" },
  settlement_indeterminate: {
    status: 502,
    example: "the settlement outcome is not known yet; repeat this same request with the same payment header",
  },
  service_unavailable: {
    status: 503,
    example: "the registry is temporarily unavailable; retry after 5 seconds",
  },
  demand_snapshot_not_built_yet: {
    status: 503,
    example: "the clusters snapshot has not been built yet; nothing was offered or charged",
  },
  demand_snapshot_stale: {
    status: 503,
    example: "the clusters snapshot is 50 minutes old (limit 45); nothing was offered or charged",
  },
  demand_snapshot_incomplete: {
    status: 503,
    example:
      "more than 5% of the clusters snapshot's searches are not grouped yet; nothing was offered or charged",
  },
} as const satisfies Record<string, { status: number; example: string; reserved?: string }>;

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
