/**
 * Discovery quality replayed in memory, for sweeping the matcher's parameters in seconds instead of the half hour
 * `pnpm bench:semantic` takes over every set. The same steps as `GET /v1/discover` by meaning (semantic.ts): the 50
 * nearest listings by the model's cosine, the registry's `fuse` and `gate`, then the registry's order (verified,
 * score, price; ties to the closer match) in the mixed directory of sets.ts, first 10 results. Listings and needs
 * are embedded once by the same model and kept in a cache file keyed by their text, so later runs skip the model.
 * On 2026-11-27 its figures for the shipped parameters equalled bench:semantic's mixed-directory rows on all 47
 * sets. Figures reported in the README still come from bench:semantic, which goes through Postgres and the api.
 *
 * Run: pnpm bench:semantic:offline
 *   BENCH_VARIANTS='[{"kindWordsWeight":0.4},{"band":0.015}]'  variants measured beside the shipped parameters
 *   BENCH_BLIND=fortysecond,fortythird   sets whose sums are shown apart (default: sets.ts UNREAD_SETS, those no one
 *                                        has read the misses of)
 *   BENCH_VARIANTS='[{"needMap":false}]' the matcher without the need map, beside the shipped one
 *   BENCH_NEED_MAP=<file>                a need map of need-map-data.ts's shape in place of the shipped one (one
 *                                        written by `NEED_MAP_OUT=<file> pnpm need-map`, e.g. with sets held out)
 *   BENCH_PARAMS='{"floor":0.36}'         parameters that replace the shipped ones for the whole run (the base the
 *                                        variants are measured against)
 *   BENCH_OFFLINE_CACHE=<file>           the vector cache (default: tollgate-semantic-vectors.json in the temp dir)
 *   BENCH_JSON=<file>                    writes the shipped parameters' rows (every set, unrounded) to that file as JSON
 *   BENCH_MISSES=fortyfourth,fifth       lists each need of those sets the shipped parameters miss, with the kinds
 *                                        the need asks for and those the wanted and returned listings name (reading
 *                                        a set's misses makes it a read set: take it out of BENCH_BLIND from then on)
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  type Candidate,
  kindIds,
  kindStemHashes,
  listingKinds,
  listingText,
  MATCH,
  type MatchParams,
  matchCandidates,
  type NeedMapData,
  needMapFrom,
  needVector,
  queryKey,
  stemHashes,
} from "@tollgate/registry";
import { dot } from "@tollgate/semantic";
import { categoryVectors, directories, vectorOf } from "./directories.js";
import { mixedAttributes, serversOf, UNREAD_SETS } from "./sets.js";

const BLIND = new Set(
  process.env.BENCH_BLIND ? process.env.BENCH_BLIND.split(",").filter(Boolean) : UNREAD_SETS,
);
const VARIANTS = JSON.parse(process.env.BENCH_VARIANTS ?? "[]") as Partial<MatchParams>[];
const BASE_PARAMS = JSON.parse(process.env.BENCH_PARAMS ?? "{}") as Partial<MatchParams>;
const OTHER_MAP = process.env.BENCH_NEED_MAP
  ? needMapFrom(
      ((await import(resolve(process.env.BENCH_NEED_MAP))) as { NEED_MAP_DATA: NeedMapData }).NEED_MAP_DATA,
    )
  : null;
const MISSES = new Set((process.env.BENCH_MISSES ?? "").split(",").filter(Boolean));

// ---- the replay ----------------------------------------------------------------------------------------
const STATUS_RANK = { verified: 0, unverified: 1, failing: 2 } as const;
interface Entry {
  key: string;
  v: Float32Array;
  rank: number;
  score: number;
  price: number;
  meta: Omit<Candidate, "id" | "similarity">;
}
const entries = new Map<string, Entry[]>(
  directories.map((d) => {
    const attributes = mixedAttributes(d.listings.length);
    return [
      d.name,
      d.listings.map(([key, name, description, category], i) => {
        const text = `${name} ${description}`;
        const kinds = listingKinds(text);
        const a = attributes[i]!;
        return {
          key,
          v: vectorOf(listingText({ name, description, category })),
          rank: STATUS_RANK[a.status],
          score: a.score,
          price: a.price_amount,
          meta: { category, stems: stemHashes(text), kinds, kindStems: kindStemHashes(kinds) },
        };
      }),
    ];
  }),
);

/**
 * The keys of the first 10 results `GET /v1/discover?q=need` returns in the mixed directory: the registry's own
 * match over the nearest listings (semantic.ts `matchCandidates`), then discover's order (`discover.ts`: verified,
 * then score, then price, ties to the closer match), which is SQL there and repeated here.
 */
function answer(listings: Entry[], need: string, p: MatchParams, asked?: string[]): string[] {
  const key = queryKey(need);
  const v = OTHER_MAP && p.needMap ? OTHER_MAP(vectorOf(key)) : needVector(vectorOf(key), p);
  const candidates: Candidate[] = listings
    .map((l, i) => ({ i, similarity: dot(v, l.v) }))
    .sort((a, b) => b.similarity - a.similarity || a.i - b.i)
    .slice(0, p.candidates)
    .map(({ i, similarity }) => {
      const { kindStems, ...meta } = listings[i]!.meta;
      return { id: String(i), similarity, ...meta, ...(p.kindWordsWeight > 0 ? { kindStems } : {}) };
    });
  const match = matchCandidates(key, v, candidates, categoryVectors, p);
  asked?.push(...(match.kinds ?? []));
  const matched = match.ids.map((id) => listings[Number(id)]!);
  const at = new Map(matched.map((l, j) => [l, j]));
  return matched
    .sort((a, b) => a.rank - b.rank || b.score - a.score || a.price - b.price || at.get(a)! - at.get(b)!)
    .slice(0, 10)
    .map((l) => l.key);
}

interface Row {
  set: string;
  top1: number;
  top3: number;
  mrr: number;
  results: number;
  unservedEmpty: number;
}
function measure(variant: Partial<MatchParams>): Row[] {
  const p: MatchParams = { ...MATCH, ...BASE_PARAMS, ...variant };
  const rows: Row[] = [];
  for (const d of directories) {
    const listings = entries.get(d.name)!;
    const servers = serversOf(d.duplicates);
    for (const s of d.sets) {
      let top1 = 0;
      let top3 = 0;
      let rr = 0;
      let results = 0;
      for (const [need, key] of s.needs) {
        const ok = servers(key);
        const asked: string[] = [];
        const got = answer(listings, need, p, asked);
        const rank = got.findIndex((k) => ok.has(k)) + 1;
        if (rank !== 1 && MISSES.has(s.name) && Object.keys(variant).length === 0) {
          const kindsOf = (k: string) =>
            kindIds(listings.find((l) => l.key === k)?.meta.kinds ?? new Uint16Array()).join(" ") || "-";
          console.log(`miss ${s.name} rank ${rank || "-"}: ${need}\n  asks   ${asked.join(" ") || "-"}`);
          console.log(`  wanted ${key} [${kindsOf(key)}]`);
          for (const k of got.slice(0, 3)) console.log(`  got    ${k} [${kindsOf(k)}]`);
        }
        if (rank === 1) top1++;
        if (rank >= 1 && rank <= 3) top3++;
        if (rank >= 1) rr += 1 / rank;
        results += got.length;
      }
      const empty = s.unserved.filter((need) => {
        const got = answer(listings, need, p);
        if (got.length > 0 && MISSES.has(s.name) && Object.keys(variant).length === 0)
          console.log(`miss ${s.name} unserved: ${need}\n  got    ${got.slice(0, 3).join(" ")}`);
        return got.length === 0;
      }).length;
      const n = s.needs.length;
      rows.push({
        set: s.name,
        top1: top1 / n,
        top3: top3 / n,
        mrr: rr / n,
        results: results / n,
        unservedEmpty: empty / s.unserved.length,
      });
    }
  }
  return rows;
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const signed = (x: number, digits = 2) => `${x >= 0 ? "+" : ""}${x.toFixed(digits)}`;
const shipped = measure({});
console.log(
  "## Offline replay, mixed directory, shipped parameters\n\n| set | top-1 | top-3 | MRR@10 | results per served need | unserved needs with no result |\n|---|---|---|---|---|---|",
);
for (const r of shipped)
  console.log(
    `| ${r.set}${BLIND.has(r.set) ? " (blind)" : ""} | ${r.top1.toFixed(2)} | ${r.top3.toFixed(2)} | ${r.mrr.toFixed(3)} | ${r.results.toFixed(1)} | ${pct(r.unservedEmpty)} |`,
  );
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(shipped, null, 1));
const blindRows = shipped.filter((r) => BLIND.has(r.set));
if (blindRows.length > 0) {
  const mean = (f: (r: Row) => number) => blindRows.reduce((a, r) => a + f(r), 0) / blindRows.length;
  console.log(
    `| mean of the ${blindRows.length} blind sets | ${mean((r) => r.top1).toFixed(3)} | ${mean((r) => r.top3).toFixed(3)} | ${mean((r) => r.mrr).toFixed(3)} | ${mean((r) => r.results).toFixed(2)} | ${(100 * mean((r) => r.unservedEmpty)).toFixed(1)}% |`,
  );
}
if (VARIANTS.length > 0) {
  console.log(
    "\n## Variants: differences from the shipped parameters, summed over the sets (unserved in points)\n\n| variant | sets | top-1 | top-3 | MRR@10 | unserved left empty | sets that moved (top-1) |\n|---|---|---|---|---|---|---|",
  );
  for (const variant of VARIANTS) {
    const rows = measure(variant);
    for (const blind of BLIND.size > 0 ? [false, true] : [false]) {
      const pick = (r: Row) => BLIND.has(r.set) === blind;
      const sum = (f: (r: Row) => number) =>
        rows.filter(pick).reduce((a, r, i) => a + f(r) - f(shipped.filter(pick)[i]!), 0);
      const moved = rows
        .filter(pick)
        .map((r, i) => [r.set, r.top1 - shipped.filter(pick)[i]!.top1] as const)
        .filter(([, d]) => Math.abs(d) > 1e-9)
        .map(([set, d]) => `${set} ${signed(d)}`)
        .join(", ");
      console.log(
        `| ${JSON.stringify(variant)} | ${blind ? "blind" : BLIND.size > 0 ? "read" : "all"} | ${signed(sum((r) => r.top1))} | ${signed(sum((r) => r.top3))} | ${signed(
          sum((r) => r.mrr),
          3,
        )} | ${signed(100 * sum((r) => r.unservedEmpty), 0)} | ${moved} |`,
      );
    }
  }
}
