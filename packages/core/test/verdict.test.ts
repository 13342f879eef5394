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
