import { createSafeHttpClient, type SafeHttpClient } from "@tollgate/platform";
import { parseChallenge } from "@tollgate/x402";
import { decodePaymentResponseHeader } from "@x402/fetch";
import { Receipt } from "mppx";
import { evm, Mppx } from "mppx/client";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_USDC } from "../src/chain/chain.js";
import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  payingFetch,
  startChain,
  startDemoSellers,
} from "../src/index.js";

let chain: Chain;
let demo: DemoSellers;
let client: SafeHttpClient;
beforeAll(async () => {
  chain = await startChain();
  demo = await startDemoSellers({
    payTo: chain.wallets.sellers[0]!.address,
    facilitator: createLocalFacilitator(chain),
  });
  demo.sellers.slow.control.delayMs = 1500;
  client = createSafeHttpClient({
    verifiedBy: "tollgate",
    allowHttp: true,
    allowance: { hosts: demo.allowance, cidrs: [] },
    timeoutMs: 1000,
  });
});
afterAll(async () => {
  await client.close();
  await demo.stop();
  await chain.stop();
});

const probe = async (url: string, method = "GET") => {
  const res = await client.request(url, { method });
  return { res, parsed: parseChallenge({ status: res.status, headers: res.headers, bodyText: res.text() }) };
};

describe("demo sellers, reached through the SSRF guard's allowance", () => {
  it("x402-hono (official middleware): a v2 header challenge the parser reads, naming Base USDC", async () => {
    const { parsed } = await probe(demo.sellers["x402-hono"].url);
    expect(parsed).toMatchObject({
      ok: true,
      x402Version: 2,
      transport: "header",
      amountUsd: 0.01,
      protocols: ["x402"],
    });
    if (parsed.ok) expect(parsed.chosen?.payTo).toBe(chain.wallets.sellers[0]!.address);
    expect(demo.sellers["x402-hono"].control.requests.at(-1)?.headers["x-verified-by"]).toBe("tollgate");
  });
  it.each([
    ["v1", { ok: true, x402Version: 1, transport: "body" }],
    ["mpp", { ok: true, protocols: ["mpp"], mppMethods: ["tempo"] }],
    // mppx's evm charge also states its terms as an x402 v2 header (its compatibility wire).
    [
      "mpp-evm",
      { ok: true, protocols: ["x402", "mpp"], mppMethods: ["evm"], x402Version: 2, amountUsd: 0.01 },
    ],
    // The same evm charge with no x402 header: MPP alone, its terms read from the challenge's request.
    [
      "mpp-evm-only",
      {
        ok: true,
        protocols: ["mpp"],
        mppMethods: ["evm"],
        x402Version: null,
        accepts: [],
        amountAtomic: "10000",
        amountUsd: 0.01,
        mppCharge: { network: "eip155:8453" },
      },
    ],
    ["free", { ok: false, reason: "not_402" }],
    ["burn-payto", { ok: true, payToSentinel: true }],
    ["with-sample", { ok: true, x402Version: 2 }],
  ] as const)("%s", async (name, expected) => {
    expect((await probe(demo.sellers[name].url)).parsed).toMatchObject(expected);
  });
  it("refuse: 403 to GET, no challenge to POST; post-only challenges POST only", async () => {
    expect((await probe(demo.sellers.refuse.url)).res.status).toBe(403);
    expect((await probe(demo.sellers.refuse.url, "POST")).parsed.ok).toBe(false);
    expect((await probe(demo.sellers["post-only"].url)).parsed.ok).toBe(false);
    expect((await probe(demo.sellers["post-only"].url, "POST")).parsed.ok).toBe(true);
  });
  it("slow times out; flaky and broken switch at runtime; payTo rotates", async () => {
    await expect(client.request(demo.sellers.slow.url)).rejects.toMatchObject({ code: "timeout" });
    demo.sellers.flaky.control.mode = "fail";
    expect((await probe(demo.sellers.flaky.url)).res.status).toBe(500);
    demo.sellers.flaky.control.mode = "pass";
    expect((await probe(demo.sellers.flaky.url)).parsed.ok).toBe(true);
    demo.sellers.v1.control.broken = true;
    expect((await probe(demo.sellers.v1.url)).res.status).toBe(500);
    demo.sellers.v1.control.broken = false;
    const payTos = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { parsed } = await probe(demo.sellers["rotating-payto"].url);
      if (parsed.ok && parsed.chosen?.payTo) payTos.add(parsed.chosen.payTo);
    }
    expect(payTos.size).toBe(3);
  });
  it("with-sample serves a free JSON sample; claimable serves the token both ways", async () => {
    const sample = await client.request(demo.sellers["with-sample"].sampleUrl!);
    expect(sample.status).toBe(200);
    expect(sample.json()).toMatchObject({ sample: true });
    demo.sellers.claimable.control.claimToken = "tok123";
    const wk = await client.request(
      `http://${demo.sellers.claimable.host}:${demo.port}/.well-known/tollgate-claim`,
    );
    expect(wk.text()).toBe("tok123");
    expect((await client.request(demo.sellers.claimable.url)).headers["x-tollgate-claim"]).toBe("tok123");
  });
  it("the official @x402/fetch client pays the x402-hono seller on the local chain", async () => {
    const seller = chain.wallets.sellers[0]!.address;
    const before = await chain.balanceOf(seller);
    const pay = payingFetch(chain, chain.wallets.buyers[0]!);
    const res = await pay(demo.sellers["x402-hono"].directUrl);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ paid: true });
    const receipt = decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE")!);
    expect(receipt.success).toBe(true);
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await chain.balanceOf(seller)).toBe(before + 10_000n);
  });
  it("the official client pays the v1 seller: X-PAYMENT verified and settled, X-PAYMENT-RESPONSE names the tx", async () => {
    const seller = chain.wallets.sellers[0]!.address;
    const before = await chain.balanceOf(seller);
    const res = await payingFetch(chain, chain.wallets.buyers[0]!)(demo.sellers.v1.directUrl);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ paid: true });
    expect(demo.sellers.v1.control.requests.at(-1)?.headers["x-payment"]).toBeTruthy();
    const receipt = decodePaymentResponseHeader(res.headers.get("X-PAYMENT-RESPONSE")!);
    expect(receipt).toMatchObject({ success: true, network: "base" });
    const tx = await chain.publicClient.getTransactionReceipt({ hash: receipt.transaction as `0x${string}` });
    expect(tx.status).toBe("success");
    expect(await chain.balanceOf(seller)).toBe(before + 10_000n);
    // The same payment again is refused by the facilitator: the nonce is spent.
    const replay = await fetch(demo.sellers.v1.directUrl, {
      headers: { "x-payment": demo.sellers.v1.control.requests.at(-1)!.headers["x-payment"]! },
    });
    expect(replay.status).toBe(402);
    expect(await replay.json()).toMatchObject({ x402Version: 1, error: expect.stringMatching(/nonce/) });
    expect(await chain.balanceOf(seller)).toBe(before + 10_000n);
  });
  it("mpp-evm-only names its payTo in the MPP challenge alone; a test moves it", async () => {
    const seller = demo.sellers["mpp-evm-only"];
    const { res, parsed } = await probe(seller.url);
    expect(res.headers["payment-required"]).toBeUndefined();
    expect(parsed.ok && parsed.payTo).toBe(chain.wallets.sellers[0]!.address);
    seller.control.payTo = chain.wallets.sellers[1]!.address;
    try {
      const moved = (await probe(seller.url)).parsed;
      expect(moved.ok && moved.payTo).toBe(chain.wallets.sellers[1]!.address);
    } finally {
      seller.control.payTo = null;
    }
  });
  it("the official x402 client cannot pay mpp-evm-only (no x402 terms); the published mppx client can", async () => {
    const seller = chain.wallets.sellers[0]!.address;
    const before = await chain.balanceOf(seller);
    const url = demo.sellers["mpp-evm-only"].directUrl;
    await expect(payingFetch(chain, chain.wallets.buyers[0]!)(url)).rejects.toThrow(/payment requirements/i);
    expect(await chain.balanceOf(seller)).toBe(before);
    const mppx = Mppx.create({
      methods: [
        evm.charge({
          account: privateKeyToAccount(chain.wallets.buyers[0]!.privateKey),
          networks: [8453],
          currencies: [BASE_USDC],
          authorization: { name: "USD Coin", version: "2" },
        }),
      ],
      polyfill: false,
    });
    const res = await mppx.fetch(url);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ paid: true });
    const receipt = Receipt.deserialize(res.headers.get("payment-receipt")!);
    const tx = await chain.publicClient.getTransactionReceipt({ hash: receipt.reference as `0x${string}` });
    expect(tx.status).toBe("success");
    expect(await chain.balanceOf(seller)).toBe(before + 10_000n);
  });
  it("the published mppx client pays the mpp-evm seller on the local chain: Payment-Receipt names the tx", async () => {
    const seller = chain.wallets.sellers[0]!.address;
    const before = await chain.balanceOf(seller);
    const mppx = Mppx.create({
      methods: [
        evm.charge({
          account: privateKeyToAccount(chain.wallets.buyers[0]!.privateKey),
          networks: [8453],
          currencies: [BASE_USDC],
          authorization: { name: "USD Coin", version: "2" },
        }),
      ],
      polyfill: false,
    });
    const res = await mppx.fetch(demo.sellers["mpp-evm"].directUrl);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ paid: true });
    expect(demo.sellers["mpp-evm"].control.requests.at(-1)?.headers.authorization).toMatch(/^Payment /);
    const receipt = Receipt.deserialize(res.headers.get("payment-receipt")!);
    expect(receipt).toMatchObject({ method: "evm", status: "success" });
    const tx = await chain.publicClient.getTransactionReceipt({ hash: receipt.reference as `0x${string}` });
    expect(tx.status).toBe("success");
    expect(await chain.balanceOf(seller)).toBe(before + 10_000n);
  });
});
