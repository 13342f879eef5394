import { createHash } from "node:crypto";

/**
 * Outcome keys of a scout purchase: one list (spec: Stats, keys of paid_verification.outcomes). Only
 * `delivered` counts as a delivery. `price_drift` and `payto_unconfirmed` are recorded without paying.
 */
export const PURCHASE_OUTCOMES = [
  "delivered",
  "price_drift",
  "no_payment_required",
  "unparseable_402_quote",
  "quote_above_per_call_cap",
  "invalid_json",
  "schema_mismatch",
  "html_instead_of_data",
  "empty_body",
  "stale_data",
  "timeout",
  "settlement_unproven",
  "settlement_unproven_onchain",
] as const;
/**
 * Besides the fixed keys: `paid_but_status_<code>` (paid, then answered that HTTP status) and `error_<code>` (paid,
 * then the answer broke off: reset, cut short of its Content-Length, a corrupt encoding; the spec's `error_<message>`).
 */
export const PURCHASE_OUTCOME_PATTERNS = ["paid_but_status_<code>", "error_<code>"] as const;
export type PurchaseOutcome =
  | (typeof PURCHASE_OUTCOMES)[number]
  | `paid_but_status_${number}`
  | `error_${string}`;

export interface Delivery {
  status: number;
  contentType: string | null;
  body: Uint8Array;
  /** The answer's Last-Modified header, if any (a freshness stamp). */
  lastModified?: string | null;
  /** When it was received (freshness is judged against it); default: now. */
  at?: Date;
}

/** A delivery whose own stamp is older than this is `stale_data` (our rule: a week, whatever is sold). */
export const STALE_AFTER_S = 7 * 86_400;
/** Top-level body fields read as the data's own time stamp (ISO 8601 text or unix seconds/milliseconds). */
export const FRESHNESS_FIELDS = [
  "as_of",
  "updated_at",
  "generated_at",
  "observed_at",
  "timestamp",
  "time",
  "date",
];

/** The newest time stamp the delivery carries about its own data, or null when it carries none. */
export function deliveryStamp(value: unknown, lastModified: string | null | undefined): Date | null {
  const stamps: number[] = [];
  const read = (v: unknown) => {
    if (typeof v === "number" && Number.isFinite(v) && v > 1e9) stamps.push(v > 1e12 ? v : v * 1000);
    else if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v)) {
      const t = Date.parse(v);
      if (Number.isFinite(t)) stamps.push(t);
    }
  };
  if (value !== null && typeof value === "object" && !Array.isArray(value))
    for (const k of FRESHNESS_FIELDS) read((value as Record<string, unknown>)[k]);
  if (lastModified) {
    const t = Date.parse(lastModified);
    if (Number.isFinite(t)) stamps.push(t);
  }
  return stamps.length ? new Date(Math.max(...stamps)) : null;
}

export interface Grade {
  outcome: PurchaseOutcome;
  delivered: boolean;
  json_valid: boolean | null;
  schema_valid: boolean | null;
  body_sha256: string | null;
  failure_reason: string | null;
  /** Whether the data's own stamp is within STALE_AFTER_S; null when it carries none (not judged). */
  fresh: boolean | null;
}

/** JSON with object keys sorted at every level, so two bodies that differ only in key order hash alike. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

/** sha256 of the normalised body: canonical JSON when it parses, else the bytes with whitespace trimmed. */
export function normalisedBodyHash(body: Uint8Array, parsed?: { ok: true; value: unknown }): string {
  const h = createHash("sha256");
  if (parsed) h.update(canonical(parsed.value));
  else h.update(Buffer.from(body).toString("utf8").trim());
  return h.digest("hex");
}

/**
 * Grade what a paid request delivered. `validate` checks the listing's response_schema (null when the
 * listing declares none). A 2xx with an empty body, HTML where data was sold, JSON that does not parse
 * (when the answer says JSON or the listing declares a schema) or breaks the schema is not a delivery.
 */
export function gradeDelivery(d: Delivery, validate: ((value: unknown) => string | null) | null): Grade {
  const ct = (d.contentType ?? "").toLowerCase();
  const text = Buffer.from(d.body).toString("utf8");
  const fail = (outcome: PurchaseOutcome, reason: string, extra: Partial<Grade> = {}): Grade => ({
    outcome,
    delivered: false,
    json_valid: null,
    schema_valid: null,
    body_sha256: d.body.length > 0 ? normalisedBodyHash(d.body) : null,
    failure_reason: reason,
    fresh: null,
    ...extra,
  });
  if (d.status < 200 || d.status > 299)
    return fail(`paid_but_status_${d.status}`, `paid, then the endpoint answered HTTP ${d.status}`);
  if (text.trim() === "") return fail("empty_body", "paid, then the endpoint answered an empty body");
  if (ct.includes("text/html") || /^\s*<(!doctype|html)/i.test(text))
    return fail("html_instead_of_data", "paid, then the endpoint answered an HTML page instead of data");
  const at = d.at ?? new Date();
  /** Fresh unless the delivery's own newest stamp is older than STALE_AFTER_S (then not a delivery). */
  const freshness = (value: unknown, ok: Grade): Grade => {
    const stamp = deliveryStamp(value, d.lastModified);
    if (!stamp) return ok;
    const ageS = Math.floor((at.getTime() - stamp.getTime()) / 1000);
    if (ageS <= STALE_AFTER_S) return { ...ok, fresh: true };
    return {
      ...ok,
      outcome: "stale_data",
      delivered: false,
      fresh: false,
      failure_reason: `paid, then the data was stamped ${stamp.toISOString()}: ${Math.floor(ageS / 86_400)} days old (stale after ${STALE_AFTER_S / 86_400})`,
    };
  };
  const wantsJson = ct.includes("json") || validate !== null;
  if (!wantsJson)
    return freshness(null, {
      outcome: "delivered",
      delivered: true,
      json_valid: null,
      schema_valid: null,
      body_sha256: normalisedBodyHash(d.body),
      failure_reason: null,
      fresh: null,
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail("invalid_json", "paid, then the body was not valid JSON", { json_valid: false });
  }
  const hash = normalisedBodyHash(d.body, { ok: true, value });
  const schemaError = validate ? validate(value) : null;
  if (schemaError)
    return {
      outcome: "schema_mismatch",
      delivered: false,
      json_valid: true,
      schema_valid: false,
      body_sha256: hash,
      failure_reason: `paid, then the JSON broke the listing's response_schema: ${schemaError}`.slice(0, 300),
      fresh: null,
    };
  return freshness(value, {
    outcome: "delivered",
    delivered: true,
    json_valid: true,
    schema_valid: validate ? true : null,
    body_sha256: hash,
    failure_reason: null,
    fresh: null,
  });
}
