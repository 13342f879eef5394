/**
 * The need map (ADR 0002, issue 15): a linear map fitted on labelled needs that carries a need's vector towards the
 * vectors of the listings that serve it, before any cosine is taken. USE-lite places a need near listings that share
 * its words' topic; the wanted listing beat the best wrong one by ~0.01–0.02 cosine on the labelled sets. The map
 * (need + Δ·need, normalised) is fitted so that the listing serving each labelled need is the nearest one of its
 * directory (softmax over the directory's listings, temperature 0.05), and so that a labelled need nothing there
 * serves is nearer no listing than cosine 0.35 (an extra choice, "nothing here", at that cosine), on the sets that
 * have been read only; the sets kept unread (sets.ts `UNREAD_SETS`) measure it. Listing vectors are untouched: the
 * map is applied to the need alone, so stored embeddings, the index and the demand clusters (which compare needs
 * with needs) do not change.
 *
 * Δ is stored as int8 with a scale per row (need-map-data.ts, written by `pnpm need-map`); I + Δ is decoded once
 * (1 MB) into a WebAssembly memory and applied with the vector index's SIMD dot products (~0.05 ms per need).
 */
import { linearMap, normalise } from "@tollgate/semantic";
import { NEED_MAP_DATA } from "./need-map-data.js";

const N = NEED_MAP_DATA.dimensions;

/** The data a map is decoded from: need-map-data.ts's shape (Δ as int8 rows with a scale each). */
export type NeedMapData = Pick<typeof NEED_MAP_DATA, "dimensions" | "scales" | "data">;

/**
 * A map decoded from its data (I + Δ, once, into the kernel's memory): v → normalise((I + Δ)·v), as a new vector.
 * The shipped map is `mapNeed`; the benchmarks decode others (a map fitted with sets held out) with it.
 */
export function needMapFrom(data: NeedMapData): (v: Float32Array) => Float32Array {
  const n = data.dimensions;
  const bytes = Buffer.from(data.data, "base64");
  const q = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (q.length !== n * n || data.scales.length !== n) throw new Error("need map: malformed data");
  const a = new Float32Array(n * n);
  for (let r = 0; r < n; r++) {
    const s = data.scales[r]!;
    for (let c = 0; c < n; c++) a[r * n + c] = q[r * n + c]! * s + (r === c ? 1 : 0);
  }
  const map = linearMap(a, n);
  return (v) => {
    if (v.length !== n) throw new Error(`need map: a vector of ${v.length} dimensions, expected ${n}`);
    return normalise(map(v));
  };
}

let shipped: ((v: Float32Array) => Float32Array) | null = null;

/** A need's unit vector carried by the shipped map: normalise((I + Δ)·v), as a new vector (v is not changed). */
export function mapNeed(v: Float32Array): Float32Array {
  shipped ??= needMapFrom(NEED_MAP_DATA);
  return shipped(v);
}

/**
 * The vector a need is matched with: mapped when `needMap` is on and the vector is of the model the map was fitted
 * for; otherwise its own (a stand-in embedder of another width still matches by meaning, as the kind check then
 * checks nothing rather than failing).
 */
export function needVector(v: Float32Array, p: { needMap: boolean }): Float32Array {
  return p.needMap && v.length === N ? mapNeed(v) : v;
}

/** What the shipped map was fitted on (the sets' names) and how, for the ADR and the tests. */
export const NEED_MAP_INFO = {
  sets: NEED_MAP_DATA.sets,
  needs: NEED_MAP_DATA.needs,
  unserved: NEED_MAP_DATA.unserved,
  epochs: NEED_MAP_DATA.epochs,
  temperature: NEED_MAP_DATA.temperature,
  nothingCosine: NEED_MAP_DATA.nothingCosine,
} as const;
