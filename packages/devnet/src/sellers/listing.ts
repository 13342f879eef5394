import { FORECAST_SCHEMA } from "./sellers.js";

/**
 * The `listings` row of a local seller as the prober leaves it once verified: its payTo observed, its price
 * quoted (0.01 USDC), its response schema FORECAST_SCHEMA. For tests and benchmarks that start from a probed
 * directory (the scout's, the drills'); `over` replaces any column.
 */
export function probedListingRow(
  seller: { url: string; host: string },
  o: { id: string; payTo: string; name?: string; canonicalSuffix?: string },
  over: Record<string, unknown> = {},
) {
  return {
    id: o.id,
    name: o.name ?? "Local seller",
    description: "a local seller",
    endpoint_url: seller.url,
    endpoint_canonical: `${seller.url}#${o.canonicalSuffix ?? o.id}`,
    host: seller.host,
    registered_domain: "sellers.test",
    category: "data.weather",
    price_amount: 0.01,
    request_schema: null,
    response_schema: JSON.stringify(FORECAST_SCHEMA),
    sample_query: null,
    submitter_email: null,
    facilitator_url: null,
    mpp_offers: null,
    status: "verified",
    obs_pay_to: o.payTo,
    amount_atomic: "10000",
    amount_usd: 0.01,
    ...over,
  };
}
