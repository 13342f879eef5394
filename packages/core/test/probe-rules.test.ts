import { describe, expect, it } from "vitest";
import {
  applyProbe,
  nextScore,
  type ProbeState,
  percentile,
  probeTier,
  statusFor,
  tierInterval,
} from "../src/index.js";

const fresh: ProbeState = {
  status: "unverified",
  score: null,
  probeCount: 0,
  probesPassed: 0,
  probesFailed: 0,
  consecutiveFailures: 0,
};
const run = (results: boolean[], start = fresh) => {
  let s = start;
  const changes: string[] = [];
  for (const r of results) {
    const t = applyProbe(s, r);
    if (t.change) changes.push(`${t.change.from}->${t.change.to}:${t.change.reasons.join(",")}`);
    s = t.next;
  }
  return { s, changes };
};

describe("score", () => {
  it("moves 10% toward each result from 0", () => {
    expect(nextScore(null, true)).toBeCloseTo(0.1);
    expect(nextScore(0.5, false)).toBeCloseTo(0.45);
    expect(nextScore(0.5, true)).toBeCloseTo(0.55);
  });
});

describe("status transitions", () => {
  it("needs about sixteen clean probes to verify (score above 0.8)", () => {
    const fifteen = run(Array(15).fill(true));
    expect(fifteen.s.status).toBe("unverified");
    const sixteen = run(Array(16).fill(true));
    expect(sixteen.s.status).toBe("verified");
    expect(sixteen.changes).toEqual(["unverified->verified:verification_met"]);
  });
  it("goes failing at 5 consecutive failures, not 4, and recovers", () => {
    const four = run(Array(4).fill(false));
    expect(four.s.status).toBe("unverified");
    expect(four.changes).toEqual([]);
    const five = run(Array(5).fill(false));
    expect(five.s.status).toBe("failing");
    expect(five.changes).toEqual(["unverified->failing:failure_streak"]);
    const back = run([true], five.s);
    expect(back.changes).toEqual(["failing->unverified:recovered"]);
  });
  it("a failure ends verification; passes restore it; no change is reported for no change", () => {
    const v = run(Array(20).fill(true)).s;
    const broke = run([false], v);
    expect(broke.changes).toEqual(["verified->unverified:failure_broke_verification"]);
    const again = run([true], broke.s);
    expect(again.s.status).toBe("verified");
    expect(run([true, true], again.s).changes).toEqual([]);
  });
  it("requires 3 probes even with a high score", () => {
    expect(
      statusFor({ score: 0.95, probeCount: 2, probesPassed: 2, probesFailed: 0, consecutiveFailures: 0 }),
    ).toBe("unverified");
    expect(
      statusFor({ score: 0.95, probeCount: 3, probesPassed: 3, probesFailed: 0, consecutiveFailures: 0 }),
    ).toBe("verified");
    expect(
      statusFor({ score: 0.8, probeCount: 30, probesPassed: 3, probesFailed: 0, consecutiveFailures: 0 }),
    ).toBe("unverified");
  });
  it("keeps exact counters", () => {
    const { s } = run([true, false, true, false, false]);
    expect(s).toMatchObject({ probeCount: 5, probesPassed: 2, probesFailed: 3, consecutiveFailures: 2 });
  });
});

describe("percentile", () => {
  it("is null under 5 samples and nearest-rank otherwise", () => {
    expect(percentile([1, 2, 3, 4], 50)).toBeNull();
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 100], 99)).toBe(100);
  });
});

describe("probe tiers", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const old = new Date("2026-10-01T00:00:00Z");
  const base = {
    status: "verified",
    createdAt: old,
    consecutiveFailures: 0,
    lastFailedAt: null,
    statusChangedAt: old,
    priceChangedAt: null,
    payToChangedAt: null,
  };
  it.each([
    [{ createdAt: new Date("2026-11-23T06:00:00Z"), status: "unverified" }, "new", 900],
    [{ status: "unverified" }, "watch", 1800],
    [{ status: "failing", consecutiveFailures: 10 }, "watch", 1800],
    [{ status: "failing", consecutiveFailures: 11 }, "dormant", 21600],
    [{ lastFailedAt: new Date("2026-11-23T00:00:00Z") }, "watch", 1800],
    [{ priceChangedAt: new Date("2026-11-20T00:00:00Z") }, "watch", 1800],
    [{ statusChangedAt: new Date("2026-11-20T00:00:00Z") }, "watch", 1800],
    [{}, "steady", 3600],
  ])("%o → %s", (over, tier, interval) => {
    const t = probeTier({ ...base, ...over }, now);
    expect(t.tier).toBe(tier);
    expect(tierInterval(t.tier)).toBe(interval);
  });
  it("scales intervals for demos, never below a second", () => {
    expect(tierInterval("new", 0.01)).toBe(9);
    expect(tierInterval("new", 0.0001)).toBe(1);
  });
});
