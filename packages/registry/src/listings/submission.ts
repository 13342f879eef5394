import {
  canonicalEndpoint,
  canonicalHost,
  isEphemeralHost,
  registeredDomain,
  routePatternIn,
} from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { ApiError, type ListingCreateRequest } from "@tollgate/schema";

/** Answers whether a host resolves publicly; backed by the SSRF guard's resolver. */
export type HostCheck = (
  host: string,
) => Promise<{ ok: true } | { ok: false; reason: string; message: string }>;

export interface SubmissionPolicy {
  checkHost: HostCheck;
  /** Non-production only: accept http:// endpoints (local demo sellers on loopback). */
  allowHttp?: boolean;
}

/** A submission that passed every rule, ready to store. */
export interface PreparedListing {
  input: ListingCreateRequest;
  endpointUrl: string;
  canonical: string;
  host: string;
  registeredDomain: string;
  ephemeral: boolean;
}

function parseHttpUrl(field: string, raw: string, policy: SubmissionPolicy, reasons: string[]): URL | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    reasons.push(`${field}: not a valid absolute URL`);
    return null;
  }
  if (u.protocol !== "https:" && !(policy.allowHttp && u.protocol === "http:")) {
    reasons.push(`${field}: must use https (got ${u.protocol.replace(":", "")})`);
    return null;
  }
  if (u.username || u.password) {
    reasons.push(`${field}: must not contain credentials`);
    return null;
  }
  const pattern = routePatternIn(raw);
  if (pattern) {
    reasons.push(`${field}: must be one concrete URL, not a route pattern (found ${pattern})`);
    return null;
  }
  return u;
}

/**
 * The sample_query rules, the same for a submission and an edit: one concrete https URL without
 * credentials, on a publicly resolvable host, and not the paid endpoint itself. Adds each failure to
 * `reasons`.
 */
export async function checkSampleQuery(
  raw: string,
  endpoint: URL | null,
  policy: SubmissionPolicy,
  reasons: string[],
): Promise<void> {
  const sample = parseHttpUrl("sample_query", raw, policy, reasons);
  if (!sample) return;
  if (endpoint && canonicalEndpoint(sample.toString()) === canonicalEndpoint(endpoint.toString())) {
    reasons.push(
      "sample_query: must not equal endpoint_url; it is a genuinely free preview route — omit sample_query when there is no free preview",
    );
    return;
  }
  const hostCheck = await policy.checkHost(sample.hostname);
  if (!hostCheck.ok) reasons.push(`sample_query: ${hostCheck.message}`);
}

/**
 * Every rule of the spec's submission table, before anything is stored or charged. Collects every
 * failure and throws one 400 naming each reason.
 */
export async function validateSubmission(
  db: Db,
  input: ListingCreateRequest,
  policy: SubmissionPolicy,
): Promise<PreparedListing> {
  const reasons: string[] = [];
  const url = parseHttpUrl("endpoint_url", input.endpoint_url, policy, reasons);
  const [category] = await Promise.all([
    db.selectFrom("categories").select("id").where("id", "=", input.category).executeTakeFirst(),
  ]);
  if (!category)
    reasons.push(`category: ${input.category} is not an existing category; pick one from GET /v1/categories`);
  if (url) {
    const hostCheck = await policy.checkHost(url.hostname);
    if (!hostCheck.ok) reasons.push(`endpoint_url: ${hostCheck.message}`);
  }
  if (input.sample_query != null) await checkSampleQuery(input.sample_query, url, policy, reasons);
  if (reasons.length > 0 || !url) throw new ApiError("validation_failed", reasons.join("; "), { reasons });
  // "api.example.com." (or "..") is api.example.com and "[::ffff:93.184.216.34]" is 93.184.216.34: another
  // spelling must not make a new host or a new registered domain (it would open a fresh five-free allowance).
  const host = canonicalHost(url.hostname);
  return {
    input,
    endpointUrl: input.endpoint_url.trim(),
    canonical: canonicalEndpoint(url.toString()),
    host,
    registeredDomain: registeredDomain(host),
    ephemeral: isEphemeralHost(host),
  };
}

/** The active listing already holding this canonical endpoint, if any. */
export async function findActiveByCanonical(db: Db, canonical: string) {
  return db
    .selectFrom("listings")
    .select(["id", "status"])
    .where("endpoint_canonical", "=", canonical)
    .where("status", "<>", "delisted")
    .executeTakeFirst();
}

export function alreadyListed(id: string): ApiError {
  return new ApiError(
    "endpoint_already_listed",
    `this endpoint is already listed as ${id}; to edit it use PATCH /v1/listings/${id} with its claim token, or recover the token through the claim flow (GET /v1/listings/${id}/claim)`,
    { listing_id: id },
  );
}
