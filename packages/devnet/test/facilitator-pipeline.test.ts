import type { ChainFacilitator } from "@tollgate/x402";
import type { PaymentPayload } from "@x402/core/types";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Chain,
  createLocalFacilitator,
  exactPayment,
  localWallet,
  signAuthorization,
  startChain,
  type Wallet,
} from "../src/index.js";

// The in-process facilitator sends settlements back to back from one wallet with its own nonce counter
// (packages/x402/src/facilitator/sender.ts). Against a real anvil: every concurrent settlement lands once,
// a replay never moves money twice, and a nonce taken behind its back is recovered from.

let chain: Chain;
let facilitator: ChainFacilitator;
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

// A payment this facilitator verified is settled by sending transferWithAuthorization at once, without the
// scheme's second verification (packages/x402/src/facilitator/direct.ts). The token is what guards it.
describe("settling what this facilitator verified, without verifying again", () => {
  const verifiedPayment = async (f: ChainFacilitator, buyer: Wallet, value: bigint) => {
    const p = exactPayment(await signAuthorization(buyer, operator(), value));
    expect(await f.verify(p.payload, p.requirements)).toMatchObject({ isValid: true });
    return p;
  };

  it("settles a verified payment directly, and an unverified one through the scheme", async () => {
    const f = createLocalFacilitator(chain);
    const before = await chain.balanceOf(operator());
    const a = await verifiedPayment(f, chain.wallets.buyers[2]!, 300n);
    const settledA = await f.settle(a.payload, a.requirements);
    expect(settledA).toMatchObject({ success: true, payer: chain.wallets.buyers[2]!.address });
    expect(f.settlements).toEqual({ direct: 1, scheme: 0 });
    const b = exactPayment(await signAuthorization(chain.wallets.buyers[2]!, operator(), 400n));
    expect(await f.settle(b.payload, b.requirements)).toMatchObject({ success: true });
    expect(f.settlements).toEqual({ direct: 1, scheme: 1 });
    expect(await chain.balanceOf(operator())).toBe(before + 700n);
    const receipt = await chain.publicClient.getTransactionReceipt({
      hash: settledA.transaction as `0x${string}`,
    });
    expect(receipt.status).toBe("success");
  });

  it("does not settle directly a payment changed after it verified: refused, nothing moves", async () => {
    const f = createLocalFacilitator(chain);
    const buyer = chain.wallets.buyers[2]!;
    const before = await Promise.all([operator(), buyer.address].map(chain.balanceOf));
    const p = await verifiedPayment(f, buyer, 500n);
    // The same signature over a larger amount (the signature no longer matches), asked for as the terms.
    const auth = (p.payload.payload as { authorization: { value: string } }).authorization;
    const tampered = {
      ...p.payload,
      payload: { ...p.payload.payload, authorization: { ...auth, value: "50000" } },
    } as PaymentPayload;
    const result = await f.settle(tampered, { ...p.requirements, amount: "50000" });
    expect(result.success).toBe(false);
    expect(f.settlements).toEqual({ direct: 0, scheme: 1 });
    expect(await Promise.all([operator(), buyer.address].map(chain.balanceOf))).toEqual(before);
  });

  it("refuses a verified authorization replayed, through another facilitator or this one", async () => {
    const f1 = createLocalFacilitator(chain);
    const f2 = createLocalFacilitator(chain);
    const buyer = chain.wallets.buyers[3]!;
    const p = await verifiedPayment(f1, buyer, 600n);
    expect(await f2.verify(p.payload, p.requirements)).toMatchObject({ isValid: true });
    const before = await chain.balanceOf(operator());
    expect(await f1.settle(p.payload, p.requirements)).toMatchObject({ success: true });
    // f2 verified it too and knows nothing of f1's settlement: it sends, and the token refuses (the gas
    // estimate reverts, so nothing is broadcast).
    const again = await f2.settle(p.payload, p.requirements);
    expect(again).toMatchObject({ success: false, errorReason: "invalid_exact_evm_nonce_already_used" });
    expect(f2.settlements).toEqual({ direct: 1, scheme: 0 });
    // On f1 a verification is good for one settlement: the replay goes through the scheme, and is refused.
    expect(await f1.settle(p.payload, p.requirements)).toMatchObject({
      success: false,
      errorReason: "invalid_exact_evm_nonce_already_used",
    });
    expect(f1.settlements).toEqual({ direct: 1, scheme: 1 });
    // Twice at once on one facilitator: the second is refused while the first is in flight.
    const q = await verifiedPayment(f1, buyer, 700n);
    const twice = await Promise.all([
      f1.settle(q.payload, q.requirements),
      f1.settle(q.payload, q.requirements),
    ]);
    expect(twice.filter((r) => r.success)).toHaveLength(1);
    expect(twice.find((r) => !r.success)).toMatchObject({
      errorReason: "invalid_exact_evm_nonce_already_used",
    });
    // The second was refused while the first was in flight: not sent, not counted.
    expect(f1.settlements).toEqual({ direct: 2, scheme: 1 });
    expect(await chain.balanceOf(operator())).toBe(before + 600n + 700n);
  });

  it("refuses a verified payment the payer can no longer cover, moving nothing", async () => {
    const f = createLocalFacilitator(chain);
    const payer = localWallet("direct-settle-drained");
    await chain.mint(payer.address, 1000n);
    const p = await verifiedPayment(f, payer, 1000n);
    // The payer's whole balance leaves through another authorization before this one is settled.
    const other = exactPayment(await signAuthorization(payer, chain.wallets.sellers[9]!.address, 1000n));
    expect(await f.settle(other.payload, other.requirements)).toMatchObject({ success: true });
    const before = await chain.balanceOf(operator());
    const result = await f.settle(p.payload, p.requirements);
    expect(result).toMatchObject({ success: false, errorReason: "invalid_exact_evm_insufficient_balance" });
    expect(f.settlements.direct).toBe(1);
    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await chain.balanceOf(payer.address)).toBe(0n);
  });
});
