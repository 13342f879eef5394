import type { Need } from "./rules.js";

/** Jaccard threshold for grouping needs by shared word stems (the fallback without an embedder). */
export const WORD_OVERLAP_THRESHOLD = 0.34;

/** Cosine threshold for grouping needs by meaning (average link; measured purity 0.92 at 0.40). */
export const CLUSTER_SIMILARITY = 0.4;

/** Word stems of a need: words of 3+ letters or digits, with -ing, -es and -s cut off. */
export function wordStems(need: string): Set<string> {
  return new Set(
    need
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3)
      .map((w) => w.replace(/(ing|es|s)$/, "")),
  );
}

/** Jaccard similarity of two sets; 0 when they share nothing. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter === 0 ? 0 : inter / (a.size + b.size - inter);
}

/**
 * Group needs whose word stems overlap (average Jaccard to the group's members >= threshold), in order:
 * each need joins the best such group or starts one, so each need lands in exactly one group.
 */
export function clusterNeeds<T extends { need: string }>(
  needs: T[],
  threshold = WORD_OVERLAP_THRESHOLD,
): T[][] {
  const groups: { members: T[]; sets: Set<string>[] }[] = [];
  for (const n of needs) {
    const s = wordStems(n.need);
    let best: (typeof groups)[number] | null = null;
    let bestScore = threshold;
    for (const g of groups) {
      const score = g.sets.reduce((sum, x) => sum + jaccard(s, x), 0) / g.sets.length;
      if (score >= bestScore) {
        best = g;
        bestScore = score;
      }
    }
    if (best) {
      best.members.push(n);
      best.sets.push(s);
    } else groups.push({ members: [n], sets: [s] });
  }
  return groups.map((g) => g.members);
}

/**
 * Group needs by meaning: each need joins the group whose average similarity to it (for unit vectors, the
 * dot product with the group's vector sum over its size) is highest and at least the threshold, else it
 * starts a group. A need without a vector is left ungrouped (and counted as such).
 */
export function clusterByMeaning<T extends { need: string }>(
  needs: T[],
  vectors: (Float32Array | null)[],
  threshold = CLUSTER_SIMILARITY,
): { groups: T[][]; ungrouped: T[] } {
  const groups: { members: T[]; sum: Float32Array }[] = [];
  const ungrouped: T[] = [];
  for (const [i, n] of needs.entries()) {
    const v = vectors[i];
    if (!v) {
      ungrouped.push(n);
      continue;
    }
    let best: (typeof groups)[number] | null = null;
    let bestScore = threshold;
    for (const g of groups) {
      let s = 0;
      for (let d = 0; d < v.length; d++) s += v[d]! * g.sum[d]!;
      s /= g.members.length;
      if (s >= bestScore) {
        best = g;
        bestScore = s;
      }
    }
    if (best) {
      best.members.push(n);
      for (let d = 0; d < v.length; d++) best.sum[d]! += v[d]!;
    } else groups.push({ members: [n], sum: Float32Array.from(v) });
  }
  return { groups: groups.map((g) => g.members), ungrouped };
}

/** How the clusters snapshot was grouped, in the words its `method` field publishes. */
export function clusterMethod(byMeaning: boolean): string {
  return byMeaning
    ? `needs grouped by meaning: sentence embeddings, average link, cosine >= ${CLUSTER_SIMILARITY}; every member need passed the privacy floor`
    : `needs grouped by shared word stems (average link, Jaccard >= ${WORD_OVERLAP_THRESHOLD}); every member need passed the privacy floor`;
}

/** One published cluster: labelled by its first (highest-ranked) need. */
export interface DemandCluster {
  label: string;
  needs: string[];
  searches: number;
  /** The client count of its most-asked member need; not a sum, since one client may ask several needs. */
  client_ips_max: number;
}

/** The published clusters of some groups of needs, most searched first. */
export function demandClusters(groups: Need[][]): DemandCluster[] {
  return groups
    .map((g) => ({
      label: g[0]!.need,
      needs: g.map((n) => n.need),
      searches: g.reduce((s, n) => s + n.searches, 0),
      client_ips_max: Math.max(...g.map((n) => n.client_ips)),
    }))
    .sort((a, b) => b.searches - a.searches);
}

/**
 * Searches of the published needs, and how many of them no group covers (the share a snapshot may not
 * exceed to be sold).
 */
export function groupingCoverage(
  needs: Need[],
  groups: Need[][],
): { searchesTotal: number; searchesUngrouped: number } {
  const searchesTotal = needs.reduce((s, n) => s + n.searches, 0);
  const grouped = groups.reduce((s, g) => s + g.reduce((x, n) => x + n.searches, 0), 0);
  return { searchesTotal, searchesUngrouped: searchesTotal - grouped };
}
