import { x402Facilitator } from "@x402/core/facilitator";
import { type FacilitatorClient, HTTPFacilitatorClient } from "@x402/core/server";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { ExactEvmSchemeV1 } from "@x402/evm/exact/v1/facilitator";
import { EVM_NETWORK_CHAIN_ID_MAP } from "@x402/evm/v1";
import { createPublicClient, defineChain, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createDirectSettler } from "./direct.js";
import { createExactVerifier } from "./exact.js";

export { type SignedAuthorization, transferWithAuthorizationArgs } from "./direct.js";

import { waitForReceipt } from "./receipt.js";
import { recentReads } from "./recent.js";
import { createRpcFetch } from "./rpc-fetch.js";
import { createPipelinedSender } from "./sender.js";

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
  /** How long one look at the chain's fees serves later settlements (sender.ts; 1 s by default). */
  feesForMs?: number;
}): ChainFacilitator {
  const chain = defineChain({
    id: opts.chainId ?? 8453,
    name: "base",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
    contracts: { multicall3: { address: "0xcA11bde05977b3631167028862bE2a173976CA11" } },
  });
  const account = privateKeyToAccount(opts.privateKey);
  // Receipts are not waited for with viem's block watcher but asked for directly, soon after the send
  // (receipt.ts); 100 ms stays the longest interval between two looks.
  // Calls made in the same tick (a settlement's gas estimate, block and priority fee; concurrent requests'
  // reads) go to the node as one JSON-RPC batch: one HTTP request instead of one each.
  // Over node:http rather than fetch: a request goes out in one socket write (rpc-fetch.ts).
  const rpc = createRpcFetch();
  const pub = createPublicClient({
    chain,
    transport: http(opts.rpcUrl, { batch: true, fetchFn: rpc.fetchFn }),
    pollingInterval: 100,
  });
  // One wallet sends every settlement: its nonce is kept by the sender, so sends go out back to back
  // without reading the nonce from the chain each time or waiting for the previous one to be mined;
  // receipts are awaited concurrently (sender.ts).
  // A settlement is sent with eth_sendRawTransactionSync where the node has it (EIP-7966; anvil 1.7.1 does):
  // the node answers with the receipt, one round trip instead of a send and then looks for its receipt.
  // Those go unbatched, as the answer waits for a block (sender.ts).
  const syncClient = createPublicClient({ chain, transport: http(opts.rpcUrl, { fetchFn: rpc.fetchFn }) });
  const sender = createPipelinedSender({
    account,
    client: pub as PublicClient,
    syncClient: syncClient as PublicClient,
    chainId: chain.id,
    ...(opts.feesForMs !== undefined ? { feesForMs: opts.feesForMs } : {}),
  });
  // The exact scheme reads the payer's code four times per paid request (to classify the signature and
  // again to check it, in verify and once more in settle): one read serves them all for two seconds. Only
  // the choice between an ECDSA and a contract-signature check depends on it; the token checks the
  // signature again when the settlement runs, and the receipt must carry the transfer.
  const codeAt = recentReads((address) => pub.getCode({ address: address as `0x${string}` }), 2_000);
  // viem 2.57's precise generics do not line up with the signer's structural types: adapt loosely.
  const signer = toFacilitatorEvmSigner(
    {
      address: account.address,
      readContract: (a) => pub.readContract(a as never),
      verifyTypedData: (a) => pub.verifyTypedData(a as never),
      writeContract: (a) => sender.writeContract(a as never),
      sendTransaction: (a) => sender.sendTransaction(a as never),
      waitForTransactionReceipt: (a) => waitForReceipt(pub, a),
      getCode: (a) => codeAt(a.address.toLowerCase()),
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
  // A payment verified here is settled without the scheme verifying it all again (direct.ts).
  const direct = createDirectSettler({
    client: pub as PublicClient,
    send: (req) => sender.send(req),
    codeAt,
    confirmationTimeoutMs: opts.confirmationTimeoutMs ?? 30_000,
  });
  // Plain-key EIP-3009 payments are accepted after the scheme's checks without its JavaScript signature
  // recovery (the token checks the signature in the simulated transfer; exact.ts); anything else, and any
  // payment a check fails, is verified by the scheme, which gives the reason.
  const exact = createExactVerifier({ client: pub as PublicClient, chainId, codeAt });
  const verifications = { direct: 0, scheme: 0 };
  return {
    async verify(payload, requirements) {
      if (await exact.accepts(payload, requirements)) {
        verifications.direct++;
        await direct.verifiedOk(payload, requirements);
        return {
          isValid: true,
          payer: (payload.payload as { authorization: { from: string } }).authorization.from,
        };
      }
      verifications.scheme++;
      const verdict = await facilitator.verify(payload, requirements);
      if (verdict.isValid) await direct.verifiedOk(payload, requirements);
      return verdict;
    },
    settle(payload, requirements) {
      if (direct.claims(payload, requirements)) return direct.settle(payload, requirements);
      direct.counts.scheme++;
      return facilitator.settle(payload, requirements);
    },
    getSupported: async () => facilitator.getSupported() as never,
    settlements: direct.counts,
    verifications,
  };
}

/**
 * The in-process facilitator; `settlements` counts which path settled (direct, or the scheme's settle) and
 * `verifications` which path decided a verification (direct: accepted by exact.ts; scheme: the scheme's verify).
 */
export type ChainFacilitator = FacilitatorClient & {
  settlements: { direct: number; scheme: number };
  verifications: { direct: number; scheme: number };
};

/** Production: a remote facilitator URL. Local chain: the in-process facilitator. */
export function facilitatorFromConfig(
  c: { url: string } | { rpcUrl: string; privateKey: `0x${string}` },
): FacilitatorClient {
  return "url" in c ? new HTTPFacilitatorClient({ url: c.url }) : createChainFacilitator(c);
}
