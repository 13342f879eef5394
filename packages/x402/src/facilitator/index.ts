import { x402Facilitator } from "@x402/core/facilitator";
import { type FacilitatorClient, HTTPFacilitatorClient } from "@x402/core/server";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { ExactEvmSchemeV1 } from "@x402/evm/exact/v1/facilitator";
import { EVM_NETWORK_CHAIN_ID_MAP } from "@x402/evm/v1";
import { createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * A facilitator that settles itself against an EVM RPC (the local chain): verifies EIP-3009
 * authorizations and sends transferWithAuthorization from its own wallet, which pays the gas.
 * It takes x402 v2 payloads (network `eip155:<chainId>`) and x402 v1 payloads (the chain's v1 name,
 * `base` for 8453), both `exact`.
 */
export function createChainFacilitator(opts: {
  rpcUrl: string;
  privateKey: `0x${string}`;
  chainId?: number;
  confirmationTimeoutMs?: number;
}): FacilitatorClient {
  const chain = defineChain({
    id: opts.chainId ?? 8453,
    name: "base",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
    contracts: { multicall3: { address: "0xcA11bde05977b3631167028862bE2a173976CA11" } },
  });
  const account = privateKeyToAccount(opts.privateKey);
  const wallet = createWalletClient({ account, chain, transport: http(opts.rpcUrl) });
  const pub = createPublicClient({ chain, transport: http(opts.rpcUrl) });
  // One wallet sends every settlement: concurrent sends would read the same account nonce and all but one
  // be refused by the node (the buyer's authorization stays unused, but the paid request fails). Sends
  // therefore go one at a time (each fetches the nonce after the previous one was accepted); waiting for
  // receipts stays concurrent.
  const oneAtATime = serialiser();
  // viem 2.57's precise generics do not line up with the signer's structural types: adapt loosely.
  const signer = toFacilitatorEvmSigner(
    {
      address: account.address,
      readContract: (a) => pub.readContract(a as never),
      verifyTypedData: (a) => pub.verifyTypedData(a as never),
      writeContract: (a) => oneAtATime(() => wallet.writeContract(a as never)),
      sendTransaction: (a) => oneAtATime(() => wallet.sendTransaction(a as never)),
      waitForTransactionReceipt: (a) => pub.waitForTransactionReceipt(a),
      getCode: (a) => pub.getCode(a),
    },
    { confirmationTimeoutMs: opts.confirmationTimeoutMs ?? 30_000 },
  );
  const chainId = opts.chainId ?? 8453;
  const facilitator = new x402Facilitator().register(`eip155:${chainId}`, new ExactEvmScheme(signer));
  // x402 v1 names networks ("base"), which @x402/core's CAIP-2 `Network` type does not describe; a chain
  // without a v1 name takes v2 payloads only.
  const v1Networks = Object.entries(EVM_NETWORK_CHAIN_ID_MAP)
    .filter(([, id]) => id === chainId)
    .map(([name]) => name as `${string}:${string}`);
  if (v1Networks.length > 0) facilitator.registerV1(v1Networks, new ExactEvmSchemeV1(signer));
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as never,
  };
}

/** Runs the given tasks one after another, in call order; a failure does not stop the ones queued behind it. */
function serialiser() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Production: a remote facilitator URL. Local chain: the in-process facilitator. */
export function facilitatorFromConfig(
  c: { url: string } | { rpcUrl: string; privateKey: `0x${string}` },
): FacilitatorClient {
  return "url" in c ? new HTTPFacilitatorClient({ url: c.url }) : createChainFacilitator(c);
}
