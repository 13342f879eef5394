import { z } from "@hono/zod-openapi";

const n = z.number().nullable();
const int = z.number().int();
const intN = z.number().int().nullable();
const strN = z.string().nullable();

export const PaidDepth = z
  .object({
    rung: z.string(),
    deliveries: int,
    span_weeks: int,
    first_ok_at: intN,
    first_ok_at_iso: strN,
    last_ok_at: intN,
    last_ok_at_iso: strN,
    last_attempt_ok: intN,
    through_change: z.boolean(),
  })
  .openapi("PaidDepth");

export const ListingSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    endpoint_url: z.string(),
    category: z.string(),
    kind: z.enum(["api", "agent"]),
    price_amount: z.number(),
    price_currency: z.string(),
    chains: z.array(z.string()),
    status: z.enum(["verified", "unverified", "failing", "delisted"]),
    status_changed_at: int,
    status_changed_at_iso: z.string(),
    has_sample: z.boolean(),
    score: n,
    probe_count: int,
    probes_passed: intN,
    probes_failed: intN,
    p50_latency_ms: n,
    p95_latency_ms: n,
    last_probed_at: intN,
    last_probed_at_iso: strN,
    x402_version: intN,
    payment_protocols: z.array(z.string()),
    mpp_methods: z.array(z.string()).nullable(),
    paid_verified: z.boolean(),
    paid_verified_at: intN,
    paid_verified_at_iso: strN,
    paid_verification_latest: z.record(z.string(), z.unknown()).nullable(),
    paid_depth: PaidDepth,
    evidence_tier: z.enum(["payer_reported", "paid_verified", "probe_verified", "probe_only", "unproven"]),
    evidence_note: z.string(),
    verdict_age_seconds: intN,
    payto_sentinel: z.boolean(),
    payto_unstable: z.boolean(),
    payto_note: strN,
    onchain_scope: strN,
    onchain_unique_payers_30d: intN,
    onchain_tx_count_30d: intN,
    onchain_volume_usd_30d: n,
    onchain_checked_at: intN,
    onchain_checked_at_iso: strN,
    onchain_source: strN,
    onchain_count_capped: z.boolean(),
    onchain_payto_shared_listings: intN,
    onchain_daily: z.array(z.record(z.string(), z.unknown())).nullable(),
    onchain_shape: z.record(z.string(), z.unknown()).nullable(),
  })
  .passthrough()
  .openapi("ListingSummary");

export const ListingDetail = ListingSummary.extend({
  endpoint_canonical: z.string(),
  request_schema: z.record(z.string(), z.unknown()).nullable(),
  response_schema: z.record(z.string(), z.unknown()).nullable(),
  sample_query: strN,
  facilitator_url: strN,
  delisted_reason: strN,
  origin: z.enum(["submitted", "indexed", "claimed"]),
  ephemeral: z.boolean(),
  created_at: int,
  created_at_iso: z.string(),
  updated_at: int,
  updated_at_iso: z.string(),
  embedding_synced_at: intN,
  embedding_synced_at_iso: strN,
  p99_latency_ms: n,
  last_ok_at: intN,
  last_ok_at_iso: strN,
  consecutive_failures: int,
  probe_interval_s: int,
  probe_tier: z.string(),
  next_check_by: int,
  next_check_by_iso: z.string(),
  next_check_basis: z.string(),
  distinct_payers: int,
  transport: strN,
  obs_scheme: strN,
  obs_network: strN,
  obs_asset: strN,
  obs_pay_to: strN,
  accepts_count: intN,
  accepts_index: intN,
  amount_atomic: strN,
  amount_usd: n,
  domain_name: strN,
  domain_version: strN,
  observed_at: intN,
  observed_at_iso: strN,
  obs_first_seen_at: intN,
  obs_first_seen_at_iso: strN,
  price_changed_at: intN,
  price_changed_at_iso: strN,
  pay_to_changed_at: intN,
  pay_to_changed_at_iso: strN,
  payto_distinct_recent: int,
  header_bytes: intN,
  verified_via: strN,
  testnet: z.boolean(),
  mpp_offers: z.unknown().nullable(),
  mpp_note: strN,
  onchain_provider_status: strN,
  onchain_provider_error: strN,
  onchain_payto_checked: strN,
  onchain_last_attempt_at: intN,
  onchain_last_attempt_at_iso: strN,
  onchain_wallet: z.record(z.string(), z.unknown()).nullable(),
  method_note: strN,
  paid_verification: z.record(z.string(), z.unknown()),
  paid_verified_age_days: intN,
  observed: z.record(z.string(), z.unknown()).nullable(),
  report_outcome: z.record(z.string(), z.unknown()),
}).openapi("ListingDetail");
export type ListingDetail = z.infer<typeof ListingDetail>;
export type ListingSummary = z.infer<typeof ListingSummary>;

export const ListingIndex = z
  .object({
    total: int,
    count: int,
    limit: int,
    offset: int,
    next_offset: intN,
    results: z.array(ListingSummary),
  })
  .openapi("ListingIndex");

export const DiscoverResult = z
  .object({ count: int, results: z.array(ListingSummary), note: z.string().optional() })
  .passthrough()
  .openapi("DiscoverResult");

export const Resolution = z
  .object({ match: z.enum(["active", "delisted", "not_listed"]), detail: ListingDetail.nullable() })
  .openapi("Resolution");

export const Category = z
  .object({
    id: z.string().openapi({ example: "data.weather" }),
    namespace: z.string().openapi({ example: "data" }),
    description: z.string(),
    listings: int.openapi({ description: "active listings in this category" }),
  })
  .openapi("Category");
export const CategoryList = z
  .object({ count: int, categories: z.array(Category), note: z.string() })
  .openapi("CategoryList");
