import { createHash } from "node:crypto";
import { type Listener, listen } from "@tollgate/db";

export interface CachedAnswer {
  body: string;
  etag: string;
  at: number;
}

export const etagFor = (body: string) => `"${createHash("sha1").update(body).digest("base64url")}"`;

/**
 * Serialised listing answers kept in memory, dropped the moment a listing row changes (the `tollgate_listing`
 * notification every writer's transaction sends, migration 0015). Staleness is bounded twice: an entry is
 * never served older than `ttlMs` (also the bound for time-derived fields such as ages), and while the
 * LISTEN connection is down nothing is served from memory at all (notifications may be lost meanwhile).
 */
export class ListingCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private listener: Listener | null = null;
  /** Drops since start, globally (clear) and per id (invalidate): an answer read before a drop is not stored after it. */
  private epoch = 0;
  private readonly drops = new Map<string, number>();
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(private readonly opts: { ttlMs: number; max: number }) {}

  get ttlMs(): number {
    return this.opts.ttlMs;
  }

  /** Follow the database's change notifications; until this is called (or while it is down) nothing is cached. */
  follow(databaseUrl: string): this {
    this.listener = listen(databaseUrl, "tollgate_listing", {
      onNotify: (id) => this.invalidate(id),
      onUp: () => this.clear(),
      onDown: () => this.clear(),
    });
    return this;
  }

  get live(): boolean {
    return this.listener?.connected ?? false;
  }

  get(id: string, now = Date.now()): CachedAnswer | null {
    if (!this.live) return null;
    const e = this.entries.get(id);
    if (!e || now - e.at > this.opts.ttlMs) {
      this.stats.misses++;
      return null;
    }
    this.stats.hits++;
    return e;
  }

  /** Compute (or reuse) the answer for `id`; `load` returns the body as JSON text, or throws. */
  async answer(id: string, load: () => Promise<string>): Promise<CachedAnswer> {
    const hit = this.get(id);
    if (hit) return hit;
    const epoch = this.epoch;
    const drops = this.drops.get(id) ?? 0;
    const body = await load();
    const e = { body, etag: etagFor(body), at: Date.now() };
    // Stored only if the listing did not change while it was read (else the next read loads again).
    if (this.live && epoch === this.epoch && drops === (this.drops.get(id) ?? 0)) {
      if (this.entries.size >= this.opts.max) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(id, e);
    }
    return e;
  }

  invalidate(id: string): void {
    this.drops.set(id, (this.drops.get(id) ?? 0) + 1);
    this.stats.invalidations++;
    this.entries.delete(id);
  }

  clear(): void {
    this.epoch++;
    this.drops.clear();
    this.entries.clear();
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.clear();
  }
}

/** A small single-flight TTL cache for one expensive answer (the stats). */
export function ttlCache<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let value: { v: T; at: number } | null = null;
  let inflight: Promise<T> | null = null;
  return async () => {
    if (value && Date.now() - value.at <= ttlMs) return value.v;
    inflight ??= load()
      .then((v) => {
        value = { v, at: Date.now() };
        return v;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
}
