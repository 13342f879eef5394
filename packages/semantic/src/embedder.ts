import { endianness } from "node:os";
import { Worker } from "node:worker_threads";

/** Vector width of the bundled model (Universal Sentence Encoder lite). */
export const DIMENSIONS = 512;

export interface Embedder {
  /** Unit-length vectors, one per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /**
   * One text, through the cache (queries repeat: agents ask the same things). Concurrent misses share model
   * calls: those that arrive while one runs are embedded together when it returns.
   */
  embedCached(text: string): Promise<Float32Array>;
  /** Many texts through the cache: only the misses reach the model, in batches. */
  embedManyCached(texts: string[]): Promise<Float32Array[]>;
  readonly ready: Promise<void>;
  /**
   * The warm-up the worker did before it said ready (model calls made and their time), so the first searches
   * after a start do not pay for a cold model; null until ready, or from a worker that does not report it.
   * `synchronous`: the graph runs without its dynamic ops (embed-worker.mjs), checked equal on the warm-up texts;
   * `shapesFed`: for one text, the values that depend only on its shape are kept per shape and fed (same check).
   */
  readonly warmUp: { calls: number; ms: number; synchronous: boolean; shapesFed: boolean } | null;
  /** Model calls made and texts sent in them (queries and listings alike). */
  readonly stats: { calls: number; texts: number };
  close(): Promise<void>;
}

export interface EmbedderOptions {
  /** Cached query vectors (least recently used dropped first). */
  cacheSize?: number;
  /** Texts per model call. */
  batchSize?: number;
  /** The worker script (`embed-worker.mjs`'s messages); tests pass a stand-in for the model. */
  workerUrl?: URL;
}

type Pending = { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void };
type Waiter = { resolve: (v: Float32Array) => void; reject: (e: Error) => void };

/**
 * The embedding model in a worker thread: requests queue there one batch at a time, the event loop stays
 * free. Vectors come back normalised to unit length, so cosine similarity is a dot product.
 */
export function createEmbedder(opts: EmbedderOptions = {}): Embedder {
  const cacheSize = opts.cacheSize ?? 20_000;
  const batchSize = opts.batchSize ?? 32;
  const worker = new Worker(opts.workerUrl ?? new URL("./embed-worker.mjs", import.meta.url));
  const stats = { calls: 0, texts: 0 };
  worker.unref();
  const pending = new Map<number, Pending>();
  let seq = 0;
  let closed = false;
  let warmUp: Embedder["warmUp"] = null;
  const ready = new Promise<void>((resolve, reject) => {
    const onReady = (m: {
      ready?: boolean;
      error?: string;
      warmCalls?: number;
      warmMs?: number;
      synchronous?: boolean;
      shapesFed?: boolean;
    }) => {
      if (m.ready === undefined) return;
      worker.off("message", onReady);
      if (m.ready && typeof m.warmCalls === "number")
        warmUp = {
          calls: m.warmCalls,
          ms: m.warmMs ?? 0,
          synchronous: m.synchronous === true,
          shapesFed: m.shapesFed === true,
        };
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
  // A worker that has gone answers nothing more: later calls fail at once instead of waiting forever.
  let gone: Error | null = null;
  worker.on("error", (err) => failAll(err));
  worker.on("exit", () => {
    gone = new Error("embedding worker exited");
    failAll(gone);
  });

  const call = (texts: string[]) =>
    new Promise<Float32Array[]>((resolve, reject) => {
      if (closed) return reject(new Error("embedder closed"));
      if (gone) return reject(gone);
      const id = ++seq;
      pending.set(id, { resolve, reject });
      stats.calls++;
      stats.texts += texts.length;
      worker.postMessage({ id, texts });
    });

  const cache = new Map<string, Float32Array>();
  const inflight = new Map<string, Promise<Float32Array>>();

  // Query misses that arrive while the model is busy with a query call wait here and go as one call when it
  // returns: ten concurrent new needs cost one or two model calls, not ten queued one by one. A miss that finds
  // the model idle is sent at once, alone, so one agent waits for nothing more than its own call.
  const queued = new Map<string, Waiter>();
  let querying = false;
  const settle = (waiters: Waiter[], vectors: Float32Array[]) => {
    for (const [i, w] of waiters.entries()) {
      const v = vectors[i];
      if (v) w.resolve(v);
      else w.reject(new Error("embedding failed: no vector"));
    }
  };
  const flush = () => {
    if (querying || queued.size === 0) return;
    const batch = [...queued].slice(0, batchSize);
    for (const [t] of batch) queued.delete(t);
    const texts = batch.map(([t]) => t);
    const waiters = batch.map(([, w]) => w);
    querying = true;
    void send(texts, waiters).finally(() => {
      querying = false;
      flush();
    });
  };
  /** One model call; if it fails, each text alone, so a text the model rejects fails only its own callers. */
  const send = async (texts: string[], waiters: Waiter[]): Promise<void> => {
    try {
      settle(waiters, await call(texts));
    } catch (err) {
      if (texts.length === 1) return waiters[0]!.reject(err as Error);
      await Promise.all(texts.map((t, i) => send([t], [waiters[i]!])));
    }
  };
  const enqueue = (text: string) =>
    new Promise<Float32Array>((resolve, reject) => {
      queued.set(text, { resolve, reject });
      flush();
    });

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
    get warmUp() {
      return warmUp;
    },
    stats,
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
      const p = enqueue(text).then((v) => {
        inflight.delete(text);
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
