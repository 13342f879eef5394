import { createHash, randomUUID } from "node:crypto";
import {
  clientKey,
  createLimiter,
  currentTraceCarrier,
  InvalidJobPayload,
  type Limiter,
  type Logger,
  type ProducerOf,
} from "@tollgate/platform";
import type { jobCatalog, SearchLogJob } from "@tollgate/schema";
import type { SearchEvent } from "../listings/discover.js";

/** Where searches are logged: `producer(jobCatalog.searchLog, …)` of `@tollgate/platform`. */
export type SearchLogQueue = Pick<ProducerOf<typeof jobCatalog.searchLog>, "add" | "addBulk">;

/**
 * Salted hash of a client, counted by its key (an IPv4 address, an IPv6 /64: see `clientKey`); the address
 * itself is never stored. Distinct clients (the k-floor) and seller self-checks compare these hashes.
 */
export function clientHash(ip: string, salt: string): string {
  return createHash("sha256")
    .update(`${salt}\u0000${clientKey(ip)}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * The per-client cap of logged searches, `perHour` per client per hour; one Redis key space for every api
 * and mcp replica under the same queue prefix.
 */
export function searchLogCap(redis: Parameters<typeof createLimiter>[0], prefix: string, perHour: number) {
  return createLimiter(redis, { prefix: `${prefix}:rl:search-log`, points: perHour, durationS: 3600 });
}

/** The search logger `searchLogProducer` returns: call it per search; `flush` sends what is buffered (shutdown). */
export interface SearchLogger {
  (e: SearchEvent): void;
  flush(): Promise<void>;
}

/**
 * The search-log producer for discover and the MCP search: fire-and-forget onto a BullMQ queue, so logging
 * never slows or fails a search; the queue (Redis) holds events until the aggregator stores them, so an
 * aggregator restart loses nothing. A failed enqueue (Redis away) is logged and the search answered anyway.
 * `perClient` caps how many of one client's searches enter the log (keyed by client hash, in Redis so the
 * cap holds across replicas and across api and mcp): past it the search is answered but not logged, so one
 * client cannot outweigh the others in the searches counted.
 *
 * Searches are gathered for `batchMs` (or `maxBatch` searches) and sent together: their cap checks in one
 * go (one write on an auto-pipelining connection) and the admitted ones in one `addBulk`, instead of two
 * Redis round trips per search. A search made inside a trace is sent alone, at once, as before: its enqueue
 * span stays a child of the request's and the job carries that trace to the worker.
 */
export function searchLogProducer(
  queue: SearchLogQueue,
  salt: string,
  log: Logger,
  perClient: Limiter,
  opts: { batchMs?: number; maxBatch?: number } = {},
): SearchLogger {
  const batchMs = opts.batchMs ?? 10;
  const maxBatch = opts.maxBatch ?? 200;
  const toJob = (e: SearchEvent, hash: string): SearchLogJob => ({
    eventId: randomUUID(),
    at: e.at.toISOString(),
    source: e.source,
    query: e.query,
    category: e.category,
    clientHash: hash,
    resultIds: e.resultIds,
    ...(e.categories?.length ? { categories: e.categories } : {}),
    params: e.params,
  });
  const warn = (err: unknown, searches = 1) =>
    log.warn({ err: String(err), searches }, "search not logged for demand");
  const enqueue = async (e: SearchEvent) => {
    const hash = clientHash(e.clientIp, salt);
    if (!(await perClient.consume(hash)).ok) return;
    // The catalog applies the job id (the event id) and the retry policy.
    await queue.add("search", toJob(e, hash));
  };
  let pending: SearchEvent[] = [];
  let timer: NodeJS.Timeout | null = null;
  const sending = new Set<Promise<void>>();
  const send = async (batch: SearchEvent[]) => {
    const hashes = batch.map((e) => clientHash(e.clientIp, salt));
    const caps = await Promise.allSettled(hashes.map((h) => perClient.consume(h)));
    const jobs: { name: "search"; data: SearchLogJob }[] = [];
    caps.forEach((cap, i) => {
      if (cap.status === "rejected") warn(cap.reason);
      else if (cap.value.ok) jobs.push({ name: "search", data: toJob(batch[i]!, hashes[i]!) });
    });
    if (jobs.length === 0) return;
    try {
      await queue.addBulk(jobs);
    } catch (err) {
      if (!(err instanceof InvalidJobPayload)) return warn(err, jobs.length);
      // One payload the catalog refuses refuses the batch: the others are sent one by one.
      for (const j of jobs) await queue.add("search", j.data).catch((e: unknown) => warn(e));
    }
  };
  const flushNow = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    const p = send(batch)
      .catch((err: unknown) => warn(err, batch.length))
      .finally(() => sending.delete(p));
    sending.add(p);
  };
  const logSearch = (e: SearchEvent): void => {
    if (currentTraceCarrier()) {
      enqueue(e).catch((err: unknown) => warn(err));
      return;
    }
    pending.push(e);
    if (pending.length >= maxBatch) flushNow();
    else timer ??= setTimeout(flushNow, batchMs);
  };
  logSearch.flush = async () => {
    flushNow();
    await Promise.all([...sending]);
  };
  return logSearch;
}
