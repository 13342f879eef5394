import { describe, expect, it } from "vitest";
import {
  CLUSTER_SIMILARITY,
  clusterByMeaning,
  clusterMethod,
  clusterNeeds,
  demandClusters,
  groupingCoverage,
  jaccard,
  type Need,
  WORD_OVERLAP_THRESHOLD,
  wordStems,
} from "../src/index.js";

const need = (text: string, searches = 1, client_ips = 3): Need => ({
  need: text,
  searches,
  client_ips,
  seller_self_checks: 0,
});
const needs = (...texts: string[]) => texts.map((t) => need(t));
const names = (groups: Need[][]) => groups.map((g) => g.map((n) => n.need));
const v = (...xs: number[]) => Float32Array.from(xs);

describe("wordStems", () => {
  it.each([
    ["weather forecast", ["weather", "forecast"]],
    ["weather forecasts", ["weather", "forecast"]],
    ["pricing classes", ["pric", "class"]],
    ["a to do api", ["api"]],
    ["top-10 lists", ["top", "list"]],
    ["mp3 files", ["mp3", "fil"]], // crude on purpose: -es is cut before -s
    ["news news news", ["new"]],
    ["", []],
  ])("%j → %j", (text, stems) => {
    expect([...wordStems(text)]).toEqual(stems);
  });
});

describe("jaccard", () => {
  const s = (...xs: string[]) => new Set(xs);
  it.each([
    [s(), s(), 0],
    [s("a"), s(), 0],
    [s("a"), s("a"), 1],
    [s("a", "b"), s("b", "c"), 1 / 3],
    [s("a", "b"), s("a", "b", "c"), 2 / 3],
    [s("a"), s("b"), 0],
  ])("%o ~ %o = %d", (a, b, expected) => {
    expect(jaccard(a, b)).toBeCloseTo(expected, 10);
  });
});

describe("clusterNeeds (shared word stems)", () => {
  it.each([
    ["nothing to group", [], []],
    ["one need is one group", ["weather forecast"], [["weather forecast"]]],
    [
      "plural and singular share stems",
      ["weather forecast", "weather forecasts"],
      [["weather forecast", "weather forecasts"]],
    ],
    [
      "two of three stems shared (2/3) groups",
      ["weather forecast api", "weather forecast"],
      [["weather forecast api", "weather forecast"]],
    ],
    [
      "one of three stems shared (1/3) is under 0.34",
      ["weather api", "stock api"],
      [["weather api"], ["stock api"]],
    ],
    [
      "unrelated needs stay apart",
      ["weather forecast", "stock prices", "translate text"],
      [["weather forecast"], ["stock prices"], ["translate text"]],
    ],
    [
      "average link: one good match is not enough against a group that disagrees",
      ["weather forecast", "weather forecast api", "api pricing"],
      [["weather forecast", "weather forecast api"], ["api pricing"]],
    ],
    [
      "each need joins the group it is closest to on average",
      ["stock prices", "weather forecast", "weather forecasts today"],
      [["stock prices"], ["weather forecast", "weather forecasts today"]],
    ],
    ["needs of only short words share nothing", ["a to b", "x y z"], [["a to b"], ["x y z"]]],
  ])("%s", (_, input, expected) => {
    expect(names(clusterNeeds(needs(...input)))).toEqual(expected);
  });
  it("honours an explicit threshold, inclusive", () => {
    const pair = needs("weather api", "stock api");
    expect(names(clusterNeeds(pair, 1 / 3))).toEqual([["weather api", "stock api"]]);
    expect(names(clusterNeeds(pair, WORD_OVERLAP_THRESHOLD))).toEqual([["weather api"], ["stock api"]]);
  });
  it("keeps every need exactly once, with its own fields", () => {
    const input = [
      need("weather forecast", 7, 4),
      need("weather forecasts", 2, 9),
      need("stock prices", 5, 3),
    ];
    const groups = clusterNeeds(input);
    expect(groups.flat()).toHaveLength(3);
    expect(groups[0]).toEqual([input[0], input[1]]);
  });
});

describe("clusterByMeaning (vectors)", () => {
  const X = v(1, 0, 0);
  const Y = v(0, 1, 0);
  const Z = v(0, 0, 1);
  it.each([
    ["nothing to group", [], [], []],
    ["identical vectors group", [X, X], [["n0", "n1"]], []],
    ["orthogonal vectors stay apart", [X, Y, Z], [["n0"], ["n1"], ["n2"]], []],
    ["close vectors group (0.6 ≥ 0.4)", [X, v(0.6, 0.8, 0)], [["n0", "n1"]], []],
    ["distant vectors stay apart (0.28 < 0.4)", [X, v(0.28, 0.96, 0)], [["n0"], ["n1"]], []],
    ["a need without a vector is ungrouped", [X, null, X], [["n0", "n2"]], ["n1"]],
    ["every vector missing: nothing grouped", [null, null], [], ["n0", "n1"]],
    [
      // n2 is 0.48 from n1 but 0 from n0: average 0.24, so not joined (single link would join).
      "average link, not single link",
      [X, v(0.6, 0.8, 0), v(0, 0.6, 0.8)],
      [["n0", "n1"], ["n2"]],
      [],
    ],
    [
      // n2 averages (0.8 + 0.96) / 2 = 0.88 over the group.
      "joins when the group's average agrees",
      [X, v(0.6, 0.8, 0), v(0.8, 0.6, 0)],
      [["n0", "n1", "n2"]],
      [],
    ],
    ["joins the closest group, not the first", [X, Y, v(0.6, 0.8, 0)], [["n0"], ["n1", "n2"]], []],
    ["a tie goes to the later group", [X, Y, v(0.5, 0.5, 0)], [["n0"], ["n1", "n2"]], []],
  ])("%s", (_, vectors, groups, ungrouped) => {
    const input = vectors.map((_, i) => need(`n${i}`));
    const r = clusterByMeaning(input, vectors);
    expect(names(r.groups)).toEqual(groups);
    expect(r.ungrouped.map((n) => n.need)).toEqual(ungrouped);
  });
  it("threshold is inclusive and adjustable", () => {
    const input = needs("a", "b");
    const half = [X, v(0.5, 0.5, 0)];
    expect(names(clusterByMeaning(input, half, 0.5).groups)).toEqual([["a", "b"]]);
    expect(names(clusterByMeaning(input, half, 0.75).groups)).toEqual([["a"], ["b"]]);
    expect(CLUSTER_SIMILARITY).toBe(0.4);
  });
  it("does not change the vectors it was given", () => {
    const first = v(1, 0, 0);
    clusterByMeaning(needs("a", "b"), [first, v(1, 0, 0)]);
    expect([...first]).toEqual([1, 0, 0]);
  });
});

describe("demandClusters", () => {
  it.each([
    ["no groups", [], []],
    [
      "labelled by the first need, searches summed, the largest client count",
      [[need("weather forecast", 10, 5), need("weather forecasts", 30, 3)]],
      [
        {
          label: "weather forecast",
          needs: ["weather forecast", "weather forecasts"],
          searches: 40,
          client_ips_max: 5,
        },
      ],
    ],
    [
      "most searched first",
      [[need("a need", 10, 3)], [need("b need", 50, 4)], [need("c need", 20, 6), need("c needs", 5, 3)]],
      [
        { label: "b need", needs: ["b need"], searches: 50, client_ips_max: 4 },
        { label: "c need", needs: ["c need", "c needs"], searches: 25, client_ips_max: 6 },
        { label: "a need", needs: ["a need"], searches: 10, client_ips_max: 3 },
      ],
    ],
  ])("%s", (_, groups, expected) => {
    expect(demandClusters(groups)).toEqual(expected);
  });
});

describe("groupingCoverage", () => {
  const a = need("alpha need", 60);
  const b = need("beta need", 30);
  const c = need("gamma need", 10);
  it.each([
    ["no needs", [], [], 0, 0],
    ["all grouped", [a, b, c], [[a, b], [c]], 100, 0],
    ["one need left out", [a, b, c], [[a, b]], 100, 10],
    ["none grouped", [a, b, c], [], 100, 100],
  ])("%s", (_, all, groups, total, ungrouped) => {
    expect(groupingCoverage(all, groups)).toEqual({ searchesTotal: total, searchesUngrouped: ungrouped });
  });
});

describe("clusterMethod", () => {
  it.each([
    [
      true,
      "needs grouped by meaning: sentence embeddings, average link, cosine >= 0.4; every member need passed the privacy floor",
    ],
    [
      false,
      "needs grouped by shared word stems (average link, Jaccard >= 0.34); every member need passed the privacy floor",
    ],
  ])("by meaning %s", (byMeaning, text) => {
    expect(clusterMethod(byMeaning)).toBe(text);
  });
});
