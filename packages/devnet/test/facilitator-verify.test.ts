import { serve } from "@hono/node-server";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { createLogger } from "@tollgate/platform";
import { type ChainFacilitator, createSeller } from "@tollgate/x402";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { Hono } from "hono";
import { type Hex, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BASE_USDC,
  type Chain,
  createLocalFacilitator,
  exactPayment,
  localWallet,
  startChain,
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  USDC_DOMAIN,
  type Wallet,
} from "../src/index.js";

// The in-process facilitator accepts plain-key EIP-3009 payments itself (packages/x402/src/facilitator/exact.ts)
// with each check @x402/evm's exact scheme makes, the signature checked by the token in the simulated transfer
// instead of a JavaScript recovery. One test per check: a payment failing only that check — one the token
// itself would accept, so the simulation cannot catch it — is refused with the scheme's reason before any answer
// is computed, and nothing moves. Each would be accepted, and most would be paid, without its check.

let chain: Chain;
let tdb: TestDatabase;
let facilitator: ChainFacilitator;
let base: string;
let server: ReturnType<typeof serve>;
let handlerRuns = 0;
const PRICE = 7000n;

beforeAll(async () => {
  chain = await startChain();
  tdb = await createTestDatabase();
  facilitator = createLocalFacilitator(chain);
  const seller = createSeller({
    db: tdb.db,
    log: createLogger("verify-test", "silent"),
    facilitator,
    payTo: chain.wallets.operator.address,
  });
  const app = new Hono();
  app.get("/paid", async (c) => {
    const a = await seller.sell(
      { url: c.req.url, paymentHeader: c.req.header("payment-signature") ?? null },
      { route: "test", amountAtomic: String(PRICE), description: "test", successStatus: 200, readOnly: true },
      async () => {
        handlerRuns++;
        return { status: 200, body: { content: "secret" } };
      },
    );
    return c.json(a.body as object, a.status as 200, a.headers);
  });
  server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/paid`;
});
afterAll(async () => {
  server.close();
  await tdb.drop();
  await chain.stop();
});

const operator = () => chain.wallets.operator.address;
const now = () => BigInt(Math.floor(Date.now() / 1000));

/** An authorization signed by `from` with any fields and any EIP-712 domain (USDC's by default). */
async function signed(
  from: Wallet,
  o: {
    to?: `0x${string}`;
    value?: bigint;
    validAfter?: bigint;
    validBefore?: bigint;
    domain?: { name: string; version: string; verifyingContract: `0x${string}` };
  } = {},
) {
  const account = privateKeyToAccount(from.privateKey);
  const message = {
    from: account.address,
    to: o.to ?? operator(),
    value: o.value ?? PRICE,
    validAfter: o.validAfter ?? 0n,
    validBefore: o.validBefore ?? now() + 600n,
    nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
  };
  const signature = await account.signTypedData({
    domain: { ...(o.domain ?? { ...USDC_DOMAIN, verifyingContract: BASE_USDC }), chainId: 8453 },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: "TransferWithAuthorization",
    message,
  });
  const authorization = {
    ...message,
    value: String(message.value),
    validAfter: String(message.validAfter),
    validBefore: String(message.validBefore),
  };
  return { authorization, signature };
}

/** The seller's terms for PRICE, as an official client would accept them. */
const terms = (): PaymentRequirements =>
  ({
    scheme: "exact",
    network: "eip155:8453",
    amount: String(PRICE),
    asset: BASE_USDC,
    payTo: operator(),
    maxTimeoutSeconds: 60,
    extra: { ...USDC_DOMAIN },
  }) as PaymentRequirements;

const header = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64");
const paymentOf = (s: Awaited<ReturnType<typeof signed>>, accepted: Partial<PaymentRequirements> = {}) => ({
  x402Version: 2,
  accepted: { ...terms(), ...accepted },
  payload: s,
});

/** Token balances of the addresses a wrongly accepted payment could move money between. */
const balances = (payer: Wallet) =>
  Promise.all([payer.address, operator(), chain.wallets.sellers[9]!.address].map(chain.balanceOf));

/** Pay the seller with `payload`: refused with `reason`, before the answer is computed, nothing moved. */
async function refused(payer: Wallet, payload: unknown, reason: string) {
  const before = await balances(payer);
  const runs = handlerRuns;
  const verifications = { ...facilitator.verifications };
  const res = await fetch(base, { headers: { "payment-signature": header(payload) } });
  expect(res.status).toBe(402);
  expect(((await res.json()) as { error?: string }).error).toBe(reason);
  expect(handlerRuns).toBe(runs);
  // Not accepted by the fast path: the scheme verified it and gave the reason.
  expect(facilitator.verifications).toEqual({
    direct: verifications.direct,
    scheme: verifications.scheme + 1,
  });
  expect(await balances(payer)).toEqual(before);
}

describe("verifying plain-key EIP-3009 payments without the scheme's signature recovery", () => {
  it("accepts a valid payment on the fast path; it is charged once", async () => {
    const buyer = chain.wallets.buyers[0]!;
    const before = await chain.balanceOf(operator());
    const v = { ...facilitator.verifications };
    const res = await fetch(base, {
      headers: { "payment-signature": header(paymentOf(await signed(buyer))) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("payment-response")).toBeTruthy();
    expect(facilitator.verifications).toEqual({ direct: v.direct + 1, scheme: v.scheme });
    expect(facilitator.settlements.direct).toBeGreaterThan(0);
    expect(await chain.balanceOf(operator())).toBe(before + PRICE);
  });

  it("payTo: an authorization paying someone else is refused (the token would move it there)", async () => {
    const buyer = chain.wallets.buyers[1]!;
    const s = await signed(buyer, { to: chain.wallets.sellers[9]!.address });
    await refused(buyer, paymentOf(s), "invalid_exact_evm_recipient_mismatch");
  });

  it("network: a payment whose accepted terms name another network is refused", async () => {
    const buyer = chain.wallets.buyers[1]!;
    await refused(
      buyer,
      paymentOf(await signed(buyer), { network: "eip155:1" as PaymentRequirements["network"] }),
      "invalid_exact_evm_network_mismatch",
    );
  });

  it("scheme: a payment whose accepted terms name another scheme is refused", async () => {
    const buyer = chain.wallets.buyers[1]!;
    await refused(buyer, paymentOf(await signed(buyer), { scheme: "upto" }), "invalid_exact_evm_scheme");
  });

  it("validBefore: an authorization expiring within 6 s is refused (the token would still take it)", async () => {
    const buyer = chain.wallets.buyers[1]!;
    const s = await signed(buyer, { validBefore: now() + 4n });
    await refused(buyer, paymentOf(s), "invalid_exact_evm_payload_authorization_valid_before");
  });

  it("payer with code: a signature from an address with code is the scheme's (ERC-1271), refused here", async () => {
    const payer = localWallet("verify-payer-with-code");
    await chain.mint(payer.address, PRICE);
    await chain.publicClient.request({
      method: "anvil_setCode",
      params: [payer.address, "0x00"],
    } as never);
    await refused(payer, paymentOf(await signed(payer)), "invalid_exact_evm_signature");
  });

  it("signature: an authorization signed by another key is refused by the simulated transfer", async () => {
    const buyer = chain.wallets.buyers[1]!;
    const s = await signed(chain.wallets.buyers[2]!);
    const forged = { ...s, authorization: { ...s.authorization, from: buyer.address } };
    await refused(buyer, paymentOf(forged), "invalid_exact_evm_signature");
  });

  it("balance: a payer without the amount is refused by the simulated transfer", async () => {
    const payer = localWallet("verify-payer-empty");
    await refused(payer, paymentOf(await signed(payer)), "invalid_exact_evm_insufficient_balance");
  });

  it("nonce: an authorization already used is refused by the simulated transfer", async () => {
    const buyer = chain.wallets.buyers[3]!;
    const s = await signed(buyer);
    const { payload, requirements } = exactPayment(s);
    expect(await facilitator.settle(payload, requirements)).toMatchObject({ success: true });
    await refused(buyer, paymentOf(s), "invalid_exact_evm_nonce_already_used");
  });

  it("validAfter: an authorization not valid yet by this clock is refused (the chain's clock is ahead)", async () => {
    // The node's clock runs 120 s ahead: the token takes an authorization valid from 60 s from now.
    await chain.publicClient.request({ method: "evm_increaseTime", params: [120] } as never);
    await chain.publicClient.request({ method: "evm_mine", params: [] } as never);
    const buyer = chain.wallets.buyers[1]!;
    const s = await signed(buyer, { validAfter: now() + 60n });
    await refused(buyer, paymentOf(s), "invalid_exact_evm_payload_authorization_valid_after");
  });
});

describe("checks of the terms (the seller always offers the right ones)", () => {
  /** Verified directly by the facilitator with `requirements`: refused with `reason` by the scheme. */
  async function refusedWith(payload: PaymentPayload, requirements: PaymentRequirements, reason: string) {
    const v = { ...facilitator.verifications };
    expect(await facilitator.verify(payload, requirements)).toMatchObject({
      isValid: false,
      invalidReason: reason,
    });
    expect(facilitator.verifications).toEqual({ direct: v.direct, scheme: v.scheme + 1 });
  }

  it("amount: an authorization of another amount than the terms' is refused", async () => {
    const buyer = chain.wallets.buyers[1]!;
    const s = await signed(buyer, { value: PRICE + 1n });
    const req = terms();
    await refusedWith(
      paymentOf(s, req) as PaymentPayload,
      req,
      "invalid_exact_evm_payload_authorization_value_mismatch",
    );
  });

  it("EIP-712 domain: terms without one, or with another than the token's, are refused", async () => {
    const buyer = chain.wallets.buyers[1]!;
    const s = await signed(buyer);
    const none = { ...terms(), extra: undefined } as unknown as PaymentRequirements;
    await refusedWith(paymentOf(s, none) as PaymentPayload, none, "invalid_exact_evm_missing_eip712_domain");
    // Signed over the token's own domain, offered under another name: the scheme's recovery over the offered
    // domain fails; the token alone would take it.
    const renamed = { ...terms(), extra: { name: "USD Coin (renamed)", version: "2" } };
    await refusedWith(paymentOf(s, renamed) as PaymentPayload, renamed, "invalid_exact_evm_signature");
  });

  it("asset: an address without code is refused even with a signature over its domain", async () => {
    const buyer = chain.wallets.buyers[1]!;
    const asset = localWallet("verify-asset-without-code").address as Hex;
    const s = await signed(buyer, { domain: { ...USDC_DOMAIN, verifyingContract: asset } });
    const req = { ...terms(), asset };
    await refusedWith(paymentOf(s, req) as PaymentPayload, req, "asset_not_deployed_contract");
  });
});
