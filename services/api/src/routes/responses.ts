import { ErrorBody, PaymentRequired, z } from "@tollgate/schema";

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

const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorBody } },
});

/** Error responses shared by every route. */
export const commonErrors = {
  400: err("Invalid input: `{error, message}` naming each reason"),
  500: err("Internal error; nothing was applied"),
} as const;
export const notFoundError = { 404: err("Not found or delisted") } as const;
export const authErrors = { 401: err("Missing or invalid claim token; names the claim flow") } as const;
export const conflictError = { 409: err("Conflict") } as const;
export { err as errorResponseSpec };

/**
 * A paid route's 402: the x402 v2 offer (the same PaymentRequired object in the PAYMENT-REQUIRED header and
 * the body), or a refusal with an `error` code that offers and charges nothing.
 */
export const paymentRequiredSpec = (description: string) => ({
  402: {
    description,
    headers: z.object({
      "PAYMENT-REQUIRED": z
        .string()
        .optional()
        .openapi({ description: "base64 JSON of the PaymentRequired object; absent on a refusal" }),
    }),
    content: { "application/json": { schema: z.union([PaymentRequired, ErrorBody]) } },
  },
});
