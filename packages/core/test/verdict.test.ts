import { describe, expect, it } from "vitest";
import { decideVerdict, submissionFeeDue, type VerdictInput } from "../src/index.js";

const good: VerdictInput = {
  status: "verified",
  score: 0.95,
  probeCount: 40,
  consecutiveFailures: 0,
  verifiedVia: "GET",
  paytoSentinel: false,
  paytoUnstable: false,
  paytoAgeDays: 30,
  priceMatchesListing: true,
  selfReferential: false,
  paidDelivery: null,
  onchainKnown: false,
};

describe("decideVerdict", () => {
  it.each([
    [{}, "pay"],
    [{ paytoSentinel: true }, "avoid"],
    [{ status: "failing", consecutiveFailures: 6 }, "avoid"],
    [{ paidDelivery: { delivered: false, at: 1 } }, "avoid"],
    [{ status: "unverified" }, "caution"],
    [{ probeCount: 0, status: "unverified" }, "caution"],
    [{ score: 0.85 }, "caution"],
    [{ paytoUnstable: true }, "caution"],
    [{ paytoAgeDays: 2 }, "caution"],
    [{ priceMatchesListing: false }, "caution"],
    [{ verifiedVia: "POST" }, "caution"],
    [{ selfReferential: true }, "caution"],
    [{ selfReferential: true, paytoSentinel: true }, "avoid"],
    [{ paidDelivery: { delivered: true, at: 1 } }, "pay"],
  ] as [Partial<VerdictInput>, string][])("%o → %s", (over, expected) => {
    const r = decideVerdict({ ...good, ...over });
    expect(r.verdict).toBe(expected);
    expect(r.reasons.length).toBeGreaterThan(0);
  });
  it("a self-referential listing is never better than caution", () => {
    expect(decideVerdict({ ...good, selfReferential: true }).verdict).not.toBe("pay");
  });
  it("says when data does not exist yet instead of inventing it", () => {
    const r = decideVerdict(good);
    expect(r.reasons.join(" ")).toMatch(/no_paid_delivery_check_yet/);
    expect(r.reasons.join(" ")).toMatch(/no_onchain_figures_yet/);
  });
  it("on-chain figures are reported when indexed and never held against a listing", () => {
    const none = decideVerdict({
      ...good,
      onchainKnown: true,
      onchain30d: { txCount: 0, uniquePayers: 0, volumeUsd: 0 },
    });
    expect(none.verdict).toBe("pay");
    expect(none.reasons.join(" ")).not.toMatch(/no_onchain_figures_yet/);
    expect(none.reasons).toContain(
      "onchain_30d: 0 USDC payments from 0 wallets ($0) to this payTo in 30 days (wallets are a ceiling on customers)",
    );
    const some = decideVerdict({
      ...good,
      onchainKnown: true,
      onchain30d: { txCount: 12, uniquePayers: 5, volumeUsd: 0.12 },
    });
    expect(some.reasons.join(" ")).toMatch(/onchain_30d: 12 USDC payments from 5 wallets \(\$0\.12\)/);
  });
});

describe("submission fee", () => {
  it.each([
    [0, false, false],
    [4, false, false],
    [5, false, true],
    [9, false, true],
    [9, true, false],
  ])("%i on domain, listed before %s → due %s", (n, before, due) => {
    expect(submissionFeeDue(n, before)).toBe(due);
  });
});
