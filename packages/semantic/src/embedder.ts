import { endianness } from "node:os";
import { Worker } from "node:worker_threads";

/** Vector width of the bundled model (Universal Sentence Encoder lite). */
export const DIMENSIONS = 512;

export interface Embedder {
  /** Unit-length vectors, one per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /** One text, through the cache (queries repeat: agents ask the same things). */
  embedCached(text: string): Promise<Float32Array>;
  /** Many texts through the cache: only the misses reach the model, in batches. */
  embedManyCached(texts: string[]): Promise<Float32Array[]>;
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export interface EmbedderOptions {
  /** Cached query vectors (least recently used dropped first). */
  cacheSize?: number;
  /** Texts per model call. */
  batchSize?: number;
}

type Pending = { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void };

/**
 * The embedding model in a worker thread: requests queue there one batch at a time, the event loop stays
 * free. Vectors come back normalised to unit length, so cosine similarity is a dot product.
 */
export function createEmbedder(opts: EmbedderOptions = {}): Embedder {
  const cacheSize = opts.cacheSize ?? 20_000;
  const batchSize = opts.batchSize ?? 32;
  const worker = new Worker(new URL("./embed-worker.mjs", import.meta.url));
  worker.unref();
  const pending = new Map<number, Pending>();
  let seq = 0;
  let closed = false;
  const ready = new Promise<void>((resolve, reject) => {
    const onReady = (m: { ready?: boolean; error?: string }) => {
      if (m.ready === undefined) return;
      worker.off("message", onReady);
      m.ready ? resolve() : reject(new Error(`embedding model failed to load: ${m.error}`));
    };
    worker.on("message", onReady);
  });
  ready.catch(() => undefined);
  worker.on("message", (m: { id?: number; vectors?: Float32Array[]; error?: string }) => {
    if (m.id === undefined) return;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.vectors) p.resolve(m.vectors.map(normalise));
    else p.reject(new Error(`embedding failed: ${m.error}`));
  });
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on("error", (err) => failAll(err));
  worker.on("exit", () => failAll(new Error("embedding worker exited")));

  const call = (texts: string[]) =>
    new Promise<Float32Array[]>((resolve, reject) => {
      if (closed) return reject(new Error("embedder closed"));
      const id = ++seq;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, texts });
    });

  const cache = new Map<string, Float32Array>();
  const inflight = new Map<string, Promise<Float32Array>>();

  const remember = (text: string, v: Float32Array) => {
    cache.set(text, v);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
  };
  const embed = async (texts: string[]) => {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += batchSize)
      out.push(...(await call(texts.slice(i, i + batchSize))));
    return out;
  };

  return {
    ready,
    embed,
    async embedManyCached(texts) {
      const misses = [...new Set(texts.filter((t) => !cache.has(t)))];
      const fresh = new Map<string, Float32Array>();
      const vectors = await embed(misses);
      for (const [i, t] of misses.entries()) {
        fresh.set(t, vectors[i]!);
        remember(t, vectors[i]!);
      }
      return texts.map((t) => fresh.get(t) ?? cache.get(t)!);
    },
    embedCached(text) {
      const hit = cache.get(text);
      if (hit) {
        cache.delete(text);
        cache.set(text, hit);
        return Promise.resolve(hit);
      }
      const running = inflight.get(text);
      if (running) return running;
      const p = call([text]).then(([v]) => {
        inflight.delete(text);
        if (!v) throw new Error("embedding failed: no vector");
        remember(text, v);
        return v;
      });
      p.catch(() => inflight.delete(text));
      inflight.set(text, p);
      return p;
    },
    async close() {
      closed = true;
      failAll(new Error("embedder closed"));
      await worker.terminate();
    },
  };
}

export function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  n = Math.sqrt(n);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

const LITTLE_ENDIAN = endianness() === "LE";

/** Stored form (bytea): little-endian float32. */
export const vectorToBytes = (v: Float32Array): Buffer => {
  const b = Buffer.alloc(v.length * 4);
  for (let i = 0; i < v.length; i++) b.writeFloatLE(v[i]!, i * 4);
  return b;
};
export const bytesToVector = (b: Uint8Array): Float32Array => {
  if (LITTLE_ENDIAN) {
    const copy = new Uint8Array(b.byteLength);
    copy.set(b);
    return new Float32Array(copy.buffer);
  }
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const v = new Float32Array(buf.byteLength / 4);
  for (let i = 0; i < v.length; i++) v[i] = buf.readFloatLE(i * 4);
  return v;
};
