import type { PurchaseOutcome } from "@tollgate/core";
import { parseChallenge } from "@tollgate/x402";

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

/** Why an MPP challenge in these methods is not paid (mppx's `tempo` settles on the Tempo chain, not Base). */
export function unpayableMpp(methods: string[]): string {
  const why = methods.includes("tempo")
    ? 'mppx settles "tempo" on the Tempo chain, which the scout does not use'
    : "no client here settles it";
  return `MPP challenge with method ${methods.join(", ")} only: the scout pays MPP with mppx's "evm" charge on Base; ${why}`;
}
