import type { PurchaseOutcome } from "@tollgate/core";
import { parseChallenge, payablePayTo, USDC_BASE, x402Terms } from "@tollgate/x402";
import type { x402Client } from "@x402/core/client";
import type { SchemeNetworkClient } from "@x402/core/types";

/** Why a quote was not paid (nothing was signed). */
export interface Refusal {
  outcome: PurchaseOutcome | "payto_unconfirmed";
  reason: string;
  quote: string;
}

/** The EIP-3009 authorization the scout signed: what the chain is asked about afterwards. */
export interface Signed {
  nonce: string;
  payer: string;
  payTo: string;
  amountAtomic: string;
  validBefore: Date | null;
}

/** MPP methods named in a 402's `WWW-Authenticate: Payment …` challenges (empty when none), read as the prober reads them. */
export function mppMethods(res: Response): string[] {
  const parsed = parseChallenge({
    status: res.status,
    headers: Object.fromEntries(res.headers),
    bodyText: "",
  });
  return parsed.ok ? (parsed.mppMethods ?? []) : [];
}

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * Whether a 402 is paid over MPP rather than x402: it offers the MPP `evm` charge on Base in USDC that the
 * prober reads (the only one mppx's `evm` client pays here), and, when x402 terms stand beside it, the charge
 * names the payTo the prober saw or the x402 terms do not either. Otherwise the x402 terms are paid: an `evm`
 * charge on another chain or in another token, or to a recipient the prober never saw, beside x402 terms the
 * prober recorded, used to leave the listing unbought.
 */
export function paysOverMpp(headers: Headers, bodyText: string, seenPayTo: string | null): boolean {
  const p = parseChallenge({ status: 402, headers: Object.fromEntries(headers), bodyText });
  if (!p.ok || !p.mppCharge) return false;
  if (p.accepts.length === 0) return true;
  return sameAddress(p.mppCharge.payTo, seenPayTo) || !sameAddress(p.payTo, seenPayTo);
}

/**
 * Why the x402 terms of an unpaid 402 are in no form the scout can pay (null when they are, or when there are
 * none): an x402 version other than 1 or 2 (3, "v2"), or `accepts` not a list. The official client threw on
 * these deep inside its payment creation, which read as the scout's own failure: such a seller was never
 * recorded and was re-tried every round.
 */
export function unreadableTerms(headers: Headers, bodyText: string): string | null {
  const found = x402Terms({ status: 402, headers: Object.fromEntries(headers), bodyText });
  if (!found) return null;
  const v = found.object.x402Version;
  if (v !== undefined && ![1, 2, "1", "2"].includes(v as never))
    return `x402 version ${JSON.stringify(v).slice(0, 20)} is not one the scout pays (1 or 2)`;
  if (!Array.isArray(found.object.accepts)) return "the x402 terms' accepts is not a list of offers";
  return null;
}

/**
 * The unpaid 402 as the official x402 client reads it, from any form the prober accepts: the client reads v2
 * terms only from a base64 PAYMENT-REQUIRED header and v1 terms only from the JSON body, while sellers also send
 * v2 terms in the body alone, plain or base64url JSON in the header, or an unreadable header beside terms in the
 * body. The terms are the seller's own object, unchanged (what a v2 payment echoes back as `accepted`); only
 * where they travel is changed. A 402 with no x402 terms is left as it came.
 */
export function forX402Client(headers: Headers, bodyText: string): { headers: Headers; body: string } {
  const found = x402Terms({ status: 402, headers: Object.fromEntries(headers), bodyText });
  const out = new Headers(headers);
  if (!found) return { headers: out, body: bodyText };
  out.delete("content-length");
  if (found.version === 2) {
    // A version the seller wrote as a string ("2") or left out, as a number: the client looks its schemes up by it.
    const v = found.object.x402Version;
    const terms = {
      ...found.object,
      x402Version: v === undefined ? 2 : typeof v === "string" ? Number(v) : v,
    };
    out.set("payment-required", Buffer.from(JSON.stringify(terms)).toString("base64"));
    return { headers: out, body: bodyText };
  }
  out.delete("payment-required");
  out.set("content-type", "application/json");
  return { headers: out, body: JSON.stringify({ ...found.object, x402Version: 1 }) };
}

/**
 * The `exact` EVM scheme on Base for both wire versions, under either of Base's names: `eip155:8453` and `base`
 * in v2 terms and in v1 terms (the published client registers only CAIP-2 ids for v2 and only v1 names for v1,
 * while the prober reads both as Base). Every one signs with the published v2 `exact` EVM scheme on eip155:8453
 * and leaves the seller's own terms in what is sent back (v2 echoes the terms as `accepted`; a v1 payment names
 * the seller's scheme and network). Terms in Base USDC that leave out its EIP-712 domain (`extra.name`,
 * `extra.version`; v1 clients read it from the token) are signed with Base USDC's, as the MPP wire is. The
 * scout's checks on the terms and on what was signed apply as for any other quote.
 */
export function registerBaseSchemes(client: x402Client, evm: SchemeNetworkClient): void {
  const forSigning = <T extends { asset?: unknown; extra?: Record<string, unknown> }>(
    r: T,
    amount?: unknown,
  ) => {
    const usdc = typeof r.asset === "string" && r.asset.toLowerCase() === USDC_BASE.toLowerCase();
    const extra = usdc && !(r.extra?.name && r.extra?.version) ? { ...USDC_DOMAIN, ...r.extra } : r.extra;
    return {
      ...r,
      ...(amount !== undefined ? { amount } : {}),
      network: "eip155:8453",
      ...(extra ? { extra } : {}),
    } as never;
  };
  const findDefaultAsset = (asset: string) => evm.findDefaultAsset?.(asset, "eip155:8453");
  for (const name of ["eip155:8453", "base"])
    client.register(name as `${string}:${string}`, {
      scheme: evm.scheme,
      findDefaultAsset,
      createPaymentPayload: (version, r, ctx) => evm.createPaymentPayload(version, forSigning(r), ctx),
    });
  for (const name of ["base", "eip155:8453"])
    client.registerV1(name, {
      scheme: evm.scheme,
      findDefaultAsset,
      async createPaymentPayload(version, r, ctx) {
        const v1 = r as unknown as { maxAmountRequired: string; network: string; scheme: string };
        const signed = await evm.createPaymentPayload(version, forSigning(r, v1.maxAmountRequired), ctx);
        return {
          x402Version: version,
          scheme: v1.scheme,
          network: v1.network,
          payload: signed.payload,
        } as never;
      },
    });
}

/** Base USDC's EIP-712 domain (what its `transferWithAuthorization` signatures are made over). */
export const USDC_DOMAIN = { name: "USD Coin", version: "2" };

/**
 * The client chooses among the seller's offers only the scheme the scout pays: `exact` on Base in Base USDC, the
 * offer the prober records. The client's own spend controls are replaced by this (the scout's checks on the
 * quote, the payee and what was signed are stricter than its $1 default): they threw on terms they could not
 * read (an amount `""`, `10000.5`, past 2^256, an offer only in another token) before the scout's own checks
 * ran, so such a seller was never recorded and was re-tried every round. Now those terms reach the scout's
 * checks and are refused there, once, as a dry run; an offer in nothing the scout pays is `unpayable`.
 */
export function payBaseUsdcOnly(client: x402Client): void {
  client.setSpendControls(false);
  client.registerPolicy((_version, accepts) =>
    accepts.filter(
      (r) =>
        r.scheme === "exact" &&
        (r.network === "eip155:8453" || (r.network as string) === "base") &&
        typeof r.asset === "string" &&
        r.asset.toLowerCase() === USDC_BASE.toLowerCase(),
    ),
  );
}

/**
 * Why Base USDC terms cannot be signed as a valid payment (null when they can): a payee that is not an address
 * (a mixed-case one whose EIP-55 checksum fails is a corrupted address: money sent there may be lost), or an
 * EIP-712 domain other than Base USDC's (the token would refuse the signature: nothing could settle, and the
 * purchase would sit open until its authorization expired).
 */
export function unsignableTerms(r: { payTo?: unknown; extra?: unknown }): string | null {
  if (typeof r.payTo !== "string" || !payablePayTo({ network: "eip155:8453", payTo: r.payTo }))
    return `the payTo ${String(r.payTo).slice(0, 60)} is not a valid address (EIP-55 checksum)`;
  const extra = (r.extra ?? {}) as { name?: unknown; version?: unknown };
  const name = extra.name ?? USDC_DOMAIN.name;
  const version = extra.version ?? USDC_DOMAIN.version;
  if (name !== USDC_DOMAIN.name || version !== USDC_DOMAIN.version)
    return `the terms name the EIP-712 domain ${JSON.stringify(String(name)).slice(0, 60)} version ${JSON.stringify(String(version)).slice(0, 20)}; Base USDC's is "USD Coin" version "2", so an authorization signed over it could never settle`;
  return null;
}

/** Why an MPP challenge in these methods is not paid (mppx's `tempo` settles on the Tempo chain, not Base). */
export function unpayableMpp(methods: string[]): string {
  const why = methods.includes("tempo")
    ? 'mppx settles "tempo" on the Tempo chain, which the scout does not use'
    : "no client here settles it";
  return `MPP challenge with method ${methods.join(", ")} only: the scout pays MPP with mppx's "evm" charge on Base; ${why}`;
}

/**
 * The longest validity the scout signs an authorization for. A stranded purchase (the scout stopped after
 * signing) stays `paying` until the chain shows its nonce used or its validity over (`reconcile`, by the
 * intent's kept `valid_before`), and while it is `paying` the listing is not bought again. So a longer
 * authorization is never paid twice; the cap keeps a seller's terms from holding a listing out of re-buys
 * (and the payment's outcome open) for longer than an hour. x402's own default is 300 s.
 */
export const MAX_AUTHORIZATION_S = 3600;

const atomic = (v: unknown): string | null =>
  typeof v === "string" && /^[0-9]{1,78}$/.test(v)
    ? v
    : typeof v === "number" && Number.isSafeInteger(v) && v >= 0
      ? String(v)
      : null;

/** The highest amount named by terms (`amount`, v1's `maxAmountRequired`); null when one given is not an integer. */
export function quoteOf(req: { amount?: unknown; maxAmountRequired?: unknown }): string | null {
  const named = [req.amount, req.maxAmountRequired].filter((v) => v !== undefined && v !== null);
  if (named.length === 0) return "0";
  const amounts = named.map(atomic);
  if (amounts.some((a) => a === null)) return null;
  return (amounts as string[]).reduce((a, b) => (BigInt(a) >= BigInt(b) ? a : b));
}

/**
 * Why a signed EIP-3009 authorization must not be sent (null when it may): above the listed price, to a payee
 * other than the payTo a probe saw, or valid longer than MAX_AUTHORIZATION_S (plus a minute of clock slack).
 */
export function signedOutOfBounds(
  auth: Record<string, string | undefined>,
  listedAtomic: bigint,
  seenPayTo: string | null,
  now = Date.now(),
): Refusal | null {
  const value = atomic(auth.value);
  if (value === null || BigInt(value) > listedAtomic)
    return {
      outcome: "price_drift",
      reason: `the signed amount (${String(auth.value).slice(0, 80)} atomic) is above the listed price`,
      quote: value ?? "0",
    };
  if ((auth.to ?? "").toLowerCase() !== (seenPayTo ?? "").toLowerCase())
    return {
      outcome: "payto_unconfirmed",
      reason: "the signed payee is not the payTo the prober last saw",
      quote: value,
    };
  const before = atomic(auth.validBefore);
  if (before === null || BigInt(before) > BigInt(Math.floor(now / 1000) + MAX_AUTHORIZATION_S + 60))
    return {
      outcome: "unparseable_402_quote",
      reason: `the signed authorization is valid past ${MAX_AUTHORIZATION_S} s; the scout never sends one valid longer`,
      quote: value,
    };
  return null;
}
