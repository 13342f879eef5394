import type { Db } from "@tollgate/db";
import type { Logger } from "@tollgate/platform";
import {
  createSeller,
  facilitatorFromConfig,
  loadSigningKey,
  type Seller,
  type SigningKey,
} from "@tollgate/x402";
import type { ApiConfig } from "./config.js";

export interface Payments {
  /** null when no facilitator/payTo is configured: paid routes answer 503, nothing is offered. */
  seller: Seller | null;
  signingKey: SigningKey;
}

export async function buildPayments(config: ApiConfig, db: Db, log: Logger): Promise<Payments> {
  const signingKey = await loadSigningKey(
    config.SIGNING_KEY_JWK ? { jwk: config.SIGNING_KEY_JWK } : { file: config.SIGNING_KEY_FILE },
  );
  const facilitator = config.FACILITATOR_URL
    ? facilitatorFromConfig({ url: config.FACILITATOR_URL })
    : config.FACILITATOR_RPC_URL && config.FACILITATOR_PRIVATE_KEY
      ? facilitatorFromConfig({
          rpcUrl: config.FACILITATOR_RPC_URL,
          privateKey: config.FACILITATOR_PRIVATE_KEY as `0x${string}`,
        })
      : null;
  if (!facilitator || !config.OPERATOR_PAY_TO) {
    log.warn(
      "payments off: set OPERATOR_PAY_TO and FACILITATOR_URL (or FACILITATOR_RPC_URL + FACILITATOR_PRIVATE_KEY locally)",
    );
    return { seller: null, signingKey };
  }
  return { seller: createSeller({ db, log, facilitator, payTo: config.OPERATOR_PAY_TO }), signingKey };
}
