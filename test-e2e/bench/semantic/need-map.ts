/**
 * Fits the need map (packages/registry/src/listings/need-map.ts) and writes need-map-data.ts:
 *   pnpm need-map   (from the repository root; ~17 minutes beside another job, plus the embedding of texts
 *                    not in the cache)
 * On every labelled set but those kept unread (sets.ts `UNREAD_SETS`), a linear map A = I + Δ of the need's vector is
 * fitted by full-batch gradient descent. Each need is a softmax over its directory's listings, logits
 * cos(A·need, listing) / T, plus one more choice, "nothing here", whose logit is fixed at NOTHING_COSINE / T:
 *   - a served need should put its mass on the listings that serve it (its wanted listing and that one's
 *     near-duplicates);
 *   - a need nothing in its set serves should put its mass on "nothing here", which pushes its cosines below
 *     NOTHING_COSINE only where they rise above it (not every cosine down alike, which cost as many served needs as
 *     it emptied unserved ones; README).
 * Deterministic: the same sets and vectors give the same file.
 *
 * Cross-validation (README, "Discovery by meaning"): NEED_MAP_HOLD_OUT=a,b,c leaves those sets out of the fit too,
 * and NEED_MAP_OUT=<file> writes the map there instead of need-map-data.ts; `BENCH_NEED_MAP=<file>
 * BENCH_BLIND=a,b,c pnpm bench:semantic:offline` then measures it on the sets held out.
 */
import { writeFile } from "node:fs/promises";
import { listingText, queryKey } from "@tollgate/registry";
import { linearMap } from "@tollgate/semantic";
import { directories, vectorOf } from "./directories.js";
import { serversOf, UNREAD_SETS } from "./sets.js";

const DIM = 512;
const EPOCHS = Number(process.env.NEED_MAP_EPOCHS ?? 200);
const TEMPERATURE = 0.05;
const NOTHING_COSINE = 0.35;
const UNSERVED_WEIGHT = 1;
const RATE = 0.5;
const DECAY = 1e-3;

interface Example {
  v: Float64Array;
  v32: Float32Array;
  /** The listings that serve it; none: nothing in its set does. */
  serving: number[];
}
interface TrainingSet {
  name: string;
  listings: Float64Array[];
  needs: Example[];
}
const example = (text: string, serving: number[]): Example => {
  const v32 = vectorOf(queryKey(text));
  return { v: Float64Array.from(v32), v32, serving };
};
const holdOut = (process.env.NEED_MAP_HOLD_OUT ?? "").split(",").filter(Boolean);
const known = new Set(directories.flatMap((d) => d.sets.map((s) => s.name)));
for (const name of holdOut) if (!known.has(name)) throw new Error(`NEED_MAP_HOLD_OUT: no set named ${name}`);
const unread = new Set<string>([...UNREAD_SETS, ...holdOut]);
const training: TrainingSet[] = [];
for (const d of directories) {
  const keys = d.listings.map(([key]) => key);
  const listings = d.listings.map(([, name, description, category]) =>
    Float64Array.from(vectorOf(listingText({ name, description, category }))),
  );
  const servers = serversOf(d.duplicates);
  for (const s of d.sets) {
    if (unread.has(s.name)) continue;
    training.push({
      name: s.name,
      listings,
      needs: [
        ...s.needs.map(([need, key]) => {
          const ok = servers(key);
          return example(
            need,
            keys.flatMap((k, i) => (ok.has(k) ? [i] : [])),
          );
        }),
        ...s.unserved.map((need) => example(need, [])),
      ],
    });
  }
}
const served = training.reduce((n, s) => n + s.needs.filter((x) => x.serving.length > 0).length, 0);
const unserved = training.reduce((n, s) => n + s.needs.filter((x) => x.serving.length === 0).length, 0);
console.error(
  `fitting on ${training.length} sets, ${served} served and ${unserved} unserved needs, ${EPOCHS} epochs`,
);

const A = new Float64Array(DIM * DIM);
for (let i = 0; i < DIM; i++) A[i * DIM + i] = 1;
const G = new Float64Array(DIM * DIM);
const a = new Float64Array(DIM);
const dah = new Float64Array(DIM);
const nothing = NOTHING_COSINE / TEMPERATURE;

for (let epoch = 0; epoch < EPOCHS; epoch++) {
  G.fill(0);
  const forward = linearMap(Float32Array.from(A), DIM);
  let loss = 0;
  let top1 = 0;
  for (const set of training) {
    const m = set.listings.length;
    const s = new Float64Array(m);
    for (const need of set.needs) {
      const q = need.v;
      const y = forward(need.v32);
      let nrm = 0;
      for (let r = 0; r < DIM; r++) nrm += y[r]! * y[r]!;
      nrm = Math.sqrt(nrm);
      for (let r = 0; r < DIM; r++) a[r] = y[r]! / nrm;
      let max = nothing;
      let best = -1;
      for (let l = 0; l < m; l++) {
        const L = set.listings[l]!;
        let acc = 0;
        for (let c = 0; c < DIM; c++) acc += a[c]! * L[c]!;
        s[l] = acc / TEMPERATURE;
        if (s[l]! > max) {
          max = s[l]!;
          best = l;
        }
      }
      const isServed = need.serving.length > 0;
      if (isServed ? need.serving.includes(best) : best === -1) top1++;
      let total = Math.exp(nothing - max);
      for (let l = 0; l < m; l++) {
        s[l] = Math.exp(s[l]! - max);
        total += s[l]!;
      }
      let target = isServed ? 0 : Math.exp(nothing - max);
      for (const l of need.serving) target += s[l]!;
      loss -= (isServed ? 1 : UNSERVED_WEIGHT) * Math.log(target / total);
      // d loss / d s_l = (P_l − the target's share of l) / T, × the need's weight
      const weight = isServed ? 1 : UNSERVED_WEIGHT;
      dah.fill(0);
      for (let l = 0; l < m; l++) {
        const g = (weight * (s[l]! / total - (need.serving.includes(l) ? s[l]! / target : 0))) / TEMPERATURE;
        if (g === 0) continue;
        const L = set.listings[l]!;
        for (let c = 0; c < DIM; c++) dah[c]! += g * L[c]!;
      }
      let along = 0;
      for (let c = 0; c < DIM; c++) along += a[c]! * dah[c]!;
      for (let r = 0; r < DIM; r++) {
        const da = (dah[r]! - a[r]! * along) / nrm;
        if (da === 0) continue;
        const row = r * DIM;
        for (let c = 0; c < DIM; c++) G[row + c]! += da * q[c]!;
      }
    }
  }
  for (let r = 0; r < DIM; r++)
    for (let c = 0; c < DIM; c++) {
      const i = r * DIM + c;
      A[i]! -= RATE * (G[i]! / served + DECAY * (A[i]! - (r === c ? 1 : 0)));
    }
  if (epoch % 10 === 0 || epoch === EPOCHS - 1)
    console.error(
      `epoch ${epoch}: loss ${(loss / served).toFixed(4)}, answered right (the nearest serves it, or nothing is near) ${(top1 / (served + unserved)).toFixed(3)}`,
    );
}

// Δ = A − I as int8 with a scale per row.
const bytes = new Int8Array(DIM * DIM);
const scales: number[] = [];
for (let r = 0; r < DIM; r++) {
  let max = 0;
  for (let c = 0; c < DIM; c++) max = Math.max(max, Math.abs(A[r * DIM + c]! - (r === c ? 1 : 0)));
  const scale = Number((max / 127).toPrecision(8));
  scales.push(scale);
  for (let c = 0; c < DIM; c++)
    bytes[r * DIM + c] = scale > 0 ? Math.round((A[r * DIM + c]! - (r === c ? 1 : 0)) / scale) : 0;
}
const out = `// Generated by \`pnpm need-map\` (test-e2e/bench/semantic/need-map.ts) from the labelled sets; do not edit.
/** The need map's Δ (need-map.ts): int8 values row by row, ${DIM} × ${DIM}, base64, each row × its scale. */
export const NEED_MAP_DATA: {
  dimensions: number;
  epochs: number;
  temperature: number;
  nothingCosine: number;
  needs: number;
  unserved: number;
  sets: string[];
  scales: number[];
  data: string;
} = {
  dimensions: ${DIM},
  epochs: ${EPOCHS},
  temperature: ${TEMPERATURE},
  nothingCosine: ${NOTHING_COSINE},
  needs: ${served},
  unserved: ${unserved},
  sets: ${JSON.stringify(training.map((s) => s.name))},
  scales: ${JSON.stringify(scales)},
  data: "${Buffer.from(bytes.buffer).toString("base64")}",
};
`;
await writeFile(
  process.env.NEED_MAP_OUT ??
    new URL("../../../packages/registry/src/listings/need-map-data.ts", import.meta.url),
  out,
);
console.error(`written: ${training.length} sets, ${served} served and ${unserved} unserved needs`);
