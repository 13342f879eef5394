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
  amountUsd: number | null;
  testnet: boolean;
  mppMethods: string[] | null;
  mppOffers: MppOffer[] | null;
  /** Bytes of the header that carried the challenge (0 when it came in the body). */
  headerBytes: number;
  payToSentinel: boolean;
}

export type ChallengeFailure = {
  ok: false;
  reason: "not_402" | "no_challenge" | "unparseable_challenge" | "no_payment_options";
  detail: string;
};
