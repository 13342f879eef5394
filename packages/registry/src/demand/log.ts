import { createHash, randomUUID } from "node:crypto";
import type { Logger } from "@tollgate/platform";
import type { Queue } from "bullmq";
import { z } from "zod";
import type { SearchEvent } from "../listings/discover.js";

export const SEARCH_LOG_QUEUE = "search-log";

/** A search as queued for the aggregator: the client IP only as a salted hash. */
export const SearchLogJob = z.object({
  eventId: z.string().uuid(),
  at: z.string(),
  source: z.enum(["rest", "mcp"]),
  query: z.string().nullable(),
  category: z.string().nullable(),
  clientHash: z.string(),
  resultIds: z.array(z.string()),
  params: z.record(z.string(), z.unknown()),
});
export type SearchLogJob = z.infer<typeof SearchLogJob>;

/** Salted hash of a client address; the address itself is never stored. */
export function clientHash(ip: string, salt: string): string {
  return createHash("sha256").update(`${salt}\u0000${ip}`).digest("hex").slice(0, 32);
}

/**
 * The search-log producer for discover and the MCP search: fire-and-forget onto a BullMQ queue, so logging
 * never slows or fails a search; the queue (Redis) holds events until the aggregator stores them, so an
 * aggregator restart loses nothing. A failed enqueue (Redis away) is logged and the search answered anyway.
 */
export function searchLogProducer(queue: Queue, salt: string, log: Logger) {
  return (e: SearchEvent): void => {
    const job: SearchLogJob = {
      eventId: randomUUID(),
      at: e.at.toISOString(),
      source: e.source,
      query: e.query,
      category: e.category,
      clientHash: clientHash(e.clientIp, salt),
      resultIds: e.resultIds,
      params: e.params,
    };
    queue
      .add("search", job, {
        jobId: job.eventId,
        removeOnComplete: true,
        removeOnFail: { age: 7 * 86_400 },
        attempts: 5,
        backoff: { type: "exponential", delay: 1000 },
      })
      .catch((err) => log.warn({ err: String(err) }, "search not logged for demand"));
  };
}
