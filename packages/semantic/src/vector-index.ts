import { DIMENSIONS } from "./embedder.js";
import { type Kernels, kernels, wasmMemory } from "./kernels.js";

export interface Hit {
  id: string;
  similarity: number;
}

export interface VectorIndexOptions {
  dims?: number;
  /** Up to this many entries every query is an exact scan; above it, sign-hash candidates are re-ranked. */
  exactUpTo?: number;
  /** Candidates re-ranked exactly per query above `exactUpTo` (at least 10 x k). */
  candidates?: number;
}

/** Bits of the sign hash: the signs of a random rotation's first 512 coordinates. */
const BITS = 512;
const WORDS = BITS / 32;
/** Random sign flips, each followed by a Walsh-Hadamard transform: three make a good random rotation. */
const ROUNDS = 3;

/** Slots carried from the first pass to the second, as a multiple of the candidates wanted. */
const PREFILTER = 4;

/** The smallest distance d such that at least `want` slots are within d (hist: slots per distance). */
function cut(hist: Uint32Array, want: number): number {
  let limit = 0;
  for (let acc = 0; limit < hist.length - 1; limit++) {
    acc += hist[limit]!;
    if (acc >= want) break;
  }
  return limit;
}

/** Deterministic PRNG (mulberry32), so every replica builds the same rotation. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Nearest neighbours by cosine over unit vectors kept in one contiguous Float32Array (pgvector is not
 * available for this Postgres). Small indexes are scanned exactly. Large ones keep a 512-bit sign hash per
 * vector (the signs of a fixed random rotation): a query scans the hashes by Hamming distance in two passes
 * (half the bits for every vector, all of them for the nearest few thousand), then ranks the closest
 * `candidates` exactly, so similarities are exact and recall is measured, not assumed (see the test and the
 * semantic benchmark: at 100k, 2000 candidates from this hash find as many of the true top 10 as 4000 from
 * the 256-bit sparse-hyperplane hash it replaced). Upsert and remove are O(1): a removed slot is filled by the
 * last one.
 */
export class VectorIndex {
  readonly dims: number;
  private readonly exactUpTo: number;
  private readonly candidates: number;
  /**
   * Vectors, hashes and per-query scratch live in one WebAssembly memory, so the kernels can read them:
   * laid out by `layout(capacity)`; the views below are remade whenever it grows.
   */
  private readonly memory = wasmMemory();
  private readonly k: Kernels = kernels(this.memory);
  private capacity = 0;
  private at = layout(0, 0);
  private data = new Float32Array(0);
  private codes = new Uint32Array(0);
  private ids: string[] = [];
  private slots = new Map<string, number>();
  /** Length of the rotation: a power of two covering the dimensions and the bits. */
  private readonly rotationLength: number;
  private readonly signs: Float32Array;
  private readonly rotated: Float32Array;

  constructor(o: VectorIndexOptions = {}) {
    this.dims = o.dims ?? DIMENSIONS;
    this.exactUpTo = o.exactUpTo ?? 5000;
    this.candidates = o.candidates ?? 2000;
    this.grow(1024);
    const rand = prng(0x7011_6a7e);
    let length = 1;
    while (length < Math.max(this.dims, BITS)) length *= 2;
    this.rotationLength = length;
    this.signs = Float32Array.from({ length: ROUNDS * length }, () => (rand() < 0.5 ? -1 : 1));
    this.rotated = new Float32Array(length);
  }

  /** Bumped by every change, so callers can cache answers for one state of the index. */
  version = 0;

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  /**
   * The sign hash: bit i is the sign of coordinate i of the vector under a fixed random rotation (sign flips and
   * Walsh-Hadamard transforms, O(d log d)). Hamming distance between two hashes then estimates the angle
   * between the vectors, with 512 nearly independent bits.
   */
  private hash(v: Float32Array, out: Uint32Array, at: number): void {
    const x = this.rotated;
    const n = this.rotationLength;
    x.fill(0);
    x.set(v);
    for (let r = 0; r < ROUNDS; r++) {
      const signs = r * n;
      for (let i = 0; i < n; i++) x[i]! *= this.signs[signs + i]!;
      for (let h = 1; h < n; h *= 2)
        for (let i = 0; i < n; i += h * 2)
          for (let j = i; j < i + h; j++) {
            const a = x[j]!;
            const b = x[j + h]!;
            x[j] = a + b;
            x[j + h] = a - b;
          }
    }
    for (let w = 0; w < WORDS; w++) {
      let word = 0;
      for (let b = 0; b < 32; b++) if (x[w * 32 + b]! > 0) word |= 1 << b;
      out[at + w] = word >>> 0;
    }
  }

  /** Room for `capacity` slots: grows the memory and moves hashes and vectors up to their new places. */
  private grow(capacity: number): void {
    const old = this.at;
    const size = this.ids.length;
    const at = layout(capacity, this.dims);
    const pages = Math.ceil(at.end / 65536) - this.memory.buffer.byteLength / 65536;
    if (pages > 0) this.memory.grow(pages);
    const bytes = new Uint8Array(this.memory.buffer);
    // Every region only moves up: the last first, so nothing is overwritten before it is moved.
    bytes.copyWithin(at.data, old.data, old.data + size * this.dims * 4);
    bytes.copyWithin(at.codes, old.codes, old.codes + size * WORDS * 4);
    this.capacity = capacity;
    this.at = at;
    this.views();
  }

  private views(): void {
    const buffer = this.memory.buffer;
    const at = this.at;
    const capacity = this.capacity;
    this.data = new Float32Array(buffer, at.data, capacity * this.dims);
    this.codes = new Uint32Array(buffer, at.codes, capacity * WORDS);
    this.query = new Float32Array(buffer, at.query, this.dims);
    this.qc = new Uint32Array(buffer, at.qcode, WORDS);
    this.hist = new Uint32Array(buffer, at.hist, BITS + 1);
    this.picked = new Int32Array(buffer, at.slots, capacity);
    this.sims = new Float32Array(buffer, at.sims, capacity);
  }

  upsert(id: string, v: Float32Array): void {
    if (v.length !== this.dims) throw new Error(`vector has ${v.length} dimensions, expected ${this.dims}`);
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      if (slot + 1 > this.capacity) this.grow(this.capacity * 2);
      this.ids.push(id);
      this.slots.set(id, slot);
    }
    this.data.set(v, slot * this.dims);
    this.hash(v, this.codes, slot * WORDS);
    this.version++;
  }

  remove(id: string): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    const last = this.ids.length - 1;
    const lastId = this.ids[last]!;
    if (slot !== last) {
      this.data.copyWithin(slot * this.dims, last * this.dims, (last + 1) * this.dims);
      this.codes.copyWithin(slot * WORDS, last * WORDS, (last + 1) * WORDS);
      this.ids[slot] = lastId;
      this.slots.set(lastId, slot);
    }
    this.ids.pop();
    this.slots.delete(id);
    this.version++;
  }

  private dot(slot: number, q: Float32Array): number {
    const d = this.dims;
    const data = this.data;
    const off = slot * d;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let i = 0;
    for (; i + 3 < d; i += 4) {
      a0 += data[off + i]! * q[i]!;
      a1 += data[off + i + 1]! * q[i + 1]!;
      a2 += data[off + i + 2]! * q[i + 2]!;
      a3 += data[off + i + 3]! * q[i + 3]!;
    }
    for (; i < d; i++) a0 += data[off + i]! * q[i]!;
    return a0 + a1 + a2 + a3;
  }

  // Per-query scratch in the memory, reused: a query allocates nothing in proportion to the index.
  private query = new Float32Array(0);
  private qc = new Uint32Array(0);
  private hist = new Uint32Array(0);
  private picked = new Int32Array(0);
  private sims = new Float32Array(0);

  /**
   * Slots to rank exactly (the first `count` of the returned array): all of them (null), or the `candidates`
   * nearest by sign-hash Hamming distance (ties at the cut included). Two passes, both in the kernels: first
   * the distance over the hash's first half, for every slot (the hash's bits are alike, so half of them ranks
   * nearly as well); then, for the PREFILTER x `want` nearest by that, the second half, and the `want` nearest
   * by the whole hash are kept.
   */
  private shortlist(q: Float32Array, k: number): { slots: Int32Array; count: number } | null {
    const n = this.ids.length;
    const want = Math.max(this.candidates, k * 10);
    if (n <= this.exactUpTo || n <= want) return null;
    const at = this.at;
    const hist = this.hist;
    this.hash(q, this.qc, 0);
    hist.fill(0);
    this.k.half(at.codes, at.qcode, n, at.dist, at.hist, 0);
    const firstLimit = cut(hist, Math.min(n, want * PREFILTER));
    let count = this.k.pick(at.dist, n, firstLimit, at.slots, 0, 0);
    hist.fill(0);
    this.k.full(at.codes, at.qcode, at.slots, count, at.dist, at.hist);
    count = this.k.keep(at.dist, count, cut(hist, want), at.slots, 0, 0);
    return { slots: this.picked, count };
  }

  /** The k most similar entries, most similar first; optionally only those at or above `minSimilarity`. */
  search(q: Float32Array, k: number, minSimilarity = -1): Hit[] {
    // Bounded top-k: sims of the current best kept in ascending order (k is small).
    const topSim: number[] = [];
    const topSlot: number[] = [];
    let floor = minSimilarity;
    const list = this.shortlist(q, k);
    const slots = list?.slots;
    const count = list ? list.count : this.ids.length;
    // The shortlist's similarities in one kernel call (f32 lanes; the exact scan below sums in JS doubles).
    const simd = list !== null && this.dims % 4 === 0;
    if (simd) {
      this.query.set(q);
      this.k.dots(this.at.query, this.at.data, this.at.slots, count, this.dims, this.at.sims);
    }
    const sims = this.sims;
    for (let c = 0; c < count; c++) {
      const s = slots ? slots[c]! : c;
      const sim = simd ? sims[c]! : this.dot(s, q);
      if (sim < floor) continue;
      let at = 0;
      while (at < topSim.length && topSim[at]! < sim) at++;
      topSim.splice(at, 0, sim);
      topSlot.splice(at, 0, s);
      if (topSim.length > k) {
        topSim.shift();
        topSlot.shift();
        floor = Math.max(floor, topSim[0]!);
      }
    }
    const out: Hit[] = [];
    for (let i = topSim.length - 1; i >= 0; i--)
      out.push({ id: this.ids[topSlot[i]!]!, similarity: topSim[i]! });
    return out;
  }
}

/** Byte offsets of the regions in an index's memory for `capacity` slots (each 16-byte aligned). */
function layout(capacity: number, dims: number) {
  let end = 0;
  const region = (bytes: number) => {
    const start = end;
    end += Math.ceil(bytes / 16) * 16;
    return start;
  };
  const query = region(dims * 4);
  const qcode = region(WORDS * 4);
  const hist = region((BITS + 1) * 4);
  const slots = region(capacity * 4);
  const dist = region(capacity * 2);
  const sims = region(capacity * 4);
  const codes = region(capacity * WORDS * 4);
  const data = region(capacity * dims * 4);
  return { query, qcode, hist, slots, dist, sims, codes, data, end };
}
