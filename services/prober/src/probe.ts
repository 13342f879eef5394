import type { SafeHttpClient, SafeResponse } from "@tollgate/platform";
import { SafeFetchError } from "@tollgate/platform";
import type { ProbeOutcome } from "@tollgate/registry";
import { type ChallengeFailure, type ParsedChallenge, parseChallenge } from "@tollgate/x402";

export interface ProbeTarget {
  id: string;
  endpoint_url: string;
  sample_query: string | null;
}

type Attempt = { res: SafeResponse; parsed: ParsedChallenge | ChallengeFailure } | { error: SafeFetchError };

async function attempt(client: SafeHttpClient, url: string, method: "GET" | "POST"): Promise<Attempt> {
  try {
    // Only the listed endpoint's own origin may answer: a 402 (or a sample) reached elsewhere proves nothing.
    // A body past the client's cap is cut off rather than failing the probe: a 402's terms may be in its headers
    // whatever its body holds (a seller's full HTML page). Any other answer that large still fails as before.
    const res = await client.request(url, {
      method,
      sameOriginRedirectsOnly: true,
      oversizeBody: "truncate",
      ...(method === "POST" ? { body: "{}", headers: { "content-type": "application/json" } } : {}),
    });
    // A body that broke off is read as far as it came for a 402 (its terms may be in the headers, as an x402
    // client reads them whatever the body does); any other answer fails as what broke it.
    if (res.truncated && res.status !== 402)
      return {
        error:
          res.bodyError ?? new SafeFetchError("body_too_large", "response body over the size cap", res.url),
      };
    // Only a 402 can carry a challenge (parseChallenge answers `not_402` first): other bodies are not decoded.
    const bodyText = res.status === 402 ? res.text() : "";
    return { res, parsed: parseChallenge({ status: res.status, headers: res.headers, bodyText }) };
  } catch (err) {
    if (err instanceof SafeFetchError) return { error: err };
    throw err;
  }
}

/**
 * The observed challenge. Its terms (network, asset, payTo, price) are the chosen x402 offer's, or, when the
 * endpoint offers no x402 terms, its MPP `evm` charge's on Base in USDC: the parser decides (`payTo`,
 * `amountAtomic`), so the payTo rules (sentinel, change, stability) hold on either wire.
 */
function challengeOf(p: ParsedChallenge): NonNullable<ProbeOutcome["challenge"]> {
  const terms = p.chosen ?? p.mppCharge;
  return {
    x402Version: p.x402Version,
    protocols: p.protocols,
    transport: p.transport,
    scheme: p.chosen?.scheme ?? null,
    network: terms?.network ?? null,
    asset: terms?.asset ?? null,
    payTo: p.payTo,
    acceptsCount: p.accepts.length,
    acceptsIndex: p.acceptsIndex,
    amountAtomic: p.amountAtomic,
    amountUsd: p.amountUsd,
    domainName: p.chosen?.extra.name ?? null,
    domainVersion: p.chosen?.extra.version ?? null,
    mppMethods: p.mppMethods,
    mppOffers: p.mppOffers,
    headerBytes: p.headerBytes,
    testnet: p.testnet,
    payToSentinel: p.payToSentinel,
  };
}

/** Why neither verb produced a challenge, in the probe failure vocabulary. */
function failureReason(get: Attempt, post: Attempt | null): string {
  if ("error" in get)
    return get.error.code === "invalid_url" || get.error.code === "scheme_not_allowed"
      ? "protocol_error"
      : get.error.code;
  const status = get.res.status;
  if (status === 402 && !get.parsed.ok)
    return get.parsed.reason === "no_payment_options" ? "no_payment_options" : "invalid_challenge";
  if (post && !("error" in post) && post.res.status === 402 && !post.parsed.ok) return "invalid_challenge";
  if (status >= 500) return "server_error";
  if (status === 403) return "probe_refused";
  return "not_payment_gated";
}

/**
 * One probe: an unpaid GET through the SSRF-safe client; when no challenge comes back, an unpaid POST
 * retry. Pass = a valid payment challenge from the endpoint's own origin (a redirect elsewhere fails the
 * probe as `redirected_off_origin` before the other origin is contacted). A listing with a sample route
 * also has it checked (200 + JSON, no payment, same origin). Latency is the GET's, timeouts counted at
 * the time limit.
 */
export async function runProbe(
  client: SafeHttpClient,
  target: ProbeTarget,
  slot: number,
  opts: { timeoutMs: number; now?: () => Date },
): Promise<ProbeOutcome> {
  const at = opts.now?.() ?? new Date();
  const started = performance.now();
  const get = await attempt(client, target.endpoint_url, "GET");
  const latencyMs =
    "error" in get
      ? get.error.code === "timeout"
        ? opts.timeoutMs
        : performance.now() - started
      : get.res.timings.totalMs;
  let passed: { via: "GET" | "POST"; parsed: ParsedChallenge; status: number } | null = null;
  let post: Attempt | null = null;
  if (!("error" in get) && get.parsed.ok) passed = { via: "GET", parsed: get.parsed, status: get.res.status };
  else if (!("error" in get)) {
    post = await attempt(client, target.endpoint_url, "POST");
    if (!("error" in post) && post.parsed.ok)
      passed = { via: "POST", parsed: post.parsed, status: post.res.status };
  }
  let sampleOk: boolean | null = null;
  if (target.sample_query) {
    const s = await attempt(client, target.sample_query, "GET");
    sampleOk = !("error" in s) && s.res.status === 200 && isJson(s.res);
  }
  const detail: Record<string, unknown> = { get: attemptDetail(get) };
  if (post) detail.post = attemptDetail(post);
  if (sampleOk !== null) detail.sample_ok = sampleOk;
  return {
    listingId: target.id,
    slot,
    at,
    passed: passed !== null,
    failureReason: passed ? null : failureReason(get, post),
    httpStatus: passed ? passed.status : "error" in get ? null : get.res.status,
    latencyMs: Math.round(latencyMs * 10) / 10,
    verifiedVia: passed?.via ?? null,
    sampleOk,
    challenge: passed ? challengeOf(passed.parsed) : null,
    detail,
  };
}

/** What one verb saw, for the probe's detail: where a redirect led (or tried to lead) is kept. */
function attemptDetail(a: Attempt): Record<string, unknown> {
  if ("error" in a)
    return a.error.code === "redirected_off_origin" && a.error.url
      ? { error: a.error.code, redirected_to: new URL(a.error.url).origin }
      : { error: a.error.code };
  return {
    status: a.res.status,
    challenge: a.parsed.ok ? "valid" : a.parsed.reason,
    ...(a.res.redirects.length > 0 ? { final_url: a.res.url } : {}),
  };
}

function isJson(res: SafeResponse): boolean {
  try {
    res.json();
    return true;
  } catch {
    return false;
  }
}
