import { isoOrNull, unixSeconds } from "@tollgate/core";
import type { ListingDetail, ListingSummary } from "@tollgate/schema";
import type { ListingRecord as ListingRow } from "./columns.js";
import { onchainOf } from "./onchain/figures.js";
import type { PaidState } from "./paid/scout.js";
import { REPORT_MIN_PAYERS, REPORT_WEIGHT } from "./reports/index.js";

/** `{name: unix, name_iso: iso}` for a timestamp column. */
function stamp<K extends string>(name: K, d: Date | null | undefined) {
  return { [name]: unixSeconds(d), [`${name}_iso`]: isoOrNull(d) } as Record<K | `${K}_iso`, never>;
}

function paytoNote(row: ListingRow): string | null {
  if (row.payto_sentinel)
    return "The live payment challenge names a burn address: a payment to this endpoint would be destroyed.";
  if (row.payto_unstable)
    return `Several different payment addresses (${row.payto_distinct_recent}) were served across recent checks.`;
  return null;
}

/** The listing's derived paid state (written by the scout when it records a purchase), if any. */
function paidState(row: ListingRow): PaidState | null {
  return (row.paid_state as PaidState | null) ?? null;
}

function evidence(row: ListingRow): { tier: ListingSummary["evidence_tier"]; note: string } {
  const paid = paidState(row);
  if (row.report_payers_ok > 0)
    return {
      tier: "payer_reported",
      note: `${row.report_payers} distinct paying wallet(s) reported an outcome, each proven by its own USDC payment on chain and signed by the wallet that paid; ${row.report_payers_ok} said it delivered in their latest report.`,
    };
  if (paid?.verified && paid.latest?.delivered)
    return {
      tier: "paid_verified",
      note: "The registry's scout paid this endpoint with real USDC and the latest purchase delivered.",
    };
  if (row.status === "verified")
    return { tier: "probe_verified", note: "Answers a valid payment challenge on every recent probe." };
  if (row.probe_count > 0)
    return { tier: "probe_only", note: "Probed, not yet verified; no paid delivery checked yet." };
  return { tier: "unproven", note: "Not probed yet." };
}

const NO_DEPTH = {
  rung: "none",
  deliveries: 0,
  span_weeks: 0,
  first_ok_at: null,
  first_ok_at_iso: null,
  last_ok_at: null,
  last_ok_at_iso: null,
  last_attempt_ok: null,
  through_change: false,
};

/** Listing summary (discover items and the listing index) from one row. */
export function toListingSummary(row: ListingRow): ListingSummary {
  const ev = evidence(row);
  const paid = paidState(row);
  const verifiedAt = paid?.verified ? new Date(paid.verified.at * 1000) : null;
  const oc = onchainOf(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    endpoint_url: row.endpoint_url,
    category: row.category,
    kind: row.kind as ListingSummary["kind"],
    price_amount: row.price_amount,
    price_currency: row.price_currency,
    chains: row.chains,
    status: row.status as ListingSummary["status"],
    ...stamp("status_changed_at", row.status_changed_at),
    status_changed_at: unixSeconds(row.status_changed_at) ?? 0,
    status_changed_at_iso: row.status_changed_at.toISOString(),
    has_sample: row.sample_query !== null,
    score: row.score,
    probe_count: row.probe_count,
    probes_passed: row.probe_count > 0 ? row.probes_passed : null,
    probes_failed: row.probe_count > 0 ? row.probes_failed : null,
    p50_latency_ms: row.p50_latency_ms,
    p95_latency_ms: row.p95_latency_ms,
    ...stamp("last_probed_at", row.last_probed_at),
    x402_version: row.x402_version,
    payment_protocols: row.payment_protocols,
    mpp_methods: row.mpp_methods,
    paid_verified: paid?.verified != null,
    ...stamp("paid_verified_at", verifiedAt),
    paid_verification_latest: paid?.latest ?? null,
    paid_depth: paid ? { ...paid.depth } : { ...NO_DEPTH },
    evidence_tier: ev.tier,
    evidence_note: ev.note,
    verdict_age_seconds: null,
    payto_sentinel: row.payto_sentinel,
    payto_unstable: row.payto_unstable,
    payto_note: paytoNote(row),
    onchain_scope: oc?.scope ?? null,
    onchain_unique_payers_30d: oc?.unique_payers_30d ?? null,
    onchain_tx_count_30d: oc?.tx_count_30d ?? null,
    onchain_volume_usd_30d: oc?.volume_usd_30d ?? null,
    ...stamp("onchain_checked_at", oc?.checked_at ?? null),
    onchain_source: oc ? "index" : null,
    onchain_count_capped: false,
    onchain_payto_shared_listings: oc?.shared_by_listings ?? null,
    onchain_daily: oc ? oc.daily.map((d) => ({ ...d })) : null,
    onchain_shape: oc?.shape ? { ...oc.shape } : null,
  };
}

/** Listing detail (GET one listing, resolve `detail`): every field present, null where no data yet. */
export function toListingDetail(row: ListingRow, serviceName = "tollgate"): ListingDetail {
  const oc = onchainOf(row);
  const observed =
    row.observed_at === null
      ? null
      : {
          ...stamp("checked_at", row.observed_at),
          x402_version: row.x402_version,
          challenge_transport: row.transport,
          scheme: row.obs_scheme,
          network: row.obs_network,
          asset: row.obs_asset,
          pay_to: row.obs_pay_to,
          payment_options: row.accepts_count,
          accepts_index: row.accepts_index,
          extra: { name: row.domain_name, version: row.domain_version },
          amount_atomic: row.amount_atomic,
          amount_usd: row.amount_usd,
          eip712_domain: { name: row.domain_name, version: row.domain_version },
          ...stamp("price_stable_since", row.price_changed_at ?? row.obs_first_seen_at),
          price_matches_listing:
            row.amount_usd !== null && Math.abs(row.amount_usd - row.price_amount) < 1e-9,
          ...stamp("payto_stable_since", row.pay_to_changed_at ?? row.obs_first_seen_at),
        };
  return {
    ...toListingSummary(row),
    endpoint_canonical: row.endpoint_canonical,
    request_schema: (row.request_schema as Record<string, unknown> | null) ?? null,
    response_schema: (row.response_schema as Record<string, unknown> | null) ?? null,
    sample_query: row.sample_query,
    facilitator_url: row.facilitator_url,
    delisted_reason: row.delisted_reason,
    origin: row.origin as ListingDetail["origin"],
    ephemeral: row.ephemeral,
    created_at: unixSeconds(row.created_at) ?? 0,
    created_at_iso: row.created_at.toISOString(),
    updated_at: unixSeconds(row.updated_at) ?? 0,
    updated_at_iso: row.updated_at.toISOString(),
    ...stamp("embedding_synced_at", row.embedding_synced_at),
    p99_latency_ms: row.p99_latency_ms,
    ...stamp("last_ok_at", row.last_ok_at),
    consecutive_failures: row.consecutive_failures,
    probe_interval_s: row.probe_interval_s,
    probe_tier: row.probe_tier,
    next_check_by: unixSeconds(row.next_check_by) ?? 0,
    next_check_by_iso: row.next_check_by.toISOString(),
    next_check_basis: row.next_check_basis ?? "first probe is due within about two minutes of submission",
    distinct_payers: row.report_payers,
    transport: row.transport,
    obs_scheme: row.obs_scheme,
    obs_network: row.obs_network,
    obs_asset: row.obs_asset,
    obs_pay_to: row.obs_pay_to,
    accepts_count: row.accepts_count,
    accepts_index: row.accepts_index,
    amount_atomic: row.amount_atomic,
    amount_usd: row.amount_usd,
    domain_name: row.domain_name,
    domain_version: row.domain_version,
    ...stamp("observed_at", row.observed_at),
    ...stamp("obs_first_seen_at", row.obs_first_seen_at),
    ...stamp("price_changed_at", row.price_changed_at),
    ...stamp("pay_to_changed_at", row.pay_to_changed_at),
    payto_distinct_recent: row.payto_distinct_recent,
    header_bytes: row.header_bytes,
    verified_via: row.verified_via,
    testnet: row.testnet,
    mpp_offers: row.mpp_offers ?? null,
    mpp_note: row.payment_protocols.includes("mpp")
      ? "The endpoint also offers MPP (WWW-Authenticate: Payment); methods as it names them."
      : null,
    onchain_provider_status: oc ? "ok" : null,
    onchain_provider_error: null,
    onchain_payto_checked: oc?.pay_to ?? null,
    ...stamp("onchain_last_attempt_at", oc?.checked_at ?? null),
    onchain_wallet: oc
      ? {
          scope: oc.scope,
          shared_by_listings: oc.shared_by_listings,
          pay_to: oc.pay_to,
          tx_count_30d: oc.tx_count_30d,
          unique_payers_30d: oc.unique_payers_30d,
          volume_usd_30d: oc.volume_usd_30d,
        }
      : null,
    method_note: null,
    ...paidVerification(row),
    observed,
    report_outcome: reportOutcome(row, serviceName),
  };
}

const DAY_S = 86_400;

/** The detail's paid_verification: the latest success (may be older than paid_verification_latest). */
function paidVerification(row: ListingRow) {
  const v = paidState(row)?.verified;
  if (!v) return { paid_verification: { verified: false }, paid_verified_age_days: null };
  const ageDays = Math.max(0, Math.floor((Date.now() / 1000 - v.at) / DAY_S));
  return {
    paid_verification: {
      verified: true,
      verified_at: v.at,
      verified_at_iso: new Date(v.at * 1000).toISOString(),
      tx_hash: v.tx_hash,
      amount_usdc: v.amount_usdc,
      schema_validated: v.schema_validated,
      note: "a real purchase by the registry's scout, settled on chain; see GET /v1/listings/{id}/purchases",
      age_days: ageDays,
    },
    paid_verified_age_days: ageDays,
  };
}

function reportOutcome(row: ListingRow, serviceName: string) {
  const listingId = row.id;
  return {
    how: "POST /v1/reports with the body below, signed by the wallet that paid",
    when: "after paying this endpoint and seeing what it delivered",
    body: { listing_id: listingId, ok: "<true|false>", tx_hash: "<tx_hash>", payer_signature: "<0x…>" },
    message_to_sign: `${serviceName} report v1\nlisting_id: ${listingId}\ntx_hash: <tx_hash, lowercase>\nok: <true|false>`,
    distinct_payers_reported: row.report_payers,
    distinct_payers_ok: row.report_payers_ok,
    ...stamp("last_report_at", row.report_last_at),
    weight: `reports affect ranking only after ${REPORT_MIN_PAYERS}+ distinct payers reported; then ${REPORT_WEIGHT * 100}% beside ${(1 - REPORT_WEIGHT) * 100}% probe score (${row.report_payers >= REPORT_MIN_PAYERS ? "in effect for this listing" : "not yet in effect for this listing"})`,
    help: "EIP-191 personal_sign over message_to_sign by the paying wallet; the transaction pays the listing's payTo at least half its price per call; each transaction is reportable once",
  };
}
