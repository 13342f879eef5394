import { type ChainFacilitator, createChainFacilitator, type SignedAuthorization } from "@tollgate/x402";
import { encodeFunctionData } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Chain,
  exactPayment,
  localWallet,
  signAuthorization,
  startChain,
  transferWithAuthorizationArgs,
  USDC_ABI,
  type Wallet,
} from "../src/index.js";
import { startRpcProxy } from "./fixtures/rpc-proxy.js";

// The local facilitator's verification simulates the transfer as the gas estimate of its settlement
// (packages/x402/src/facilitator/exact.ts), and a settlement within `estimateForMs` of it sends with that
// estimate instead of estimating again (direct.ts). Calls counted by a pass-through proxy in front of anvil.

let chain: Chain;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
beforeAll(async () => {
  chain = await startChain();
  proxy = await startRpcProxy(chain.rpcUrl);
});
afterAll(async () => {
  await proxy.close();
  await chain.stop();
});

const operator = () => chain.wallets.operator.address;
const facilitatorFor = (estimateForMs: number): ChainFacilitator =>
  createChainFacilitator({
    rpcUrl: proxy.url,
    privateKey: chain.wallets.facilitator.privateKey,
    estimateForMs,
  });

/** A payment from `buyer` verified by `f`, with the calls its verification made. */
async function verified(f: ChainFacilitator, buyer: Wallet, value: bigint) {
  const p = exactPayment(await signAuthorization(buyer, operator(), value));
  proxy.calls.clear();
  expect(await f.verify(p.payload, p.requirements)).toMatchObject({ isValid: true });
  return { ...p, verifyCalls: new Map(proxy.calls) };
}

describe("the verification's gas estimate serves its settlement", () => {
  it("a settlement right after its verification sends with that estimate, a quarter more gas", async () => {
    const f = facilitatorFor(60_000);
    await verified(f, chain.wallets.buyers[0]!, 10n); // reads the token's domain once
    const p = await verified(f, chain.wallets.buyers[0]!, 20n);
    // The simulation is the estimate: no eth_call of the transfer beside it.
    expect(p.verifyCalls.get("eth_estimateGas")).toBe(1);
    expect(p.verifyCalls.get("eth_call")).toBeUndefined();
    const estimate = await chain.publicClient.estimateGas({
      account: chain.wallets.facilitator.address,
      to: p.requirements.asset as `0x${string}`,
      data: encodeFunctionData({
        abi: USDC_ABI,
        functionName: "transferWithAuthorization",
        args: transferWithAuthorizationArgs(p.payload.payload as unknown as SignedAuthorization),
      }),
    });
    proxy.calls.clear();
    const settled = await f.settle(p.payload, p.requirements);
    expect(settled).toMatchObject({ success: true });
    expect(proxy.calls.get("eth_estimateGas")).toBeUndefined();
    const tx = await chain.publicClient.getTransaction({ hash: settled.transaction as `0x${string}` });
    expect(tx.gas).toBe(estimate + estimate / 4n);
  });

  it("a settlement later than estimateForMs after its verification is estimated again", async () => {
    const f = facilitatorFor(0);
    const p = await verified(f, chain.wallets.buyers[1]!, 30n);
    await new Promise((r) => setTimeout(r, 5));
    proxy.calls.clear();
    expect(await f.settle(p.payload, p.requirements)).toMatchObject({ success: true });
    expect(proxy.calls.get("eth_estimateGas")).toBe(1);
  });

  it("a payer drained since: refused with the token's reason, nothing moves; sent only within the bound", async () => {
    for (const [estimateForMs, sent] of [
      [60_000, true],
      [0, false],
    ] as const) {
      const f = facilitatorFor(estimateForMs);
      const payer = localWallet(`estimate-drained-${estimateForMs}`);
      await chain.mint(payer.address, 1000n);
      const p = await verified(f, payer, 1000n);
      const other = exactPayment(await signAuthorization(payer, chain.wallets.sellers[9]!.address, 1000n));
      expect(await f.settle(other.payload, other.requirements)).toMatchObject({ success: true });
      const before = await chain.balanceOf(operator());
      await new Promise((r) => setTimeout(r, 5));
      const result = await f.settle(p.payload, p.requirements);
      expect(result).toMatchObject({ success: false, errorReason: "invalid_exact_evm_insufficient_balance" });
      expect(await chain.balanceOf(operator())).toBe(before);
      expect(await chain.balanceOf(payer.address)).toBe(0n);
      if (sent) {
        // Within the bound the verification's estimate is used: the token refuses it on-chain.
        const receipt = await chain.publicClient.getTransactionReceipt({
          hash: result.transaction as `0x${string}`,
        });
        expect(receipt.status).toBe("reverted");
      } else expect(result.transaction).toBe("");
    }
  });
});
