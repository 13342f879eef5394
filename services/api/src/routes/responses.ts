import { ERROR_CATALOG, ERROR_STATUS, ErrorBody, type ErrorCode, PaymentRequired, z } from "@tollgate/schema";

/** The groups of /openapi.json; every operation names at least one. */
export const TAGS = {
  listings: "Submit, read, edit and delist listings",
  discovery: "Search the directory and read what it observed",
  claims: "Prove control of a listed endpoint and obtain its edit token",
  paid: "Answers sold over x402 v2 (USDC on Base); charged only on success",
  demand: "What agents search for",
  meta: "The site itself: documents, rules as data, key set, health",
} as const;
export type Tag = keyof typeof TAGS;

/**
 * Codes any operation can answer, raised around the route rather than by it: Node's HTTP parser
 * (client-errors.ts: bad_request, request_timeout, request_header_fields_too_large, payload_too_large),
 * the body limit (app.ts), an unhandled error (internal_error) and Postgres or the rate-limit store being
 * unreachable (service_unavailable). They are documented once for every operation — in the document's
 * info.description and the /docs header — not repeated on each operation; each operation's responses
 * list the codes the operation itself raises. The strict check (error-docs.ts) accepts them everywhere.
 */
export const ANY_OPERATION_ERRORS = [
  "bad_request",
  "request_timeout",
  "payload_too_large",
  "request_header_fields_too_large",
  "internal_error",
  "service_unavailable",
] as const satisfies readonly ErrorCode[];

/** "`bad_request` (400), `request_timeout` (408), …": the codes any operation can answer, in words. */
export const anyOperationErrorsText = () =>
  ANY_OPERATION_ERRORS.map((c) => `\`${c}\` (${ERROR_STATUS[c]})`).join(", ");

/**
 * The x402 payment refusals of the seller (packages/x402/src/sell/seller.ts): a 402 that offers the terms
 * again and charges nothing. The facilitator's own reason may stand in for invalid_payment or
 * settlement_failed, passed through as given.
 */
export const PAYMENT_REFUSALS = [
  "invalid_payment",
  "payment_already_used",
  "settlement_failed",
  "authorization_expired",
  "authorization_voided",
] as const satisfies readonly ErrorCode[];

type Codes = readonly [ErrorCode, ...ErrorCode[]];

const codeList = (codes: readonly string[]) => codes.map((c) => `\`${c}\``).join(", ");

/** One example body per code, so Swagger UI shows each. */
const examplesOf = (codes: Codes) =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      {
        summary: code,
        value: {
          error: code,
          message: ERROR_CATALOG[code].example,
          request_id: "req_5f2b9c0e1d7a4b3c8e6f0a12",
        },
      },
    ]),
  );

/** The Error body with `error` narrowed to `codes`: `allOf` the Error component, so every field stays documented. */
const errorBodyOf = (codes: Codes) => ErrorBody.and(z.object({ error: z.enum(codes) }));

/** An error response naming exactly the codes the operation answers with this status. */
export function errorResponseSpec(description: string, codes: Codes) {
  return {
    description: `${description}. Codes: ${codeList(codes)}.`,
    content: { "application/json": { schema: errorBodyOf(codes), examples: examplesOf(codes) } },
  };
}

/** 400: the request's own input refused, each reason named. */
export const invalidInput = (...codes: Codes) => ({
  400: errorResponseSpec("Invalid input: `{error, message}` naming each reason", codes),
});
/** 500, on every data route (also one of ANY_OPERATION_ERRORS). */
export const internalError = {
  500: errorResponseSpec("Internal error; nothing was applied", ["internal_error"]),
} as const;
/** The 400 of a route with input (its codes) and the 500 every data route documents. */
export const commonErrors = (...codes400: ErrorCode[]) => ({
  ...(codes400.length > 0 ? invalidInput(...(codes400 as [ErrorCode, ...ErrorCode[]])) : {}),
  ...internalError,
});
export const notFoundError = {
  404: errorResponseSpec("Not found or delisted", ["not_found"]),
} as const;
export const authErrors = {
  401: errorResponseSpec("Missing or invalid claim token; names the claim flow", ["unauthorized"]),
} as const;
export const conflictError = (description: string, codes: Codes) => ({
  409: errorResponseSpec(description, codes),
});
export const rateLimited = {
  429: errorResponseSpec("Rate limited per client (Retry-After)", ["rate_limited"]),
} as const;
export const unsupportedMediaType = {
  415: errorResponseSpec("Not sent as application/json", ["unsupported_media_type"]),
} as const;

/**
 * A paid route's 402: the x402 v2 offer (the same PaymentRequired object in the PAYMENT-REQUIRED header and
 * the body), or a refusal with an `error` code (`refusals`) that offers and charges nothing.
 */
export const paymentRequiredSpec = (description: string, refusals: Codes) => ({
  402: {
    description: `${description}. Refusal codes: ${codeList(refusals)}${refusals.some((c) => (PAYMENT_REFUSALS as readonly string[]).includes(c)) ? "; the facilitator's own reason may stand in for `invalid_payment` or `settlement_failed`" : ""}.`,
    headers: z.object({
      "PAYMENT-REQUIRED": z
        .string()
        .optional()
        .openapi({ description: "base64 JSON of the PaymentRequired object; absent on a refusal" }),
      "PAYMENT-RESPONSE": z.string().optional().openapi({
        description:
          'only when a settlement was tried and the facilitator refused it (nothing charged): base64 JSON {success: false, errorReason, transaction: "", network, payer}',
      }),
    }),
    content: {
      "application/json": {
        schema: z.union([PaymentRequired, errorBodyOf(refusals)]),
        examples: examplesOf(refusals),
      },
    },
  },
});

/**
 * What every paid sale can answer besides its own refusals (seller.ts): the same payment still being
 * settled (409), a settlement whose outcome is not known yet (502), payments not configured or the
 * facilitator unreachable (503).
 */
export const saleErrors = {
  409: errorResponseSpec("The same payment is being settled by an earlier request (Retry-After)", [
    "payment_in_progress",
  ]),
  502: errorResponseSpec(
    "Settlement outcome not known yet: repeat the same request with the same payment (never sign again)",
    ["settlement_indeterminate"],
  ),
  503: errorResponseSpec("Payments are not configured here or cannot be verified now; nothing charged", [
    "service_unavailable",
  ]),
} as const;
