import { describe, expect, it } from "vitest";
import { parseChallenge } from "../src/index.js";

const USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const PAY = "0x1111111111111111111111111111111111111111";
const v2 = {
  x402Version: 2,
  resource: { url: "https://a.example.com/x" },
  accepts: [
    {
      scheme: "exact",
      network: "eip155:8453",
      amount: "10000",
      asset: USDC,
      payTo: PAY,
      maxTimeoutSeconds: 60,
      extra: { name: "USD Coin", version: "2" },
    },
  ],
};
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");
const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const v1 = {
  x402Version: 1,
  error: "X-PAYMENT header is required",
  accepts: [
    {
      scheme: "exact",
      network: "base",
      maxAmountRequired: "2500",
      asset: USDC,
      payTo: PAY,
      resource: "https://a/x",
      maxTimeoutSeconds: 30,
      extra: { name: "USD Coin", version: "2" },
    },
  ],
};

describe("parseChallenge", () => {
  it.each([
    [
      "v2 base64 header",
      { "PAYMENT-REQUIRED": b64(v2) },
      "{}",
      { x402Version: 2, transport: "header", amountUsd: 0.01 },
    ],
    ["v2 base64url header", { "payment-required": b64url(v2) }, "", { x402Version: 2, transport: "header" }],
    [
      "v2 plain JSON header",
      { "Payment-Required": JSON.stringify(v2) },
      "",
      { x402Version: 2, transport: "header" },
    ],
    ["v1 body", {}, JSON.stringify(v1), { x402Version: 1, transport: "body", amountUsd: 0.0025 }],
    ["v1 inside the header", { "payment-required": b64(v1) }, "", { x402Version: 1, transport: "header" }],
    ["v2 object in body only", {}, JSON.stringify(v2), { x402Version: 2, transport: "body" }],
  ])("%s", (_label, headers, body, expected) => {
    const r = parseChallenge({ status: 402, headers, bodyText: body });
    expect(r).toMatchObject({ ok: true, protocols: ["x402"], ...expected });
    if (r.ok) {
      expect(r.chosen).toMatchObject({ network: "eip155:8453", payTo: PAY, scheme: "exact" });
      expect(r.acceptsIndex).toBe(0);
    }
  });

  it("normalises numeric amounts and v1 network names; flags testnets", () => {
    const r = parseChallenge({
      status: 402,
      headers: {},
      bodyText: JSON.stringify({
        x402Version: 1,
        accepts: [
          {
            scheme: "exact",
            network: "base-sepolia",
            maxAmountRequired: 1500,
            asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
            payTo: PAY,
          },
        ],
      }),
    });
    expect(r).toMatchObject({
      ok: true,
      testnet: true,
      chosen: { network: "eip155:84532", amountAtomic: "1500" },
      amountUsd: 0.0015,
    });
  });

  it("chooses the Base USDC exact offer among several", () => {
    const r = parseChallenge({
      status: 402,
      headers: {
        "payment-required": b64({
          ...v2,
          accepts: [
            { ...v2.accepts[0], network: "eip155:1" },
            { ...v2.accepts[0], scheme: "upto" },
            v2.accepts[0],
          ],
        }),
      },
      bodyText: "",
    });
    expect(r).toMatchObject({ ok: true, acceptsIndex: 2 });
    if (r.ok) expect(r.accepts).toHaveLength(3);
  });

  it("an offer whose payTo no buyer could pay is never chosen; only such offers are no payment options", () => {
    const checksummed = "0x52908400098527886E0F7030069857D2E4169EE7";
    const badChecksum = "0x52908400098527886e0F7030069857D2E4169EE7";
    const parse = (payTos: string[]) =>
      parseChallenge({
        status: 402,
        headers: {
          "payment-required": b64({ ...v2, accepts: payTos.map((payTo) => ({ ...v2.accepts[0], payTo })) }),
        },
        bodyText: "",
      });
    // A typo failing its EIP-55 checksum or no address at all, before a good offer: the good one is chosen.
    expect(parse([badChecksum, "0xnot-an-address", checksummed])).toMatchObject({
      ok: true,
      acceptsIndex: 2,
      payTo: checksummed,
    });
    // All lower case carries no checksum: payable.
    expect(parse([checksummed.toLowerCase()])).toMatchObject({ ok: true, acceptsIndex: 0 });
    for (const payTos of [[badChecksum], ["0xnot-an-address", "hello"], ["0x1234"]])
      expect(parse(payTos)).toMatchObject({ ok: false, reason: "no_payment_options" });
    // Another chain family's payTo is not judged by EVM rules.
    const solana = parseChallenge({
      status: 402,
      headers: {
        "payment-required": b64({
          ...v2,
          accepts: [
            {
              ...v2.accepts[0],
              network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
              payTo: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
            },
          ],
        }),
      },
      bodyText: "",
    });
    expect(solana).toMatchObject({ ok: true, acceptsIndex: 0 });
  });

  it("recognises MPP challenges and their methods", () => {
    const r = parseChallenge({
      status: 402,
      headers: {
        "www-authenticate":
          'Payment id="abc", realm="api.example.com", method="tempo", intent="charge", request="eyJ9", expires="2026-12-01T00:00:00Z", Payment id="d", method="stripe", intent="charge"',
      },
      bodyText: JSON.stringify({ type: "https://paymentauth.org/problems/payment-required" }),
    });
    expect(r).toMatchObject({
      ok: true,
      protocols: ["mpp"],
      x402Version: null,
      transport: "www-authenticate",
      mppMethods: ["tempo", "stripe"],
    });
  });

  describe("MPP terms", () => {
    /** An MPP challenge as mppx serialises it: the request is unpadded base64url canonical JSON. */
    const mpp = (method: string, request: Record<string, unknown>) =>
      `Payment id="x", realm="api.example.com", method="${method}", intent="charge", request="${b64url(request).replace(/=+$/, "")}"`;
    const evmRequest = {
      amount: "10000",
      currency: USDC,
      methodDetails: { chainId: 8453, credentialTypes: ["authorization"], decimals: 6 },
      recipient: PAY,
    };
    const parse = (wwwAuth: string, extra: Record<string, string> = {}) =>
      parseChallenge({ status: 402, headers: { "www-authenticate": wwwAuth, ...extra }, bodyText: "" });

    it("an MPP-only evm charge on Base in USDC gives the payTo and price", () => {
      const r = parse(mpp("evm", evmRequest));
      expect(r).toMatchObject({
        ok: true,
        protocols: ["mpp"],
        chosen: null,
        mppCharge: { index: 0, network: "eip155:8453", asset: USDC, payTo: PAY, amountAtomic: "10000" },
        payTo: PAY,
        amountAtomic: "10000",
        amountUsd: 0.01,
        testnet: false,
        payToSentinel: false,
      });
      if (r.ok)
        expect(r.mppOffers?.[0]?.request).toEqual({
          amount: "10000",
          currency: USDC,
          recipient: PAY,
          chainId: 8453,
        });
    });

    it.each([
      ["tempo", mpp("tempo", { amount: "10000", currency: USDC, recipient: PAY })],
      ["evm on another chain", mpp("evm", { ...evmRequest, methodDetails: { chainId: 1 } })],
      [
        "evm in another token",
        mpp("evm", { ...evmRequest, currency: "0x1234567890123456789012345678901234567890" }),
      ],
      ["evm without a recipient", mpp("evm", { ...evmRequest, recipient: undefined })],
      ["evm with an unreadable request", 'Payment id="x", method="evm", intent="charge", request="!!"'],
      ["evm session, not charge", mpp("evm", evmRequest).replace('intent="charge"', 'intent="session"')],
    ])("%s: no payTo, no price", (_l, wwwAuth) => {
      expect(parse(wwwAuth)).toMatchObject({
        ok: true,
        mppCharge: null,
        payTo: null,
        amountAtomic: null,
        amountUsd: null,
      });
    });

    it("a request in standard base64 (with + and /, padded) is read as well", () => {
      const request = { ...evmRequest, description: "???>>>???>>> ~~~" };
      const std = Buffer.from(JSON.stringify(request)).toString("base64");
      expect(std).toMatch(/[+/]/);
      const r = parse(`Payment id="x", method="evm", intent="charge", request="${std}"`);
      expect(r).toMatchObject({ ok: true, mppCharge: { payTo: PAY, amountAtomic: "10000" }, payTo: PAY });
    });

    it("the evm charge is found among other MPP offers", () => {
      const r = parse(`${mpp("tempo", { amount: "1", recipient: PAY })}, ${mpp("evm", evmRequest)}`);
      expect(r).toMatchObject({
        ok: true,
        mppMethods: ["tempo", "evm"],
        mppCharge: { index: 1 },
        payTo: PAY,
      });
    });

    it("an x402 offer beside it keeps the x402 terms", () => {
      const other = "0x2222222222222222222222222222222222222222";
      const r = parse(mpp("evm", { ...evmRequest, recipient: other, amount: "5" }), {
        "payment-required": b64(v2),
      });
      expect(r).toMatchObject({ ok: true, protocols: ["x402", "mpp"], payTo: PAY, amountAtomic: "10000" });
      if (r.ok) expect(r.mppCharge?.payTo).toBe(other);
    });

    it("an MPP-only burn recipient is a sentinel", () => {
      const burn = "0x000000000000000000000000000000000000dEaD";
      expect(parse(mpp("evm", { ...evmRequest, recipient: burn }))).toMatchObject({
        ok: true,
        payTo: burn,
        payToSentinel: true,
      });
    });
  });

  it("flags burn-address payees", () => {
    const r = parseChallenge({
      status: 402,
      headers: {
        "payment-required": b64({
          ...v2,
          accepts: [{ ...v2.accepts[0], payTo: "0x000000000000000000000000000000000000dEaD" }],
        }),
      },
      bodyText: "",
    });
    expect(r).toMatchObject({ ok: true, payToSentinel: true });
  });

  it.each([
    ["200 answer", 200, {}, "{}", "not_402"],
    ["402 with nothing", 402, {}, "", "no_challenge"],
    ["402 with empty JSON", 402, {}, "{}", "no_challenge"],
    ["garbage header", 402, { "payment-required": "!!!not base64 or json" }, "", "unparseable_challenge"],
    [
      "JSON without accepts",
      402,
      { "payment-required": b64({ x402Version: 2, accepts: [] }) },
      "",
      "no_payment_options",
    ],
    [
      "accepts entries without network",
      402,
      {},
      JSON.stringify({ x402Version: 1, accepts: [{ foo: 1 }] }),
      "no_payment_options",
    ],
    ["HTML 402", 402, { "content-type": "text/html" }, "<html>pay</html>", "no_challenge"],
  ])("%s → %s", (_l, status, headers, body, reason) => {
    expect(parseChallenge({ status, headers, bodyText: body })).toMatchObject({ ok: false, reason });
  });
});
