import { z } from "@hono/zod-openapi";

const n = z.number().nullable();
const int = z.number().int();
const intN = z.number().int().nullable();
const strN = z.string().nullable();

/** One offer of an x402 v2 402 answer. */
export const PaymentRequirements = z
  .object({
    scheme: z.literal("exact"),
    network: z.string().openapi({ example: "eip155:8453" }),
    asset: z.string().openapi({ description: "USDC contract address" }),
    amount: z.string().openapi({ description: "atomic units (6 decimals)", example: "5000" }),
    payTo: z.string(),
    maxTimeoutSeconds: int,
    extra: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough()
  .openapi("PaymentRequirements");

/**
 * The x402 v2 PaymentRequired object, the same in the PAYMENT-REQUIRED header and the body. `error` says why
 * a presented payment was not taken: one of the catalog's payment codes, or the facilitator's own reason.
 */
export const PaymentRequired = z
  .object({
    x402Version: z.literal(2),
    error: z.string().optional().openapi({
      description:
        "invalid_payment, settlement_failed, authorization_expired, authorization_voided, or the facilitator's reason as given; absent on a plain offer",
    }),
    message: z.string().optional(),
    request_id: z.string().optional(),
    resource: z.object({ url: z.string(), description: z.string(), mimeType: z.string() }),
    accepts: z.array(PaymentRequirements),
  })
  .openapi("PaymentRequired");
export type PaymentRequired = z.infer<typeof PaymentRequired>;

/** GET /v1/listings/{id}/verdict (paid): the pre-spend verdict and the attestation it cites. */
export const Verdict = z
  .object({
    listing_id: z.string(),
    endpoint_url: z.string(),
    verdict: z.enum(["pay", "caution", "avoid"]),
    reasons: z.array(z.string()),
    self_referential: z.boolean().openapi({
      description: "the registry operates the endpoint: never better than caution",
    }),
    as_of: int,
    as_of_iso: z.string(),
    status: z.string(),
    verified_via: strN,
    probe: z.object({
      score: n,
      probe_count: int,
      probes_passed: intN,
      probes_failed: intN,
      consecutive_failures: int,
      last_probed_at: intN,
      last_ok_at: intN,
      p50_latency_ms: n,
      p95_latency_ms: n,
    }),
    payto: z.object({
      address: strN,
      age_days: intN,
      min_age_days: int,
      distinct_recent: int,
      unstable: z.boolean(),
      sentinel: z.boolean(),
    }),
    onchain_30d: z.object({ known: z.boolean(), note: z.string().optional() }).passthrough(),
    paid_verification: z
      .object({
        attempted: z.boolean(),
        delivered: z.boolean().optional(),
        at: intN.optional(),
        tx_hash: strN.optional(),
        amount_usdc: n.optional(),
        note: z.string().optional(),
      })
      .openapi({ description: "the registry's own latest real purchase from the endpoint" }),
    price: z.object({
      listed_usd: z.number(),
      quoted_atomic: strN,
      quoted_usd: n,
      matches_listing: z.boolean().nullable(),
      changed_at: intN,
    }),
    rule: z.string(),
    verification: z
      .object({
        attestation_id: z.string(),
        attestation_url: z.string(),
        jws: z.string(),
        alg: z.literal("EdDSA"),
        kid: z.string(),
        key_url: z.string(),
        valid_until: int,
      })
      .nullable(),
    verification_schema: z.object({ payload: z.string(), signature: z.string() }),
    verification_note: z.string(),
  })
  .openapi("Verdict");
export type Verdict = z.infer<typeof Verdict>;

export const Purchase = z
  .object({
    at: intN,
    at_iso: z.string(),
    outcome: z.string(),
    delivered: z.boolean(),
    quote_atomic: strN,
    listed_price_usd: n,
    amount_usdc: n,
    tx_hash: strN,
    http_status: intN,
    json_valid: z.boolean().nullable(),
    schema_valid: z.boolean().nullable(),
    fresh: z.boolean().nullable(),
    body_sha256: strN,
    failure_reason: strN,
  })
  .openapi("Purchase");

/** GET /v1/listings/{id}/purchases (paid): every real purchase oldest first, with consecutive-pair deltas. */
export const PurchaseHistory = z
  .object({
    listing_id: z.string(),
    endpoint_url: z.string(),
    status: z.string(),
    as_of: intN,
    summary: z.object({
      purchases: int,
      delivered: int,
      failed: int,
      first_at: intN,
      last_at: intN,
      usdc_spent: z.number(),
    }),
    purchases: z.array(Purchase),
    pairs: z.array(
      z.object({
        from_at: intN,
        to_at: intN,
        delivery: z.enum(["held", "regressed", "recovered"]),
        price: z.enum(["held", "moved"]),
        quote_delta_usdc: n,
        body: z.enum(["same", "changed", "no_hash"]),
      }),
    ),
    basis: z.string(),
    rule: z.string(),
  })
  .openapi("PurchaseHistory");
export type PurchaseHistory = z.infer<typeof PurchaseHistory>;
