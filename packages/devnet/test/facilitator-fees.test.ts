import { createServer, type Server } from "node:http";
import { type ChainFacilitator, createChainFacilitator } from "@tollgate/x402";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Chain, exactPayment, signAuthorization, startChain } from "../src/index.js";

// The facilitator's settlements share one look at the chain's fees (packages/x402/src/facilitator/sender.ts),
// and the max fee it offers is twice the base fee read plus the priority fee. The JSON-RPC calls are counted
// by a pass-through proxy in front of the real node.

let chain: Chain;
let proxy: Server;
let proxyUrl: string;
const calls = new Map<string, number>();

beforeAll(async () => {
  chain = await startChain();
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const parsed = JSON.parse(body) as { method: string } | { method: string }[];
    for (const m of Array.isArray(parsed) ? parsed : [parsed])
      calls.set(m.method, (calls.get(m.method) ?? 0) + 1);
    const upstream = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    res.writeHead(upstream.status, { "content-type": "application/json" });
    res.end(await upstream.text());
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
});
afterAll(async () => {
  proxy.close();
  await chain.stop();
});

const facilitatorFor = (feesForMs: number): ChainFacilitator =>
  createChainFacilitator({ rpcUrl: proxyUrl, privateKey: chain.wallets.facilitator.privateKey, feesForMs });

async function settleVerified(f: ChainFacilitator, n: number) {
  const payments = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const p = exactPayment(
        await signAuthorization(chain.wallets.buyers[i % 4]!, chain.wallets.operator.address, 100n),
      );
      expect(await f.verify(p.payload, p.requirements)).toMatchObject({ isValid: true });
      return p;
    }),
  );
  calls.clear();
  return Promise.all(payments.map((p) => f.settle(p.payload, p.requirements)));
}

describe("the fees of settlements", () => {
  it("one look at the fees serves every settlement while it stands", async () => {
    const settled = await settleVerified(facilitatorFor(600_000), 8);
    expect(settled.every((s) => s.success)).toBe(true);
    expect(calls.get("eth_getBlockByNumber")).toBe(1);
    expect(calls.get("eth_maxPriorityFeePerGas")).toBe(1);
    // Each settlement is still estimated (a transfer the token would refuse is never sent) and sent.
    expect(calls.get("eth_estimateGas")).toBe(8);
    expect(calls.get("eth_sendRawTransactionSync")).toBe(8);
  });

  it("a look that no longer stands is taken again", async () => {
    const settled = await settleVerified(facilitatorFor(0), 3);
    expect(settled.every((s) => s.success)).toBe(true);
    expect(calls.get("eth_getBlockByNumber")).toBe(3);
  });

  it("the max fee is twice the base fee read plus the priority fee", async () => {
    const [settled] = await settleVerified(facilitatorFor(600_000), 1);
    const tx = await chain.publicClient.getTransaction({ hash: settled!.transaction as `0x${string}` });
    // Nothing else was mined between the look and the send: the block read is the one before the transfer's.
    const read = await chain.publicClient.getBlock({ blockNumber: tx.blockNumber! - 1n });
    expect(tx.maxFeePerGas).toBe(read.baseFeePerGas! * 2n + tx.maxPriorityFeePerGas!);
  });
});
