import { type ChainFacilitator, createChainFacilitator } from "@tollgate/x402";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Chain, exactPayment, signAuthorization, startChain } from "../src/index.js";
import { startRpcProxy } from "./fixtures/rpc-proxy.js";

// A settlement is sent with eth_sendRawTransactionSync (EIP-7966) where the node answers it, so the node's
// answer carries the receipt: one round trip, no look for the receipt afterwards. A node that does not know
// the method gets eth_sendRawTransaction and looks for the receipt, and is not asked again. The JSON-RPC
// calls are counted by a pass-through proxy in front of anvil, which can also refuse the method as an
// older node would.

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
const calls = () => proxy.calls;

const facilitator = (): ChainFacilitator =>
  createChainFacilitator({ rpcUrl: proxy.url, privateKey: chain.wallets.facilitator.privateKey });

/** `n` payments from 4 buyers, verified by `f`, then settled all at once; the calls of the settlements only. */
async function settleVerified(f: ChainFacilitator, n: number, value: bigint) {
  const payments = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const p = exactPayment(
        await signAuthorization(chain.wallets.buyers[i % 4]!, chain.wallets.operator.address, value),
      );
      expect(await f.verify(p.payload, p.requirements)).toMatchObject({ isValid: true });
      return p;
    }),
  );
  calls().clear();
  return Promise.all(payments.map((p) => f.settle(p.payload, p.requirements)));
}

describe("a settlement's receipt in the send's answer", () => {
  it("a node with eth_sendRawTransactionSync: one send per settlement, no receipt looked for", async () => {
    const before = await chain.balanceOf(chain.wallets.operator.address);
    const settled = await settleVerified(facilitator(), 6, 110n);
    for (const s of settled) expect(s, JSON.stringify(s)).toMatchObject({ success: true });
    expect(calls().get("eth_sendRawTransactionSync")).toBe(6);
    expect(calls().get("eth_sendRawTransaction")).toBeUndefined();
    expect(calls().get("eth_getTransactionReceipt")).toBeUndefined();
    expect(new Set(settled.map((s) => s.transaction)).size).toBe(6);
    for (const s of settled) {
      const receipt = await chain.publicClient.getTransactionReceipt({
        hash: s.transaction as `0x${string}`,
      });
      expect(receipt.status).toBe("success");
    }
    expect(await chain.balanceOf(chain.wallets.operator.address)).toBe(before + 6n * 110n);
  });

  it("a node without it: sent and its receipt looked for, the method not asked again", async () => {
    proxy.refused.add("eth_sendRawTransactionSync");
    try {
      const f = facilitator();
      const before = await chain.balanceOf(chain.wallets.operator.address);
      const first = await settleVerified(f, 1, 120n);
      expect(first[0]).toMatchObject({ success: true });
      expect(calls().get("eth_sendRawTransactionSync")).toBe(1);
      expect(calls().get("eth_sendRawTransaction")).toBe(1);
      const rest = await settleVerified(f, 5, 120n);
      for (const s of rest) expect(s, JSON.stringify(s)).toMatchObject({ success: true });
      expect(calls().get("eth_sendRawTransactionSync")).toBeUndefined();
      expect(calls().get("eth_sendRawTransaction")).toBe(5);
      expect(calls().get("eth_getTransactionReceipt")).toBeGreaterThanOrEqual(5);
      for (const s of [...first, ...rest]) {
        const receipt = await chain.publicClient.getTransactionReceipt({
          hash: s.transaction as `0x${string}`,
        });
        expect(receipt.status).toBe("success");
      }
      expect(await chain.balanceOf(chain.wallets.operator.address)).toBe(before + 6n * 120n);
    } finally {
    }
  });
});
