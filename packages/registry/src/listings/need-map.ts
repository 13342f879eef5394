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
let map: ((x: Float32Array) => Float32Array) | null = null;

/** A = I + Δ, decoded once into the kernel's memory. */
function decoded(): (x: Float32Array) => Float32Array {
  if (map) return map;
  const bytes = Buffer.from(NEED_MAP_DATA.data, "base64");
  const q = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (q.length !== N * N || NEED_MAP_DATA.scales.length !== N) throw new Error("need map: malformed data");
  const a = new Float32Array(N * N);
  for (let r = 0; r < N; r++) {
    const s = NEED_MAP_DATA.scales[r]!;
    for (let c = 0; c < N; c++) a[r * N + c] = q[r * N + c]! * s + (r === c ? 1 : 0);
  }
  map = linearMap(a, N);
  return map;
}

/** A need's unit vector carried by the map: normalise((I + Δ)·v), as a new vector (v is not changed). */
export function mapNeed(v: Float32Array): Float32Array {
  if (v.length !== N) throw new Error(`need map: a vector of ${v.length} dimensions, expected ${N}`);
  return normalise(decoded()(v));
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
