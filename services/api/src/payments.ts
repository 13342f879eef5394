import type { Db } from "@tollgate/db";
import { type Logger, type Registry, settlementOutcomes } from "@tollgate/platform";
import {
  type AttestationToPublish,
  publishAttestation,
  publishPaidListing,
  publishPlan,
} from "@tollgate/registry";
import {
  createSeller,
  createSettlementReader,
  type Finalizer,
  facilitatorFromConfig,
  loadKeyRing,
  type Seller,
  type SigningKey,
} from "@tollgate/x402";
import type { JWK } from "jose";
import type { ApiConfig } from "./config.js";

/** Outside production, with no key given: a key generated once into this file (local runs). */
export const LOCAL_SIGNING_KEY_FILE = ".tollgate/signing-key.json";

export interface Payments {
  /** null when no facilitator/payTo is configured: paid routes answer 503, nothing is offered. */
  seller: Seller | null;
  signingKey: SigningKey;
  /** Public keys served beside the signing key at /.well-known/jwks.json (retired ones still verify). */
  retiredKeys?: JWK[];
}

/** What a paid answer publishes once its payment settled, by route label. */
export const PAID_WORK: Record<string, Finalizer> = {
  verdict: (trx, work) => publishAttestation(trx, work as AttestationToPublish),
  submission: (trx, work, payment) => publishPaidListing(trx, work, payment),
  verify_now: (trx, work, payment) => publishPlan(trx, work, payment),
};

export async function buildPayments(
  config: ApiConfig,
  db: Db,
  log: Logger,
  metrics?: Registry,
): Promise<Payments> {
  const production = config.NODE_ENV === "production";
  const { current: signingKey, retired: retiredKeys } = await loadKeyRing({
    jwk: config.SIGNING_KEY_JWK,
    file: config.SIGNING_KEY_FILE ?? (production ? undefined : LOCAL_SIGNING_KEY_FILE),
    generateMissing: !production,
    retired: config.SIGNING_KEYS_RETIRED_JWK,
  });
  const facilitator = config.FACILITATOR_URL
    ? facilitatorFromConfig({ url: config.FACILITATOR_URL })
    : config.FACILITATOR_RPC_URL && config.FACILITATOR_PRIVATE_KEY
      ? facilitatorFromConfig({
          rpcUrl: config.FACILITATOR_RPC_URL,
          privateKey: config.FACILITATOR_PRIVATE_KEY as `0x${string}`,
        })
      : null;
  const chainRpc = config.CHAIN_RPC_URL ?? config.FACILITATOR_RPC_URL;
  if (!facilitator || !config.OPERATOR_PAY_TO) {
    log.warn(
      "payments off: set OPERATOR_PAY_TO and FACILITATOR_URL (or FACILITATOR_RPC_URL + FACILITATOR_PRIVATE_KEY locally)",
    );
    return { seller: null, signingKey, retiredKeys };
  }
  return {
    seller: createSeller({
      db,
      log,
      facilitator,
      payTo: config.OPERATOR_PAY_TO,
      settleTimeoutMs: config.SETTLE_TIMEOUT_MS,
      chain: chainRpc ? createSettlementReader(chainRpc) : null,
      finalizers: PAID_WORK,
      ...(metrics ? { onSettlement: countSettlements(metrics) } : {}),
    }),
    signingKey,
    retiredKeys,
  };
}

/** `tollgate_settlements_total{route,outcome}`: how each settlement of a paid answer ended. */
export function countSettlements(metrics: Registry) {
  const settlements = settlementOutcomes(metrics);
  return (route: string, outcome: string) => settlements.inc({ route, outcome });
}
