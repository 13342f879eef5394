import type { ListingRow } from "@tollgate/db";

/** A listing as reads use it: everything but the embedding vector and the search index column. */
export type ListingRecord = Omit<ListingRow, "embedding" | "search_tsv">;

const EXCLUDED = new Set(["embedding", "search_tsv"]);

/** Column list for reads, so a page of listings never drags 2 KB vectors along. */
export const LISTING_COLUMNS = [
  "id",
  "name",
  "description",
  "endpoint_url",
  "endpoint_canonical",
  "host",
  "registered_domain",
  "category",
  "kind",
  "price_amount",
  "price_currency",
  "chains",
  "request_schema",
  "response_schema",
  "sample_query",
  "submitter_email",
  "facilitator_url",
  "origin",
  "ephemeral",
  "self_referential",
  "status",
  "status_changed_at",
  "delisted_at",
  "delisted_reason",
  "fee_payment_id",
  "score",
  "probe_count",
  "probes_passed",
  "probes_failed",
  "consecutive_failures",
  "last_probed_at",
  "last_ok_at",
  "p50_latency_ms",
  "p95_latency_ms",
  "p99_latency_ms",
  "probe_interval_s",
  "probe_tier",
  "next_check_by",
  "next_check_basis",
  "x402_version",
  "payment_protocols",
  "mpp_methods",
  "mpp_offers",
  "transport",
  "verified_via",
  "obs_scheme",
  "obs_network",
  "obs_asset",
  "obs_pay_to",
  "accepts_count",
  "accepts_index",
  "amount_atomic",
  "amount_usd",
  "domain_name",
  "domain_version",
  "observed_at",
  "obs_first_seen_at",
  "price_changed_at",
  "pay_to_changed_at",
  "payto_distinct_recent",
  "payto_unstable",
  "payto_sentinel",
  "header_bytes",
  "testnet",
  "sample_ok", "lease_until", "last_failed_at", "last_failure_reason",
  "embedding_synced_at",
  "created_at",
  "updated_at",
] as const satisfies readonly Exclude<keyof ListingRow, "embedding" | "search_tsv">[];

// Compile-time completeness: every column but the excluded ones is listed.
type Missing = Exclude<keyof ListingRecord, (typeof LISTING_COLUMNS)[number]>;
const _complete: Missing extends never ? true : Missing = true;
void _complete;
void EXCLUDED;
