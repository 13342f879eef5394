import { describe, expect, it } from "vitest";
import { parseChallenge, toCaip2, USDC_BY_NETWORK } from "../src/index.js";

// Names an object's prototype answers: a lookup table keyed by a seller's network name must not.
const PROTOTYPE_NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];

describe("network names chosen by a seller", () => {
  it.each(PROTOTYPE_NAMES)("toCaip2(%j) is the name itself, never a prototype member", (name) => {
    expect(toCaip2(name)).toBe(name.toLowerCase());
    expect(USDC_BY_NETWORK.get(name)).toBeUndefined();
  });

  it("still maps v1 names and passes CAIP-2 ids through", () => {
    expect(toCaip2(" Base ")).toBe("eip155:8453");
    expect(toCaip2("base-sepolia")).toBe("eip155:84532");
    expect(toCaip2("eip155:8453")).toBe("eip155:8453");
    expect(USDC_BY_NETWORK.get("eip155:8453")).toBe("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913");
  });

  it.each(PROTOTYPE_NAMES)("a challenge on network %j parses to that string, with no USD amount", (name) => {
    const r = parseChallenge({
      status: 402,
      headers: {},
      bodyText: JSON.stringify({
        x402Version: 1,
        accepts: [
          {
            scheme: "exact",
            network: name,
            maxAmountRequired: "2500",
            asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            payTo: "0x1111111111111111111111111111111111111111",
          },
        ],
      }),
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.chosen?.network).toBe(name.toLowerCase());
    expect(typeof r.chosen?.network).toBe("string");
    expect(r.amountUsd).toBeNull();
    expect(r.testnet).toBe(false);
  });
});
