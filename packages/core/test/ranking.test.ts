import { describe, expect, it } from "vitest";
import { compareForDiscovery, type Rankable } from "../src/index.js";

const l = (id: string, status: string, score: number | null, price: number): Rankable => ({
  id,
  status,
  score,
  price_amount: price,
});

describe("compareForDiscovery", () => {
  it("orders verified first, then score, then lower price, failing last", () => {
    const items = [
      l("f", "failing", 0.99, 0.001),
      l("u1", "unverified", 0.9, 0.01),
      l("v2", "verified", 0.85, 0.001),
      l("v1", "verified", 0.95, 0.5),
      l("u2", "unverified", 0.9, 0.005),
      l("u3", "unverified", null, 0),
    ];
    expect(items.sort(compareForDiscovery).map((x) => x.id)).toEqual(["v1", "v2", "u2", "u1", "u3", "f"]);
  });
  it("is stable on ties by id", () => {
    const items = [l("b", "verified", 1, 1), l("a", "verified", 1, 1)];
    expect(items.sort(compareForDiscovery).map((x) => x.id)).toEqual(["a", "b"]);
  });
});
