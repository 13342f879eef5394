import { describe, expect, it } from "vitest";
import {
  aggregateDemand,
  type ClientTotals,
  demandWindow,
  normaliseTerm,
  type TermClientRow,
} from "../src/index.js";

const rows = (
  term: string,
  clients: string[],
  opts: { searches?: number; selfChecks?: number } = {},
): TermClientRow[] =>
  clients.map((client) => ({ term, client, searches: opts.searches ?? 1, selfChecks: opts.selfChecks ?? 0 }));
const totals = (entries: [string, ClientTotals][]) => new Map(entries);

describe("normaliseTerm", () => {
  it("drops queries under 5 characters and normalises the rest", () => {
    expect(normaliseTerm("llm")).toBeNull();
    expect(normaliseTerm(" a b ")).toBeNull();
    expect(normaliseTerm("  Weather   Forecast ")).toBe("weather forecast");
    // Compatibility forms are one need with their plain spelling (NFKC), and count as what they show.
    expect(normaliseTerm("ｗｅａｔｈｅｒ　ｆｏｒｅｃａｓｔ")).toBe("weather forecast");
    expect(normaliseTerm("pdf ﬁle parser")).toBe("pdf file parser");
    expect(normaliseTerm("ｇｐｕ")).toBeNull();
  });

  it.each([
    ["gpu\u200b\u200b", null],
    ["\ufeffllm\u00ad\u00ad", null],
    ["ai\u2060\u2060\u2060", null],
    ["🙂🙂🙂", null],
    ["🙂🙂🙂🙂🙂", "🙂🙂🙂🙂🙂"],
    ["wea\u200bther\u200d forecast", "weather forecast"],
    ["cheap \u202esnoitciderp\u202c feed", "cheap snoitciderp feed"],
    ["\u001b[2Jstock\u0000 quotes\u0085", "[2jstock quotes"],
    ["tide\ttables\nfor brest", "tide tables for brest"],
  ])("drops what is never seen before counting: %j -> %j", (q, term) => {
    expect(normaliseTerm(q)).toBe(term);
  });
});

describe("aggregateDemand", () => {
  const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  it("publishes a term only at the k-anonymity floor of distinct non-seller client IPs", () => {
    const r = aggregateDemand(
      [...rows("weather forecast", ["a", "b", "c"]), ...rows("rare thing", ["a", "b"])],
      new Map(),
      new Set(),
      3,
    );
    expect(r.needs.map((n) => n.need)).toEqual(["weather forecast"]);
    expect(r.withheld.identifying_terms).toBe(1);
    const floor1 = aggregateDemand(rows("rare thing", ["a"]), new Map(), new Set(), 1);
    expect(floor1.needs.map((n) => n.need)).toEqual(["rare thing"]);
  });
  it("self-checks are never demand; seller-only terms are withheld", () => {
    const r = aggregateDemand(
      [
        ...rows("my own api", ["s"], { searches: 4, selfChecks: 4 }),
        ...rows("stock quotes", ["a", "b", "c"]),
        ...rows("stock quotes", ["s"], { selfChecks: 1 }),
      ],
      new Map(),
      new Set(),
      3,
    );
    expect(r.withheld.seller_only_terms).toBe(1);
    expect(r.selfMonitoringSearches).toBe(5);
    expect(r.needs).toEqual([{ need: "stock quotes", searches: 3, client_ips: 3, seller_self_checks: 1 }]);
  });
  it("lists named-listing lookups and scripted rotation apart", () => {
    const rotators = many("r", 25);
    const r = aggregateDemand(
      [
        ...rows("acme weather pro", ["a", "b", "c", "d"]),
        ...rows("cheap gpu inference", rotators),
        ...rows("vector search", ["x", "y", "z"]),
      ],
      totals([
        ...rotators.map((c) => [c, { distinctTerms: 1, searches: 1 }] as [string, ClientTotals]),
        ["a", { distinctTerms: 1, searches: 1 }],
      ]),
      new Set(["acme weather pro"]),
      3,
    );
    expect(r.named).toEqual([
      { term: "acme weather pro", searches: 4, client_ips: 4, share_asking_only_this_service: 1 },
    ]);
    expect(r.rotation.map((x) => x.term)).toEqual(["cheap gpu inference"]);
    expect(r.needs.map((n) => n.need)).toEqual(["vector search"]);
  });
});

describe("demandWindow", () => {
  it("ends a day behind live, a week while the paid tier is on sale", () => {
    const now = new Date("2026-11-23T00:00:00Z");
    expect(demandWindow(now, false).end.toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(demandWindow(now, true).end.toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(demandWindow(now, false).start.toISOString()).toBe("2026-10-23T00:00:00.000Z");
  });
});
