import {
  type ChainFacilitator,
  createBatchSettler,
  MULTICALL3,
  paidItems,
  type SettlementItem,
  transferWithAuthorizationArgs,
} from "@tollgate/x402";
import { createWalletClient, encodeFunctionData, http, type Log, toEventSelector } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Chain,
  createLocalFacilitator,
  exactPayment,
  localWallet,
  signAuthorization,
  startChain,
  USDC_ABI,
  type Wallet,
} from "../src/index.js";

// Settlements that arrive together leave as one Multicall3 aggregate3 transaction (allowFailure per item), and
// each payment is decided by its own AuthorizationUsed and Transfer logs in the receipt, never by the
// transaction's status (packages/x402/src/facilitator/batch.ts). Against a real anvil.

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
});
afterAll(() => chain.stop());

const operator = () => chain.wallets.operator.address;

async function verified(f: ChainFacilitator, buyer: Wallet, value: bigint) {
  const p = exactPayment(await signAuthorization(buyer, operator(), value));
  expect(await f.verify(p.payload, p.requirements)).toMatchObject({ isValid: true });
  return p;
}

/** A payer holding exactly `amount`. */
async function payerWith(label: string, amount: bigint) {
  const w = localWallet(`batch-${label}-${Date.now()}`);
  await chain.mint(w.address, amount);
  return w;
}

describe("batched settlements through the facilitator", () => {
  it("settles concurrent payments in fewer transactions than payments, each charged once", async () => {
    const f = createLocalFacilitator(chain);
    const buyers = chain.wallets.buyers.slice(0, 4);
    const jobs = Array.from({ length: 8 }, (_, i) => ({ buyer: buyers[i % 4]!, value: BigInt(2000 + i) }));
    const payments = await Promise.all(jobs.map((j) => verified(f, j.buyer, j.value)));
    const before = await Promise.all([operator(), ...buyers.map((b) => b.address)].map(chain.balanceOf));
    const results = await Promise.all(payments.map((p) => f.settle(p.payload, p.requirements)));
    for (const r of results) expect(r, JSON.stringify(r)).toMatchObject({ success: true });
    expect(f.settlements.direct).toBe(8);
    expect(f.batches.items).toBe(8);
    expect(f.batches.batches).toBeLessThan(8);
    const hashes = new Set(results.map((r) => r.transaction as `0x${string}`));
    expect(hashes.size).toBe(f.batches.batches);
    // Each payment is on-chain in its transaction: sent to Multicall3, with its own AuthorizationUsed.
    for (const [i, r] of results.entries()) {
      const hash = r.transaction as `0x${string}`;
      const [tx, receipt] = await Promise.all([
        chain.publicClient.getTransaction({ hash }),
        chain.publicClient.getTransactionReceipt({ hash }),
      ]);
      expect(tx.to?.toLowerCase()).toBe(MULTICALL3.toLowerCase());
      const auth = (payments[i]!.payload.payload as { authorization: { from: string; nonce: string } })
        .authorization;
      const used = receipt.logs.filter(
        (l) =>
          l.topics[1]?.toLowerCase().endsWith(auth.from.slice(2).toLowerCase()) &&
          l.topics[2]?.toLowerCase() === auth.nonce.toLowerCase(),
      );
      expect(used).toHaveLength(1);
    }
    const total = jobs.reduce((s, j) => s + j.value, 0n);
    expect(await chain.balanceOf(operator())).toBe(before[0]! + total);
    for (const [i, b] of buyers.entries()) {
      const paid = jobs.filter((j) => j.buyer === b).reduce((s, j) => s + j.value, 0n);
      expect(await chain.balanceOf(b.address)).toBe(before[i + 1]! - paid);
    }
  });

  it("a lone payment still settles, as a batch of one", async () => {
    const f = createLocalFacilitator(chain);
    const before = await chain.balanceOf(operator());
    const p = await verified(f, chain.wallets.buyers[4]!, 4321n);
    expect(await f.settle(p.payload, p.requirements)).toMatchObject({ success: true });
    expect(f.batches).toEqual({ batches: 1, items: 1 });
    expect(await chain.balanceOf(operator())).toBe(before + 4321n);
  });

  it("refuses exactly the items that fail inside a batch and settles the others", async () => {
    const f1 = createLocalFacilitator(chain);
    const f2 = createLocalFacilitator(chain);
    const buyers = chain.wallets.buyers.slice(0, 3);
    const drained = await payerWith("drained", 900n);
    const good = await Promise.all(buyers.map((b, i) => verified(f1, b, BigInt(3000 + i))));
    const broke = await verified(f1, drained, 900n);
    // Used through another facilitator after f1 verified it.
    const replayed = await verified(f1, buyers[0]!, 3100n);
    expect(await f2.verify(replayed.payload, replayed.requirements)).toMatchObject({ isValid: true });
    expect(await f2.settle(replayed.payload, replayed.requirements)).toMatchObject({ success: true });
    // The drained payer's balance leaves through another authorization, also after verify.
    const away = exactPayment(await signAuthorization(drained, chain.wallets.sellers[8]!.address, 900n));
    expect(await f2.settle(away.payload, away.requirements)).toMatchObject({ success: true });

    const before = await Promise.all([operator(), ...buyers.map((b) => b.address)].map(chain.balanceOf));
    const all = [...good, broke, replayed];
    const results = await Promise.all(all.map((p) => f1.settle(p.payload, p.requirements)));
    // All five went in one transaction: the bad two were sent (no estimate per item), failed inside, refused.
    expect(f1.batches).toEqual({ batches: 1, items: 5 });
    for (const r of results.slice(0, 3)) expect(r, JSON.stringify(r)).toMatchObject({ success: true });
    expect(results[3]).toMatchObject({
      success: false,
      errorReason: "invalid_exact_evm_insufficient_balance",
    });
    expect(results[4]).toMatchObject({ success: false, errorReason: "invalid_exact_evm_nonce_already_used" });
    const receipt = await chain.publicClient.getTransactionReceipt({
      hash: results[0]!.transaction as `0x${string}`,
    });
    expect(receipt.status).toBe("success");
    expect(results[3]!.transaction).toBe(results[0]!.transaction);
    expect(await chain.balanceOf(operator())).toBe(before[0]! + 3000n + 3001n + 3002n);
    for (const [i, b] of buyers.entries())
      expect(await chain.balanceOf(b.address)).toBe(before[i + 1]! - BigInt(3000 + i));
    expect(await chain.balanceOf(drained.address)).toBe(0n);
  });

  it("without Multicall3 on the chain, each payment goes alone to the token, estimated first", async () => {
    const code = await chain.publicClient.getCode({ address: MULTICALL3 });
    await chain.publicClient.request({ method: "anvil_setCode", params: [MULTICALL3, "0x"] } as never);
    try {
      const f = createLocalFacilitator(chain);
      const before = await chain.balanceOf(operator());
      const payments = [
        await verified(f, chain.wallets.buyers[0]!, 61n),
        await verified(f, chain.wallets.buyers[1]!, 62n),
      ];
      const results = await Promise.all(payments.map((p) => f.settle(p.payload, p.requirements)));
      for (const r of results) expect(r, JSON.stringify(r)).toMatchObject({ success: true });
      expect(f.batches).toEqual({ batches: 0, items: 0 });
      for (const r of results) {
        const tx = await chain.publicClient.getTransaction({ hash: r.transaction as `0x${string}` });
        expect(tx.to?.toLowerCase()).toBe(chain.usdc.toLowerCase());
      }
      expect(await chain.balanceOf(operator())).toBe(before + 123n);
    } finally {
      await chain.publicClient.request({ method: "anvil_setCode", params: [MULTICALL3, code] } as never);
    }
  });
});

describe("the batch settler itself", () => {
  // A relayer of its own (funded with gas by the chain's setup), sending what the settler asks for.
  const relayer = () =>
    createWalletClient({
      chain: chain.viemChain,
      transport: http(chain.rpcUrl),
      account: privateKeyToAccount(chain.wallets.sellers[11]!.privateKey),
    });
  const settler = () => {
    const wallet = relayer();
    return createBatchSettler({
      client: chain.publicClient,
      send: async (req) => ({
        hash: await wallet.sendTransaction({ to: req.to, data: req.data, gas: req.gas }),
      }),
      codeAt: (address) => chain.publicClient.getCode({ address: address as `0x${string}` }),
      confirmationTimeoutMs: 10_000,
    });
  };
  const itemOf = async (buyer: Wallet, value: bigint): Promise<SettlementItem> => {
    const signed = await signAuthorization(buyer, operator(), value);
    const a = signed.authorization;
    const data = encodeFunctionData({
      abi: USDC_ABI,
      functionName: "transferWithAuthorization",
      args: transferWithAuthorizationArgs(signed),
    });
    return { asset: chain.usdc, from: a.from, to: a.to, value, nonce: a.nonce, data };
  };

  it("the same authorization twice in one batch: charged once, the second refused", async () => {
    const s = settler();
    const buyer = chain.wallets.buyers[1]!;
    const item = await itemOf(buyer, 7777n);
    const before = await Promise.all([operator(), buyer.address].map(chain.balanceOf));
    const [a, b] = await Promise.all([s.settle(item), s.settle({ ...item })]);
    expect(s.stats).toEqual({ batches: 1, items: 2 });
    expect(a).toMatchObject({ success: true });
    expect(b).toMatchObject({ success: false, errorReason: "invalid_exact_evm_nonce_already_used" });
    expect(b.transaction).toBe(a.transaction);
    expect(await chain.balanceOf(operator())).toBe(before[0]! + 7777n);
    expect(await chain.balanceOf(buyer.address)).toBe(before[1]! - 7777n);
  });

  it("decides each item by its own logs: an item whose AuthorizationUsed or Transfer is missing is refused", async () => {
    const s = settler();
    const buyer = chain.wallets.buyers[2]!;
    // Two payments alike in payer, payee and amount: only their nonces tell them apart.
    const items = [await itemOf(buyer, 555n), await itemOf(buyer, 555n)];
    const results = await Promise.all(items.map((it) => s.settle(it)));
    expect(s.stats).toEqual({ batches: 1, items: 2 });
    for (const r of results) expect(r).toMatchObject({ success: true });
    const { logs } = await chain.publicClient.getTransactionReceipt({
      hash: results[0]!.transaction as `0x${string}`,
    });
    expect(paidItems(logs, items)).toEqual([true, true]);
    const isUsed = (l: Log, it: SettlementItem) =>
      l.topics[0] === usedTopic && l.topics[2]?.toLowerCase() === it.nonce.toLowerCase();
    // The second item's AuthorizationUsed gone: it is refused, though a matching Transfer is there.
    expect(
      paidItems(
        logs.filter((l) => !isUsed(l, items[1]!)),
        items,
      ),
    ).toEqual([true, false]);
    // One of the two Transfers gone: only one item can claim the one left.
    const transfers = logs.filter((l) => l.topics[0] === transferTopic);
    expect(transfers).toHaveLength(2);
    expect(
      paidItems(
        logs.filter((l) => l !== transfers[1]),
        items,
      ),
    ).toEqual([true, false]);
    // A log of the same shape from another contract does not count.
    const elsewhere = logs.map((l) => ({ ...l, address: MULTICALL3 }) as Log);
    expect(paidItems(elsewhere, items)).toEqual([false, false]);
    // An item nobody paid (another nonce) is not paid by these logs.
    expect(paidItems(logs, [{ ...items[0]!, nonce: `0x${"11".repeat(32)}` }])).toEqual([false]);
  });
});

const usedTopic = toEventSelector("AuthorizationUsed(address,bytes32)");
const transferTopic = toEventSelector("Transfer(address,address,uint256)");
