/**
 * Fits the need map (packages/registry/src/listings/need-map.ts) and writes need-map-data.ts:
 *   pnpm need-map   (from the repository root; ~3 minutes, plus the model's embedding of texts not in the cache)
 * On every labelled set but those kept unread (sets.ts `UNREAD_SETS`), a linear map A = I + Δ of the need's vector is
 * fitted by full-batch gradient descent so that, for each served need, the listings that serve it (its wanted listing
 * and that one's near-duplicates) take the softmax mass over its directory's listings of cos(A·need, listing) / T.
 * Unserved needs are not used: pushing their cosines down cost served needs as much on the unread sets (README).
 * Deterministic: the same sets and vectors give the same file.
 */
import { writeFile } from "node:fs/promises";
import { listingText, queryKey } from "@tollgate/registry";
import { directories, vectorOf } from "./directories.js";
import { serversOf, UNREAD_SETS } from "./sets.js";

const DIM = 512;
const EPOCHS = Number(process.env.NEED_MAP_EPOCHS ?? 100);
const TEMPERATURE = 0.05;
const RATE = 0.5;
const DECAY = 1e-3;

interface TrainingSet {
  name: string;
  listings: Float64Array[];
  needs: { v: Float64Array; serving: number[] }[];
}
const unread = new Set(UNREAD_SETS);
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
      needs: s.needs.map(([need, key]) => {
        const ok = servers(key);
        return {
          v: Float64Array.from(vectorOf(queryKey(need))),
          serving: keys.flatMap((k, i) => (ok.has(k) ? [i] : [])),
        };
      }),
    });
  }
}
const count = training.reduce((n, s) => n + s.needs.length, 0);
console.error(`fitting on ${training.length} sets, ${count} needs, ${EPOCHS} epochs`);

const A = new Float64Array(DIM * DIM);
for (let i = 0; i < DIM; i++) A[i * DIM + i] = 1;
const G = new Float64Array(DIM * DIM);
const a = new Float64Array(DIM);
const dah = new Float64Array(DIM);

for (let epoch = 0; epoch < EPOCHS; epoch++) {
  G.fill(0);
  let loss = 0;
  let top1 = 0;
  for (const set of training) {
    const m = set.listings.length;
    const s = new Float64Array(m);
    for (const need of set.needs) {
      const q = need.v;
      let nrm = 0;
      for (let r = 0; r < DIM; r++) {
        let acc = 0;
        const row = r * DIM;
        for (let c = 0; c < DIM; c++) acc += A[row + c]! * q[c]!;
        a[r] = acc;
        nrm += acc * acc;
      }
      nrm = Math.sqrt(nrm);
      for (let r = 0; r < DIM; r++) a[r]! /= nrm;
      let max = Number.NEGATIVE_INFINITY;
      let best = 0;
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
      if (need.serving.includes(best)) top1++;
      let total = 0;
      let served = 0;
      for (let l = 0; l < m; l++) {
        s[l] = Math.exp(s[l]! - max);
        total += s[l]!;
      }
      for (const l of need.serving) served += s[l]!;
      loss -= Math.log(served / total);
      // d loss / d s_l = (P_l − P_l restricted to the serving listings) / T
      dah.fill(0);
      for (let l = 0; l < m; l++) {
        const g = (s[l]! / total - (need.serving.includes(l) ? s[l]! / served : 0)) / TEMPERATURE;
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
      A[i]! -= RATE * (G[i]! / count + DECAY * (A[i]! - (r === c ? 1 : 0)));
    }
  if (epoch % 10 === 0 || epoch === EPOCHS - 1)
    console.error(
      `epoch ${epoch}: loss ${(loss / count).toFixed(4)}, nearest is served ${(top1 / count).toFixed(3)}`,
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
  needs: number;
  sets: string[];
  scales: number[];
  data: string;
} = {
  dimensions: ${DIM},
  epochs: ${EPOCHS},
  temperature: ${TEMPERATURE},
  needs: ${count},
  sets: ${JSON.stringify(training.map((s) => s.name))},
  scales: ${JSON.stringify(scales)},
  data: "${Buffer.from(bytes.buffer).toString("base64")}",
};
`;
await writeFile(new URL("../../../packages/registry/src/listings/need-map-data.ts", import.meta.url), out);
console.error(`written: ${training.length} sets, ${count} needs`);
