import { createHash, randomUUID } from "node:crypto";
import { clientKey, createLimiter, type Limiter, type Logger, type ProducerOf } from "@tollgate/platform";
import type { jobCatalog, SearchLogJob } from "@tollgate/schema";
import type { SearchEvent } from "../listings/discover.js";

/** Where searches are logged: `producer(jobCatalog.searchLog, …)` of `@tollgate/platform`. */
export type SearchLogQueue = Pick<ProducerOf<typeof jobCatalog.searchLog>, "add">;

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

/**
 * The search-log producer for discover and the MCP search: fire-and-forget onto a BullMQ queue, so logging
 * never slows or fails a search; the queue (Redis) holds events until the aggregator stores them, so an
 * aggregator restart loses nothing. A failed enqueue (Redis away) is logged and the search answered anyway.
 * `perClient` caps how many of one client's searches enter the log (keyed by client hash, in Redis so the
 * cap holds across replicas and across api and mcp): past it the search is answered but not logged, so one
 * client cannot outweigh the others in the searches counted.
 */
export function searchLogProducer(queue: SearchLogQueue, salt: string, log: Logger, perClient: Limiter) {
  const enqueue = async (e: SearchEvent) => {
    const hash = clientHash(e.clientIp, salt);
    if (!(await perClient.consume(hash)).ok) return;
    const job: SearchLogJob = {
      eventId: randomUUID(),
      at: e.at.toISOString(),
      source: e.source,
      query: e.query,
      category: e.category,
      clientHash: hash,
      resultIds: e.resultIds,
      ...(e.categories?.length ? { categories: e.categories } : {}),
      params: e.params,
    };
    // The catalog applies the job id (the event id) and the retry policy.
    await queue.add("search", job);
  };
  return (e: SearchEvent): void => {
    enqueue(e).catch((err) => log.warn({ err: String(err) }, "search not logged for demand"));
  };
}
