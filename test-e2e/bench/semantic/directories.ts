/**
 * Every labelled set of the discovery benchmarks with its directory, and the model's vectors of their texts, for the
 * in-memory replay (`offline.ts`) and the fit of the need map (`need-map.ts`). Listings and needs are embedded once by
 * the bundled model and kept in a cache file keyed by their text, so later runs skip the model.
 *   BENCH_OFFLINE_CACHE=<file>  the vector cache (default: tollgate-semantic-vectors.json in the temp dir)
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listingText, queryKey } from "@tollgate/registry";
import { createEmbedder } from "@tollgate/semantic";
import { CATEGORY_PROFILES } from "../../../packages/registry/src/listings/category-profiles.js";
import { FRESH_DUPLICATES, FRESH_LISTINGS, FRESH_NEEDS, FRESH_UNSERVED } from "./fresh.js";
import { HOLDOUT_NEEDS, HOLDOUT_UNSERVED } from "./holdout.js";
import { DUPLICATES, LISTINGS, NEEDS, UNSERVED } from "./labelled.js";
import { APART_SETS, apartSet, type Listing, type NeedSet } from "./sets.js";
import { THIRD_NEEDS, THIRD_UNSERVED } from "./third.js";

const CACHE = process.env.BENCH_OFFLINE_CACHE ?? join(tmpdir(), "tollgate-semantic-vectors.json");

export interface Directory {
  name: string;
  listings: readonly Listing[];
  duplicates: Record<string, string>;
  sets: NeedSet[];
}
export const directories: Directory[] = [
  {
    name: "labelled",
    listings: LISTINGS,
    duplicates: DUPLICATES,
    sets: [
      { name: "labelled", needs: NEEDS, unserved: UNSERVED },
      { name: "holdout", needs: HOLDOUT_NEEDS, unserved: HOLDOUT_UNSERVED },
      { name: "third", needs: THIRD_NEEDS, unserved: THIRD_UNSERVED },
    ],
  },
  {
    name: "fresh",
    listings: [...LISTINGS, ...FRESH_LISTINGS],
    duplicates: { ...DUPLICATES, ...FRESH_DUPLICATES },
    sets: [{ name: "fresh", needs: FRESH_NEEDS, unserved: FRESH_UNSERVED }],
  },
];
for (const name of APART_SETS) {
  const [, listings, duplicates, set] = await apartSet(name);
  directories.push({ name, listings, duplicates, sets: [set] });
}

// ---- vectors: from the cache, the model for what it lacks -------------------------------------------
const hash = (text: string) => createHash("sha256").update(text).digest("base64url");
const cached = new Map<string, string>(
  Object.entries(JSON.parse(await readFile(CACHE, "utf8").catch(() => "{}")) as Record<string, string>),
);
const listingTexts = directories.flatMap((d) =>
  d.listings.map(([, name, description, category]) => listingText({ name, description, category })),
);
const needTexts = directories.flatMap((d) =>
  d.sets.flatMap((s) => [...s.needs.map(([n]) => queryKey(n)), ...s.unserved.map(queryKey)]),
);
const categoryIds = Object.keys(CATEGORY_PROFILES).sort();
const profileTexts = categoryIds.map((id) => CATEGORY_PROFILES[id]!);
const missing = [...new Set([...listingTexts, ...needTexts, ...profileTexts])].filter(
  (t) => !cached.has(hash(t)),
);
if (missing.length > 0) {
  console.error(`embedding ${missing.length} texts (cache: ${CACHE})`);
  const embedder = createEmbedder();
  await embedder.ready;
  // Listings and profiles are embedded in batches as syncEmbeddings does, needs one at a time as discover does.
  const needSet = new Set(needTexts);
  const batch = missing.filter((t) => !needSet.has(t));
  for (let i = 0; i < batch.length; i += 64) {
    const part = batch.slice(i, i + 64);
    for (const [j, v] of (await embedder.embed(part)).entries())
      cached.set(hash(part[j]!), Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64"));
  }
  for (const t of missing.filter((x) => needSet.has(x))) {
    const v = await embedder.embedCached(t);
    cached.set(hash(t), Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64"));
  }
  await embedder.close();
  await writeFile(CACHE, JSON.stringify(Object.fromEntries(cached)));
}
export const vectorOf = (text: string) => {
  const b = Buffer.from(cached.get(hash(text))!, "base64");
  return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
};
export const categoryVectors = { ids: categoryIds, vectors: profileTexts.map(vectorOf) };
