import { createHash } from "node:crypto";
import { type Listener, listen } from "@tollgate/db";

export interface CachedAnswer {
  /** The answer's JSON text (decoded from `bytes` when read: the hot path serves the bytes). */
  readonly body: string;
  /** The same text as UTF-8, kept once: an answer from memory is written without encoding it again. */
  bytes: Buffer;
  etag: string;
  at: number;
}

/** A kept answer for JSON text `body` (only its UTF-8 bytes are held). */
export function cachedAnswer(body: string, at: number): CachedAnswer {
  const bytes = Buffer.from(body);
  return {
    bytes,
    etag: etagFor(body),
    at,
    get body() {
      return bytes.toString();
    },
  };
}

/** Share of its lifetime after which a served answer is renewed behind the request (`ListingCache.hit`). */
const REFRESH_AT = 0.8;

export const etagFor = (body: string) => `"${createHash("sha1").update(body).digest("base64url")}"`;

/**
 * Whether an `If-None-Match` header matches the current `etag` (RFC 9110 §13.1.2): `*` matches any current
 * representation; otherwise weak comparison, so `W/"x"` — what a CDN that compresses answers sends back — matches
 * `"x"`. A GET it matches is answered 304.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === opaque;
  });
}

/**
 * Serialised listing answers kept in memory, dropped the moment a listing row changes (the `tollgate_listing`
 * notification every writer's transaction sends, migration 0015). Staleness is bounded twice: an entry is
 * never served older than `ttlMs` (also the bound for time-derived fields such as ages), and while the
 * LISTEN connection is down nothing is served from memory at all (notifications may be lost meanwhile).
 */
export class ListingCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private listener: Listener | null = null;
  /**
   * Loads in flight, one per listing id: a request for an id being loaded waits for that load. A drop
   * (invalidate, clear) marks the load dropped and forgets it, so its answer (possibly read before the change)
   * is not stored and a request after the change starts its own load. Only loads in flight are held, so this
   * stays as small as the concurrency, whatever the number of listings that change.
   */
  private readonly loading = new Map<string, { promise: Promise<CachedAnswer>; dropped: boolean }>();
  /** Told of every drop: a listing id, or null when everything was dropped (connection up or down). */
  private readonly watchers = new Set<(id: string | null) => void>();
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  /** Be told of every change notification (id) and of every full drop (null). */
  watch(fn: (id: string | null) => void): void {
    this.watchers.add(fn);
  }

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

  /**
   * The kept answer for `id`, or null. A hit past `REFRESH_AT` of its lifetime is still served, and one reload
   * starts behind it: hot answers are renewed before they expire instead of all expiring together and being
   * loaded on the request path at once (with 10 clients on 200 listings that burst set the p99).
   */
  hit(id: string, load: () => Promise<string>): CachedAnswer | null {
    const now = Date.now();
    const e = this.get(id, now);
    if (e && now - e.at > this.opts.ttlMs * REFRESH_AT && !this.loading.has(id))
      this.fill(id, load).catch(() => {
        // a failed renewal changes nothing: the answer expires and the next request loads (and fails) itself
      });
    return e;
  }

  /** Compute (or reuse) the answer for `id`; `load` returns the body as JSON text, or throws. */
  async answer(id: string, load: () => Promise<string>): Promise<CachedAnswer> {
    return this.hit(id, load) ?? this.fill(id, load);
  }

  private fill(id: string, load: () => Promise<string>): Promise<CachedAnswer> {
    const inflight = this.loading.get(id);
    if (inflight) return inflight.promise;
    const flight = { promise: Promise.resolve(null as unknown as CachedAnswer), dropped: false };
    flight.promise = this.load(id, load, flight).finally(() => {
      if (this.loading.get(id) === flight) this.loading.delete(id);
    });
    this.loading.set(id, flight);
    return flight.promise;
  }

  private async load(
    id: string,
    load: () => Promise<string>,
    flight: { dropped: boolean },
  ): Promise<CachedAnswer> {
    const body = await load();
    const now = Date.now();
    const e = cachedAnswer(body, now);
    // Stored only if the listing did not change while it was read (else the next read loads again).
    if (this.live && !flight.dropped) {
      sweepExpired(this.entries, now, this.opts.ttlMs);
      this.entries.delete(id);
      if (this.entries.size >= this.opts.max) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(id, e);
    }
    return e;
  }

  invalidate(id: string): void {
    const flight = this.loading.get(id);
    if (flight) flight.dropped = true;
    this.loading.delete(id);
    this.stats.invalidations++;
    this.entries.delete(id);
    for (const w of this.watchers) w(id);
  }

  clear(): void {
    for (const flight of this.loading.values()) flight.dropped = true;
    this.loading.clear();
    this.entries.clear();
    for (const w of this.watchers) w(null);
  }

  /** Answers held in memory (expired ones are let go as new ones are stored). */
  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.clear();
  }
}

export interface KeptDiscover<E> {
  body: string;
  etag: string;
  /** The search event to log again for each request served from memory (demand counts every search). */
  event: E;
  at: number;
}

/**
 * Serialised discover answers, riding on the listing cache's change notifications. An answer matched by
 * meaning depends only on the listings the matcher returned and those it shows: it is dropped when one of them
 * changes, or when a listing the semantic index does not hold changes (a new listing is matched by text until
 * it is embedded, so it could join any answer). Any other answer (matched by text, no q) depends on every
 * listing and is dropped on any change. Keys carry the matcher's state (model ready, index version), so an
 * answer is never served across an embedding change. Never older than `ttlMs`; nothing is served while the
 * LISTEN connection is down.
 */
export class DiscoverCache<E> {
  private readonly entries = new Map<string, KeptDiscover<E> & { deps: Set<string> | null }>();
  /** Keys by listing id they depend on; `anyChange` keys depend on every listing. */
  private readonly byListing = new Map<string, Set<string>>();
  private readonly anyChange = new Set<string>();
  private generation = 0;
  /** The latest changes (generation, listing id or null for all), to tell whether one touched an answer in flight. */
  private readonly recent: { generation: number; id: string | null }[] = [];
  /** Computations in flight by key (`compute`); forgotten on every change. */
  private readonly computing = new Map<string, Promise<unknown>>();
  readonly stats = { hits: 0, misses: 0, drops: 0 };

  constructor(
    private readonly listings: ListingCache,
    private readonly opts: { ttlMs: number; max: number; isIndexed: (id: string) => boolean },
  ) {
    listings.watch((id) => {
      this.generation++;
      this.computing.clear();
      this.recent.push({ generation: this.generation, id });
      if (this.recent.length > 1000) this.recent.splice(0, 500);
      if (id === null || !opts.isIndexed(id)) return this.clear();
      for (const key of [...(this.byListing.get(id) ?? []), ...this.anyChange]) this.drop(key);
    });
  }

  /** The generation to pass to `keep`: an answer computed across a change is not kept. */
  get current(): number {
    return this.generation;
  }

  get(key: string, now = Date.now()): KeptDiscover<E> | null {
    if (!this.listings.live) return null;
    const e = this.entries.get(key);
    if (!e || now - e.at > this.opts.ttlMs) {
      this.stats.misses++;
      return null;
    }
    this.stats.hits++;
    return e;
  }

  get ttlMs(): number {
    return this.opts.ttlMs;
  }

  /**
   * Run `fn` for `key` once for everyone asking meanwhile (`joined`: this caller waited for another's run).
   * Every change notification forgets the runs in flight, so a request after a change never gets an answer
   * begun before it (whether the answer may be kept is still `keep`'s decision).
   */
  compute<T>(key: string, fn: () => Promise<T>): Promise<T & { joined: boolean }> {
    const inflight = this.computing.get(key) as Promise<T> | undefined;
    if (inflight) return inflight.then((v) => ({ ...v, joined: true }));
    const p: Promise<T> = fn().finally(() => {
      if (this.computing.get(key) === p) this.computing.delete(key);
    });
    this.computing.set(key, p);
    return p.then((v) => ({ ...v, joined: false }));
  }

  /** Whether an answer is kept for `key` (served as `get` would), without counting a hit or a miss. */
  peek(key: string, now = Date.now()): boolean {
    const e = this.listings.live ? this.entries.get(key) : undefined;
    return e !== undefined && now - e.at <= this.opts.ttlMs;
  }

  /** Keep an answer computed since `generation`; `deps` null means it depends on every listing. */
  keep(
    key: string,
    generation: number,
    body: string,
    event: E,
    deps: Iterable<string> | null,
  ): KeptDiscover<E> {
    const e = { body, etag: etagFor(body), event, at: Date.now(), deps: deps ? new Set(deps) : null };
    if (!this.listings.live || this.touchedSince(generation, e.deps)) return e;
    this.drop(key);
    for (const [k, old] of this.entries) {
      if (e.at - old.at <= this.opts.ttlMs) break;
      this.drop(k);
    }
    if (this.entries.size >= this.opts.max) this.drop(this.entries.keys().next().value as string);
    this.entries.set(key, e);
    if (!e.deps) this.anyChange.add(key);
    else
      for (const id of e.deps) {
        const keys = this.byListing.get(id) ?? new Set<string>();
        keys.add(key);
        this.byListing.set(id, keys);
      }
    return e;
  }

  /** Whether a change since `generation` may have changed an answer depending on `deps`. */
  private touchedSince(generation: number, deps: Set<string> | null): boolean {
    if (generation === this.generation) return false;
    if (!deps || (this.recent[0]?.generation ?? Number.POSITIVE_INFINITY) > generation + 1) return true;
    return this.recent.some(
      (c) => c.generation > generation && (c.id === null || deps.has(c.id) || !this.opts.isIndexed(c.id)),
    );
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.stats.drops++;
    this.entries.delete(key);
    if (!e.deps) this.anyChange.delete(key);
    else
      for (const id of e.deps) {
        const keys = this.byListing.get(id);
        keys?.delete(key);
        if (keys?.size === 0) this.byListing.delete(id);
      }
  }

  clear(): void {
    this.entries.clear();
    this.byListing.clear();
    this.anyChange.clear();
  }

  /** Answers held in memory (expired ones are let go as new ones are kept). */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * Lets go of expired answers from the oldest end. Entries are (re)inserted in time order, so the first one
 * still fresh ends the walk: a cache holds about what `ttlMs` of traffic stores, not `max` entries of
 * answers that can no longer be served (that was a steady climb of memory under never-repeated needs).
 */
function sweepExpired<V extends { at: number }>(entries: Map<string, V>, now: number, ttlMs: number): void {
  for (const [k, e] of entries) {
    if (now - e.at <= ttlMs) return;
    entries.delete(k);
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
