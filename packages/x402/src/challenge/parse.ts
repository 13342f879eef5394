import { isAddress } from "viem";
import { isBurnAddress, TESTNETS, toCaip2, USDC_BY_NETWORK } from "./networks.js";
import type {
  ChallengeFailure,
  MppChargeTerms,
  MppOffer,
  MppRequest,
  NormalisedOffer,
  ParsedChallenge,
} from "./types.js";

export interface ChallengeInput {
  status: number;
  /** Response headers; names matched case-insensitively. */
  headers: Record<string, string | string[] | undefined>;
  bodyText: string;
}

type Json = Record<string, unknown>;

const header = (headers: ChallengeInput["headers"], name: string): string | null => {
  for (const [k, v] of Object.entries(headers))
    if (k.toLowerCase() === name) return Array.isArray(v) ? v.join(", ") : (v ?? null);
  return null;
};

const asObject = (v: unknown): Json | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null;

/**
 * JSON, base64 JSON or base64url JSON: real servers send all three in the header. Only an object is wanted,
 * so plain JSON is tried only when the value starts with `{` (never a base64 character): parsing base64 as
 * JSON first threw a SyntaxError on every probe. Node's base64 decoder reads base64url too.
 */
function decodeHeaderJson(value: string): Json | null {
  const trimmed = value.trim();
  let text: string;
  if (trimmed.startsWith("{")) text = trimmed;
  else if (/^[A-Za-z0-9+/_=-]+$/.test(trimmed)) text = Buffer.from(trimmed, "base64").toString("utf8");
  else if (/^[A-Za-z0-9+/_=-]+(\s*,\s*[A-Za-z0-9+/_=-]+)+$/.test(trimmed)) return repeatedHeaderJson(trimmed);
  else return null;
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * A base64 header sent more than once (a middleware and its framework both set it) arrives joined with commas
 * (base64 has none): the same terms each time are those terms; terms that differ say nothing a buyer could pay.
 */
function repeatedHeaderJson(joined: string): Json | null {
  const parts = joined.split(/\s*,\s*/).map((p) => decodeHeaderJson(p));
  const first = parts[0];
  if (!first || parts.some((p) => !p || JSON.stringify(p) !== JSON.stringify(first))) return null;
  return first;
}

/**
 * A seller's string as it can be stored: NUL characters dropped and lone UTF-16 surrogates replaced (U+FFFD).
 * Postgres text and jsonb refuse both, and one seller's terms holding either failed every write of its probe.
 */
const storable = (s: string): string =>
  s
    .replaceAll("\u0000", "")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

const str = (v: unknown): string | null => {
  if (typeof v !== "string") return null;
  const s = storable(v);
  return s.length > 0 ? s : null;
};

/** The largest amount an EIP-3009 authorization can carry (uint256). */
const MAX_UINT256 = 2n ** 256n - 1n;

function atomic(v: unknown): string | null {
  if (typeof v === "string" && /^\d+$/.test(v.trim())) {
    const digits = v.trim().replace(/^0+(?=\d)/, "");
    // Past uint256 no authorization can carry it: no price at all, never a figure (nor an amount_usd of 1e71).
    return digits.length <= 78 && BigInt(digits) <= MAX_UINT256 ? digits : null;
  }
  // A JSON number only when it is an exact whole count of atomic units: 0.01 (a dollar figure) is not 0, and a
  // number past 2^53 has already lost its digits.
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return String(v);
  return null;
}

function normaliseOffer(raw: unknown, version: 1 | 2): NormalisedOffer | null {
  const o = asObject(raw);
  if (!o) return null;
  const network = str(o.network);
  const scheme = str(o.scheme);
  if (!network || !scheme) return null;
  const extra = asObject(o.extra);
  return {
    scheme,
    network: toCaip2(network),
    asset: str(o.asset),
    payTo: str(o.payTo) ?? str(o.pay_to),
    amountAtomic: atomic(
      version === 1 ? (o.maxAmountRequired ?? o.amount) : (o.amount ?? o.maxAmountRequired),
    ),
    maxTimeoutSeconds: typeof o.maxTimeoutSeconds === "number" ? o.maxTimeoutSeconds : null,
    extra: { name: str(extra?.name), version: str(extra?.version) },
  };
}

/** Auth-params of every `Payment` challenge in a WWW-Authenticate value. */
function parseMpp(value: string): MppOffer[] {
  const offers: MppOffer[] = [];
  for (const part of value.split(/(?:^|,)\s*(?=Payment\s)/i)) {
    const m = /^Payment\s+(.*)$/is.exec(part.trim());
    if (!m) continue;
    const params: Record<string, string> = {};
    for (const p of m[1]!.matchAll(/([a-zA-Z_-]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[^,\s]+)/g))
      params[p[1]!.toLowerCase()] = p[3] ?? p[2]!;
    if (params.method)
      offers.push({
        method: params.method,
        intent: params.intent ?? null,
        realm: params.realm ?? null,
        id: params.id ?? null,
        expires: params.expires ?? null,
        request: params.request ? mppRequest(params.request) : null,
      });
  }
  return offers;
}

/** An MPP `request` auth-param: base64url (unpadded) canonical JSON, or standard base64 as some servers send. */
function mppRequest(value: string): MppRequest | null {
  const o = /^[A-Za-z0-9_+/-]+=*$/.test(value) ? decodeHeaderJson(value) : null;
  if (!o) return null;
  const chainId = asObject(o.methodDetails)?.chainId;
  return {
    amount: atomic(o.amount),
    currency: str(o.currency),
    recipient: str(o.recipient),
    chainId: typeof chainId === "number" && Number.isInteger(chainId) ? chainId : null,
  };
}

/** The first MPP offer a Base USDC buyer can pay: an `evm` charge on chain 8453 in Base USDC, naming a recipient. */
function chooseMppCharge(offers: MppOffer[]): MppChargeTerms | null {
  const usdc = USDC_BY_NETWORK.get("eip155:8453");
  for (const [index, o] of offers.entries()) {
    const r = o.request;
    if (o.method !== "evm" || o.intent !== "charge" || !r?.recipient || r.chainId !== 8453) continue;
    if (!r.currency || r.currency.toLowerCase() !== usdc) continue;
    return { index, network: "eip155:8453", asset: r.currency, payTo: r.recipient, amountAtomic: r.amount };
  }
  return null;
}

/** The offer a Base USDC buyer would take: exact on eip155:8453 in USDC, else exact anywhere, else the first. */
/**
 * Whether a buyer could pay to the offer's payTo: on an EVM network it must be an address (40 hex digits; in mixed
 * case, with a valid EIP-55 checksum, as viem and so the official x402 client require). Elsewhere, and without a
 * payTo, it is not judged here.
 */
export function payablePayTo(offer: Pick<NormalisedOffer, "network" | "payTo">): boolean {
  return !offer.network.startsWith("eip155:") || offer.payTo === null || isAddress(offer.payTo);
}

function chooseOffer(accepts: NormalisedOffer[]): number | null {
  const base = accepts.findIndex(
    (a) =>
      payablePayTo(a) &&
      a.scheme === "exact" &&
      a.network === "eip155:8453" &&
      a.asset?.toLowerCase() === USDC_BY_NETWORK.get("eip155:8453"),
  );
  if (base >= 0) return base;
  const exact = accepts.findIndex((a) => payablePayTo(a) && a.scheme === "exact");
  if (exact >= 0) return exact;
  const any = accepts.findIndex(payablePayTo);
  return any >= 0 ? any : null;
}

/** 1 for `x402Version: 1` (or "1", as some servers write it); 2 otherwise. */
const versionOf = (o: Json): 1 | 2 => (o.x402Version === 1 || o.x402Version === "1" ? 1 : 2);

/**
 * The x402 object of an unpaid 402 as the prober reads it: the PAYMENT-REQUIRED header (JSON, base64 or
 * base64url JSON) when it decodes, else a JSON body that carries `x402Version` or `accepts`. `version` is 1 only
 * for `x402Version: 1` (or "1"). Null when neither holds one (the header's size is reported either way).
 */
export function x402Terms(
  input: ChallengeInput,
): { object: Json; version: 1 | 2; transport: "header" | "body" } | null {
  const paymentHeader = header(input.headers, "payment-required");
  const fromHeader = paymentHeader ? decodeHeaderJson(paymentHeader) : null;
  if (fromHeader) return { object: fromHeader, version: versionOf(fromHeader), transport: "header" };
  // trim() also drops a byte-order mark, which JSON.parse refuses.
  const bodyText = input.bodyText.trim();
  if (!bodyText.startsWith("{")) return null;
  try {
    const body = asObject(JSON.parse(bodyText));
    if (body && (body.x402Version !== undefined || Array.isArray(body.accepts)))
      return { object: body, version: versionOf(body), transport: "body" };
  } catch {
    // not JSON: maybe MPP only
  }
  return null;
}

/**
 * Recognise a payment challenge in an unpaid response: x402 v2 (`PAYMENT-REQUIRED` header, base64
 * JSON), x402 v1 (JSON body with `x402Version: 1`), lenient forms real servers send (v1 inside the
 * header, plain or base64url JSON, the v2 object in the body, v1 network names, numeric amounts), and
 * MPP (`WWW-Authenticate: Payment …`, its `request` decoded). A challenge with no x402 offer takes its payTo
 * and price from an MPP `evm` charge on Base in USDC, when it offers one. Pure: no I/O.
 */
export function parseChallenge(input: ChallengeInput): ParsedChallenge | ChallengeFailure {
  if (input.status !== 402) return { ok: false, reason: "not_402", detail: `status ${input.status}` };
  const paymentHeader = header(input.headers, "payment-required");
  const wwwAuth = header(input.headers, "www-authenticate");
  const found = x402Terms(input);
  const x402: Json | null = found?.object ?? null;
  let transport: ParsedChallenge["transport"] | null = found?.transport ?? (paymentHeader ? "header" : null);
  let headerBytes = paymentHeader && found?.transport !== "body" ? Buffer.byteLength(paymentHeader) : 0;
  const mppOffers = wwwAuth && /(^|,)\s*Payment\s/i.test(wwwAuth) ? parseMpp(wwwAuth) : [];
  if (!x402 && mppOffers.length === 0) {
    if (paymentHeader)
      return { ok: false, reason: "unparseable_challenge", detail: "PAYMENT-REQUIRED is not (base64) JSON" };
    return {
      ok: false,
      reason: "no_challenge",
      detail: "402 without PAYMENT-REQUIRED, x402 body or MPP challenge",
    };
  }
  const version = found?.version ?? null;
  const accepts =
    x402 && Array.isArray(x402.accepts)
      ? (x402.accepts as unknown[])
          .map((a) => normaliseOffer(a, version ?? 2))
          .filter((a): a is NormalisedOffer => a !== null)
      : [];
  if (x402 && accepts.length === 0 && mppOffers.length === 0)
    return {
      ok: false,
      reason: "no_payment_options",
      detail: "x402 challenge with no usable accepts[] entry",
    };
  const acceptsIndex = chooseOffer(accepts);
  // Offers every one of which names a payTo no buyer could pay ("0xnot-an-address", a typo failing its checksum):
  // no challenge a client can act on, whatever else it says.
  if (accepts.length > 0 && acceptsIndex === null && mppOffers.length === 0)
    return {
      ok: false,
      reason: "no_payment_options",
      detail: "x402 challenge whose every offer names a payTo that is not an address its network can pay",
    };
  const chosen = acceptsIndex === null ? null : (accepts[acceptsIndex] ?? null);
  const mppCharge = chooseMppCharge(mppOffers);
  // The terms a buyer would pay: the x402 offer's when there is one (what the directory has always shown),
  // else the MPP evm charge's, whose asset is Base USDC by construction.
  const terms = chosen ?? mppCharge;
  const knownUsdc = !!terms?.asset && USDC_BY_NETWORK.get(terms.network) === terms.asset.toLowerCase();
  const protocols: ParsedChallenge["protocols"] = [];
  if (accepts.length > 0) protocols.push("x402");
  if (mppOffers.length > 0) protocols.push("mpp");
  if (!transport && mppOffers.length > 0) {
    transport = "www-authenticate";
    headerBytes = Buffer.byteLength(wwwAuth ?? "");
  }
  return {
    ok: true,
    protocols,
    x402Version: accepts.length > 0 ? version : null,
    transport: transport ?? "www-authenticate",
    accepts,
    acceptsIndex,
    chosen,
    amountUsd: knownUsdc && terms?.amountAtomic ? Number(terms.amountAtomic) / 1e6 : null,
    testnet: terms ? TESTNETS.has(terms.network) : false,
    mppMethods: mppOffers.length > 0 ? [...new Set(mppOffers.map((o) => o.method))] : null,
    mppOffers: mppOffers.length > 0 ? mppOffers : null,
    mppCharge,
    payTo: terms?.payTo ?? null,
    amountAtomic: terms?.amountAtomic ?? null,
    headerBytes,
    payToSentinel: isBurnAddress(terms?.payTo),
  };
}
