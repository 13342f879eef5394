import { type ChainFacilitator, createChainFacilitator } from "@tollgate/x402";
import type { Chain } from "../chain/index.js";

/** The in-process facilitator on the local chain, paying gas from the devnet facilitator wallet. */
export function createLocalFacilitator(
  chain: Chain,
  opts: { confirmationTimeoutMs?: number } = {},
): ChainFacilitator {
  return createChainFacilitator({
    rpcUrl: chain.rpcUrl,
    privateKey: chain.wallets.facilitator.privateKey,
    ...opts,
  });
}
