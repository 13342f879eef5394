import { describe, expect, it } from "vitest";
import {
  type ListingBeforeProbe,
  latencyWindowStart,
  listingAfterProbe,
  type ProbeResult,
  paymentTermsChange,
  payToStability,
  probeRowOutcome,
  type RecentProbe,
} from "../src/index.js";

const NOW = new Date("2026-11-23T12:00:00Z");
const OLD = new Date("2026-10-01T00:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const A = "0x1111111111111111111111111111111111111111";
const B = "0x2222222222222222222222222222222222222222";
const SENTINEL = "0x0000000000000000000000000000000000000000";

/** A verified listing, a month old, stable, last seen charging 10000 to A. */
const steady: ListingBeforeProbe = {
  status: "verified",
  score: 0.9,
  probeCount: 40,
  probesPassed: 40,
  probesFailed: 0,
  consecutiveFailures: 0,
  createdAt: OLD,
  lastFailedAt: null,
  statusChangedAt: OLD,
  priceChangedAt: null,
  payToChangedAt: null,
  amountAtomic: "10000",
  obsPayTo: A,
  obsFirstSeenAt: OLD,
};
/** A listing submitted an hour ago, never probed. */
const submitted: ListingBeforeProbe = {
  status: "unverified",
  score: null,
  probeCount: 0,
  probesPassed: 0,
  probesFailed: 0,
  consecutiveFailures: 0,
  createdAt: hoursAgo(1),
  lastFailedAt: null,
  statusChangedAt: hoursAgo(1),
  priceChangedAt: null,
  payToChangedAt: null,
  amountAtomic: null,
  obsPayTo: null,
  obsFirstSeenAt: null,
};
const pass = (challenge: ProbeResult["challenge"] = { payTo: A, amountAtomic: "10000" }): ProbeResult => ({
  at: NOW,
  passed: true,
  failureReason: null,
  challenge,
});
const fail = (failureReason: string | null = "timeout"): ProbeResult => ({
  at: NOW,
  passed: false,
  failureReason,
  challenge: null,
});
const recent = (latencies: number[], payTo: string | null = A): RecentProbe[] =>
  latencies.map((latencyMs) => ({ latencyMs, payTo }));

describe("probeRowOutcome", () => {
  it.each([
    [true, null, "pass"],
    [true, "timeout", "pass"],
    [false, "timeout", "fail"],
    [false, "server_error", "fail"],
    [false, "invalid_challenge", "fail"],
    [false, null, "fail"],
    [false, "dns_lookup_error", "neutral"],
    [false, "not_payment_gated", "neutral"],
    [false, "probe_refused", "neutral"],
  ] as const)("passed=%s reason=%s → %s", (passed, reason, outcome) => {
    expect(probeRowOutcome(passed, reason)).toBe(outcome);
  });
});

describe("latencyWindowStart", () => {
  it("is seven days before the probe", () => {
    expect(latencyWindowStart(NOW).toISOString()).toBe("2026-11-16T12:00:00.000Z");
  });
});

describe("payToStability", () => {
  it.each([
    [[], 0, false],
    [[null, null], 0, false],
    [[A, A, A], 1, false],
    [[A, A.toUpperCase().replace("0X", "0x"), null], 1, false],
    [[A, B], 2, false],
    [[A, B, SENTINEL], 3, true],
    [[A, B, SENTINEL, A, B], 3, true],
  ] as const)("%j → %i distinct (unstable %s)", (payTos, distinct, unstable) => {
    expect(payToStability(payTos.map((payTo) => ({ payTo })))).toEqual({
      distinctRecent: distinct,
      unstable,
    });
  });
});

describe("paymentTermsChange", () => {
  const seen = { amountAtomic: "10000", obsPayTo: A };
  const never = { amountAtomic: null, obsPayTo: null };
  it.each([
    ["no challenge read", seen, null, false, false],
    ["first challenge ever", never, { payTo: A, amountAtomic: "10000" }, false, false],
    ["same terms", seen, { payTo: A, amountAtomic: "10000" }, false, false],
    [
      "payTo differs only in case",
      seen,
      { payTo: A.toUpperCase().replace("0X", "0x"), amountAtomic: "10000" },
      false,
      false,
    ],
    ["price change", seen, { payTo: A, amountAtomic: "20000" }, true, false],
    ["price now unreadable", seen, { payTo: A, amountAtomic: null }, true, false],
    ["payTo change", seen, { payTo: B, amountAtomic: "10000" }, false, true],
    ["payTo now the sentinel", seen, { payTo: SENTINEL, amountAtomic: "10000" }, false, true],
    ["payTo now missing", seen, { payTo: null, amountAtomic: "10000" }, false, true],
    ["both change", seen, { payTo: B, amountAtomic: "1" }, true, true],
  ] as const)("%s", (_, before, challenge, priceChanged, payToChanged) => {
    expect(paymentTermsChange(before, challenge)).toEqual({ priceChanged, payToChanged });
  });
});

describe("listingAfterProbe: counters, status and reasons", () => {
  const withState = (over: Partial<ListingBeforeProbe>): ListingBeforeProbe => ({ ...steady, ...over });
  it.each([
    {
      name: "first probe passes: score 0.1, still unverified, tier new",
      before: submitted,
      probe: pass(),
      state: {
        status: "unverified",
        probeCount: 1,
        probesPassed: 1,
        probesFailed: 0,
        consecutiveFailures: 0,
      },
      score: 0.1,
      change: null,
      tier: "new",
    },
    {
      name: "first probe fails: counted, no status change",
      before: submitted,
      probe: fail(),
      state: {
        status: "unverified",
        probeCount: 1,
        probesPassed: 0,
        probesFailed: 1,
        consecutiveFailures: 1,
      },
      score: 0,
      change: null,
      tier: "new",
    },
    {
      name: "4th consecutive failure stays unverified",
      before: withState({ status: "unverified", score: 0.3, consecutiveFailures: 3, createdAt: OLD }),
      probe: fail(),
      state: { status: "unverified", consecutiveFailures: 4, probesFailed: 1 },
      score: 0.27,
      change: null,
      tier: "watch",
    },
    {
      name: "5th consecutive failure → failing, with the last failure in the reasons",
      before: withState({ status: "unverified", score: 0.3, consecutiveFailures: 4 }),
      probe: fail("connect_error"),
      state: { status: "failing", consecutiveFailures: 5 },
      score: 0.27,
      change: {
        from: "unverified",
        to: "failing",
        reasons: ["failure_streak", "last_failure:connect_error"],
      },
      tier: "watch",
    },
    {
      name: "a neutral failure counts toward the streak too",
      before: withState({ status: "unverified", score: 0.3, consecutiveFailures: 4 }),
      probe: fail("dns_lookup_error"),
      state: { status: "failing", consecutiveFailures: 5 },
      score: 0.27,
      change: {
        from: "unverified",
        to: "failing",
        reasons: ["failure_streak", "last_failure:dns_lookup_error"],
      },
      tier: "watch",
    },
    {
      name: "failure without a reason adds no last_failure",
      before: withState({ status: "unverified", score: 0.3, consecutiveFailures: 4 }),
      probe: fail(null),
      state: { status: "failing" },
      score: 0.27,
      change: { from: "unverified", to: "failing", reasons: ["failure_streak"] },
      tier: "watch",
    },
    {
      name: "11th failure while failing → dormant, no change row",
      before: withState({ status: "failing", score: 0.1, consecutiveFailures: 10 }),
      probe: fail(),
      state: { status: "failing", consecutiveFailures: 11 },
      score: 0.09,
      change: null,
      tier: "dormant",
    },
    {
      name: "pass after failures: failing → unverified (recovered), streak reset",
      before: withState({ status: "failing", score: 0.5, consecutiveFailures: 7 }),
      probe: pass(),
      state: { status: "unverified", consecutiveFailures: 0, probesPassed: 41 },
      score: 0.55,
      change: { from: "failing", to: "unverified", reasons: ["recovered"] },
      tier: "watch",
    },
    {
      name: "pass over the verified threshold → verified",
      before: withState({ status: "unverified", score: 0.79, probeCount: 15 }),
      probe: pass(),
      state: { status: "verified", probeCount: 16 },
      score: 0.811,
      change: { from: "unverified", to: "verified", reasons: ["verification_met"] },
      tier: "watch",
    },
    {
      name: "score high but only the 2nd probe: not yet verified",
      before: withState({ status: "unverified", score: 0.95, probeCount: 1, createdAt: hoursAgo(2) }),
      probe: pass(),
      state: { status: "unverified", probeCount: 2 },
      score: 0.955,
      change: null,
      tier: "new",
    },
    {
      name: "one failure ends verification",
      before: steady,
      probe: fail("server_error"),
      state: { status: "unverified", consecutiveFailures: 1, probesFailed: 1 },
      score: 0.81,
      change: {
        from: "verified",
        to: "unverified",
        reasons: ["failure_broke_verification", "last_failure:server_error"],
      },
      tier: "watch",
    },
    {
      name: "verified and passing again: no change, steady",
      before: steady,
      probe: pass(),
      state: { status: "verified", probeCount: 41 },
      score: 0.91,
      change: null,
      tier: "steady",
    },
  ])("$name", ({ before, probe, state, score, change, tier }) => {
    const after = listingAfterProbe(before, probe, recent([100]));
    expect(after.state).toMatchObject(state);
    expect(after.state.score).toBeCloseTo(score, 6);
    expect(after.statusChange).toEqual(change);
    expect(after.tier).toBe(tier);
    expect(after.statusChangedAt).toEqual(change ? NOW : before.statusChangedAt);
  });
});

describe("listingAfterProbe: timestamps and failure fields", () => {
  it.each([
    ["pass", steady, pass(), { lastOkAt: NOW, lastFailedAt: null, lastFailureReason: undefined }],
    [
      "pass keeps an earlier failure time",
      { ...steady, lastFailedAt: OLD },
      pass(),
      { lastOkAt: NOW, lastFailedAt: OLD, lastFailureReason: undefined },
    ],
    [
      "fail",
      steady,
      fail("tls_error"),
      { lastOkAt: undefined, lastFailedAt: NOW, lastFailureReason: "tls_error" },
    ],
    [
      "fail without reason",
      steady,
      fail(null),
      { lastOkAt: undefined, lastFailedAt: NOW, lastFailureReason: null },
    ],
  ] as const)("%s", (_, before, probe, expected) => {
    expect(listingAfterProbe(before, probe, [])).toMatchObject(expected);
  });

  it.each([
    ["no challenge, none before", submitted, fail(), null],
    ["first challenge", submitted, pass(), NOW],
    ["later challenge keeps the first sighting", steady, pass(), OLD],
    ["no challenge keeps the first sighting", steady, fail(), OLD],
  ] as const)("obsFirstSeenAt: %s", (_, before, probe, expected) => {
    expect(listingAfterProbe(before, probe, []).obsFirstSeenAt).toEqual(expected);
  });
});

describe("listingAfterProbe: payment terms", () => {
  it.each([
    ["same terms: steady, nothing stamped", pass(), null, null, "steady"],
    [
      "price change stamps priceChangedAt → watch",
      pass({ payTo: A, amountAtomic: "20000" }),
      NOW,
      null,
      "watch",
    ],
    [
      "payTo change stamps payToChangedAt → watch",
      pass({ payTo: B, amountAtomic: "10000" }),
      null,
      NOW,
      "watch",
    ],
    [
      "sentinel payTo is a payTo change",
      pass({ payTo: SENTINEL, amountAtomic: "10000" }),
      null,
      NOW,
      "watch",
    ],
    ["failed probe: no terms, nothing stamped", fail(), null, null, "watch"],
  ] as const)("%s", (_, probe, priceChangedAt, payToChangedAt, tier) => {
    const after = listingAfterProbe(steady, probe, []);
    expect(after.priceChangedAt).toEqual(priceChangedAt);
    expect(after.payToChangedAt).toEqual(payToChangedAt);
    expect(after.tier).toBe(tier);
  });
  it("keeps earlier change stamps when nothing changes; a change 3 days ago still watches", () => {
    const before = { ...steady, priceChangedAt: hoursAgo(72), payToChangedAt: OLD };
    const after = listingAfterProbe(before, pass(), []);
    expect(after).toMatchObject({ priceChangedAt: hoursAgo(72), payToChangedAt: OLD, tier: "watch" });
    expect(after.nextCheckBasis).toContain("payment terms changed within 7 days");
  });
});

describe("listingAfterProbe: latency and payTo stability over the window", () => {
  it.each([
    [[], null, null, null],
    [[10, 20, 30, 40], null, null, null],
    [[50, 10, 40, 20, 30], 30, 50, 50],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 100], 5, 100, 100],
  ])("%j → p50 %s p95 %s p99 %s", (latencies, p50, p95, p99) => {
    expect(listingAfterProbe(steady, pass(), recent(latencies)).latency).toEqual({ p50, p95, p99 });
  });
  it("counts distinct payTo addresses of the window, unstable at 3", () => {
    const window = [...recent([1, 2], A), ...recent([3], B), ...recent([4], null)];
    expect(listingAfterProbe(steady, pass(), window).payTo).toEqual({ distinctRecent: 2, unstable: false });
    window.push(...recent([5], SENTINEL));
    expect(listingAfterProbe(steady, pass(), window).payTo).toEqual({ distinctRecent: 3, unstable: true });
  });
});

describe("listingAfterProbe: next check", () => {
  it.each([
    [
      "new listing",
      submitted,
      1,
      "new",
      900,
      "probe tier new (submitted within 24 hours): probed every 15 minutes",
    ],
    [
      "steady listing",
      steady,
      1,
      "steady",
      3600,
      "probe tier steady (verified and stable): probed every 60 minutes",
    ],
    [
      "scaled for demos",
      steady,
      0.01,
      "steady",
      36,
      "probe tier steady (verified and stable): probed every 36 seconds",
    ],
    ["never below a second", submitted, 0.0001, "new", 1, "probed every 1 seconds"],
  ] as const)("%s", (_, before, intervalScale, tier, intervalS, basis) => {
    const after = listingAfterProbe(before, pass(), [], { intervalScale });
    expect(after.tier).toBe(tier);
    expect(after.intervalS).toBe(intervalS);
    expect(after.nextCheckBy).toEqual(new Date(NOW.getTime() + intervalS * 1000));
    expect(after.nextCheckBasis).toContain(basis);
  });
  it("tiers on the state after the probe: a failure of a steady listing watches it", () => {
    const after = listingAfterProbe(steady, fail(), []);
    expect(after.tier).toBe("watch");
    expect(after.nextCheckBasis).toContain("unverified");
  });
});
