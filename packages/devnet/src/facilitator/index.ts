import { x402Facilitator } from "@x402/core/facilitator";
import type { FacilitatorClient } from "@x402/core/server";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Chain } from "../chain/index.js";

/**
 * An x402 facilitator running in-process against the local chain: verifies EIP-3009 authorizations
 * and settles them by sending transferWithAuthorization from the facilitator wallet (which pays gas).
 * Exposed as a FacilitatorClient, the interface x402ResourceServer expects of a remote facilitator.
 */
export function createLocalFacilitator(
  chain: Chain,
  opts: { confirmationTimeoutMs?: number } = {},
): FacilitatorClient {
  const account = privateKeyToAccount(chain.wallets.facilitator.privateKey);
  const wallet = createWalletClient({ account, chain: chain.viemChain, transport: http(chain.rpcUrl) });
  const pub = chain.publicClient;
  // viem 2.57's precise generics do not line up with the signer's structural types: adapt loosely.
  const signer = toFacilitatorEvmSigner(
    {
      address: account.address,
      readContract: (a) => pub.readContract(a as never),
      verifyTypedData: (a) => pub.verifyTypedData(a as never),
      writeContract: (a) => wallet.writeContract(a as never),
      sendTransaction: (a) => wallet.sendTransaction(a as never),
      waitForTransactionReceipt: (a) => pub.waitForTransactionReceipt(a),
      getCode: (a) => pub.getCode(a),
    },
    { confirmationTimeoutMs: opts.confirmationTimeoutMs ?? 30_000 },
  );
  const facilitator = new x402Facilitator().register("eip155:8453", new ExactEvmScheme(signer));
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as never,
  };
}
