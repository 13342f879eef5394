/** One payment option of a challenge, in one shape whatever the wire format. */
export interface NormalisedOffer {
  scheme: string;
  /** CAIP-2 where known (`eip155:8453` for Base); the raw name otherwise. */
  network: string;
  asset: string | null;
  payTo: string | null;
  amountAtomic: string | null;
  maxTimeoutSeconds: number | null;
  extra: { name: string | null; version: string | null };
}

export type ChallengeTransport = "header" | "body" | "www-authenticate";

export interface MppOffer {
  method: string;
  intent: string | null;
  realm: string | null;
  id: string | null;
  expires: string | null;
  /** The `request` auth-param (base64url JSON) as far as it names payment terms; null when absent or unreadable. */
  request: MppRequest | null;
}

/** What an MPP challenge's `request` asks for. Amounts are atomic (the token's base units), as MPP states them. */
export interface MppRequest {
  amount: string | null;
  currency: string | null;
  recipient: string | null;
  /** `methodDetails.chainId` (the `evm` method names its chain there). */
  chainId: number | null;
}

/**
 * The MPP terms a Base USDC buyer would pay: an `evm` charge on chain 8453 in Base USDC, in the same shape as
 * an x402 offer's terms.
 */
export interface MppChargeTerms {
  /** Index into mppOffers. */
  index: number;
  network: "eip155:8453";
  asset: string;
  payTo: string;
  amountAtomic: string | null;
}

/** What an unpaid request's answer offered. */
export interface ParsedChallenge {
  ok: true;
  protocols: ("x402" | "mpp")[];
  x402Version: 1 | 2 | null;
  transport: ChallengeTransport;
  accepts: NormalisedOffer[];
  /** Index into accepts of the offer a Base USDC buyer would use (exact on eip155:8453), or the first. */
  acceptsIndex: number | null;
  chosen: NormalisedOffer | null;
  /** amountAtomic in USD when the terms are in a known USDC; null otherwise. */
  amountUsd: number | null;
  testnet: boolean;
  mppMethods: string[] | null;
  mppOffers: MppOffer[] | null;
  /** The MPP `evm` charge on Base in USDC, when one is offered; null otherwise. */
  mppCharge: MppChargeTerms | null;
  /**
   * The payee and price a buyer would pay: the chosen x402 offer's, or the MPP `evm` charge's when the
   * challenge has no x402 offer. Null when neither names one.
   */
  payTo: string | null;
  amountAtomic: string | null;
  /** Bytes of the header that carried the challenge (0 when it came in the body). */
  headerBytes: number;
  /** payTo is a burn address: a payment would be destroyed. */
  payToSentinel: boolean;
}

export type ChallengeFailure = {
  ok: false;
  reason: "not_402" | "no_challenge" | "unparseable_challenge" | "no_payment_options";
  detail: string;
};
