import type { FacilitatorClient } from "@x402/core/server";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Chain,
  createLocalFacilitator,
  exactPayment,
  signAuthorization,
  startChain,
  type Wallet,
} from "../src/index.js";

// The in-process facilitator sends settlements back to back from one wallet with its own nonce counter
// (packages/x402/src/facilitator/sender.ts). Against a real anvil: every concurrent settlement lands once,
// a replay never moves money twice, and a nonce taken behind its back is recovered from.

let chain: Chain;
let facilitator: FacilitatorClient;
beforeAll(async () => {
  chain = await startChain();
  facilitator = createLocalFacilitator(chain);
});
afterAll(() => chain.stop());

const operator = () => chain.wallets.operator.address;

async function settle(buyer: Wallet, value: bigint) {
  const { payload, requirements } = exactPayment(await signAuthorization(buyer, operator(), value));
  return { payload, requirements, result: await facilitator.settle(payload, requirements) };
}

describe("pipelined settlements from one facilitator wallet", () => {
  it("settles 24 concurrent payments from 4 buyers, each once, with distinct transactions", async () => {
    const buyers = chain.wallets.buyers.slice(0, 4);
    const before = await Promise.all([operator(), ...buyers.map((b) => b.address)].map(chain.balanceOf));
    const jobs = Array.from({ length: 24 }, (_, i) => ({ buyer: buyers[i % 4]!, value: BigInt(1000 + i) }));
    const results = await Promise.all(jobs.map((j) => settle(j.buyer, j.value)));
    for (const r of results) expect(r.result, JSON.stringify(r.result)).toMatchObject({ success: true });
    const hashes = new Set(results.map((r) => r.result.transaction));
    expect(hashes.size).toBe(24);
    for (const h of hashes) {
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: h as `0x${string}` });
      expect(receipt.status).toBe("success");
    }
    const total = jobs.reduce((s, j) => s + j.value, 0n);
    expect(await chain.balanceOf(operator())).toBe(before[0]! + total);
    for (const [i, b] of buyers.entries()) {
      const paid = jobs.filter((j) => j.buyer === b).reduce((s, j) => s + j.value, 0n);
      expect(await chain.balanceOf(b.address)).toBe(before[i + 1]! - paid);
    }
  });

  it("refuses a replayed authorization, after it landed and while it is in flight", async () => {
    const buyer = chain.wallets.buyers[0]!;
    const first = await settle(buyer, 5000n);
    expect(first.result.success).toBe(true);
    const afterFirst = await chain.balanceOf(operator());
    const replay = await facilitator.settle(first.payload, first.requirements);
    expect(replay.success).toBe(false);
    expect(await chain.balanceOf(operator())).toBe(afterFirst);

    // The same authorization settled twice at once: both may be sent, the chain lets one through.
    const { payload, requirements } = exactPayment(await signAuthorization(buyer, operator(), 7000n));
    const twice = await Promise.all([
      facilitator.settle(payload, requirements),
      facilitator.settle(payload, requirements),
    ]);
    expect(twice.filter((r) => r.success)).toHaveLength(1);
    expect(await chain.balanceOf(operator())).toBe(afterFirst + 7000n);
  });

  it("recovers when the wallet's nonce was taken outside the facilitator", async () => {
    expect((await settle(chain.wallets.buyers[1]!, 100n)).result.success).toBe(true);
    // A transaction from the same wallet that the facilitator does not know about: its next nonce is stale.
    const outside = createWalletClient({
      chain: chain.viemChain,
      transport: http(chain.rpcUrl),
      account: privateKeyToAccount(chain.wallets.facilitator.privateKey),
    });
    const hash = await outside.sendTransaction({ to: chain.wallets.facilitator.address, value: 0n });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    const before = await chain.balanceOf(operator());
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => settle(chain.wallets.buyers[i % 3]!, 200n)),
    );
    for (const r of results) expect(r.result, JSON.stringify(r.result)).toMatchObject({ success: true });
    expect(await chain.balanceOf(operator())).toBe(before + 1200n);
  });
});
