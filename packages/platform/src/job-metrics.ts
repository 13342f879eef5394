import type { QueueSpec } from "@tollgate/schema";
import type { Redis } from "ioredis";
import { Gauge, type Registry } from "prom-client";
import { producer } from "./jobs.js";
import type { Logger } from "./logger.js";

/** Job states counted per queue (BullMQ `getJobCounts`). */
const STATES = ["waiting", "prioritized", "active", "delayed", "failed"] as const;
/** Prioritized jobs looked at for the oldest one (a sorted set ordered by priority, not by age). */
const PRIORITIZED_SCAN = 100;

interface QueueReading {
  counts: Record<(typeof STATES)[number], number>;
  /** Age in seconds of the oldest job ready to run and not taken; 0 when none waits. */
  oldestAgeS: number;
}

/**
 * Queue depth and age of the oldest waiting job for each queue in `specs`, read from Redis when Prometheus
 * scrapes (never on a timer): `tollgate_queue_depth{queue}` (waiting + prioritized: ready to run, not
 * taken; what KEDA scales on), `tollgate_queue_jobs{queue,state}` and
 * `tollgate_queue_oldest_waiting_age_seconds{queue}`. A read that fails or takes longer than `timeoutMs`
 * (Redis away) leaves the families empty for that scrape rather than repeating stale values.
 * Returns a closer for the queue handles it opened.
 */
export function queueMetrics(
  registry: Registry,
  o: { specs: readonly QueueSpec[]; connection: Redis; prefix: string; log: Logger; timeoutMs?: number },
): { close(): Promise<void> } {
  const queues = o.specs.map((spec) => producer(spec, o.connection, o.prefix));
  const timeoutMs = o.timeoutMs ?? 2000;
  // The three families are collected in one scrape: one Redis read per queue serves them all.
  let pending: Promise<Map<string, QueueReading> | null> | null = null;
  const read = () => {
    pending ??= readAll(queues, timeoutMs)
      .catch((err) => {
        o.log.warn({ err: String(err) }, "queue metrics unavailable for this scrape");
        return null;
      })
      .finally(() => setTimeout(() => (pending = null), 0));
    return pending;
  };
  new Gauge({
    name: "tollgate_queue_depth",
    help: "Jobs ready to run and not taken yet (waiting + prioritized), per queue",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      const r = await read();
      this.reset();
      if (r) for (const [queue, q] of r) this.set({ queue }, q.counts.waiting + q.counts.prioritized);
    },
  });
  new Gauge({
    name: "tollgate_queue_jobs",
    help: "Jobs per queue and state (waiting, prioritized, active, delayed, failed)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      const r = await read();
      this.reset();
      if (r)
        for (const [queue, q] of r) for (const state of STATES) this.set({ queue, state }, q.counts[state]);
    },
  });
  new Gauge({
    name: "tollgate_queue_oldest_waiting_age_seconds",
    help: "Age of the oldest job ready to run and not taken yet, per queue (0 when none waits)",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      const r = await read();
      this.reset();
      if (r) for (const [queue, q] of r) this.set({ queue }, q.oldestAgeS);
    },
  });
  return {
    async close() {
      await Promise.all(queues.map((q) => q.close()));
    },
  };
}

async function readAll(
  queues: readonly ReturnType<typeof producer>[],
  timeoutMs: number,
): Promise<Map<string, QueueReading>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`queue read timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const readings = await Promise.race([Promise.all(queues.map(readQueue)), timeout]);
    return new Map(readings);
  } finally {
    clearTimeout(timer);
  }
}

async function readQueue(p: ReturnType<typeof producer>): Promise<[string, QueueReading]> {
  const { queue } = p;
  const [counts, oldestWaiting, prioritized] = await Promise.all([
    queue.getJobCounts(...STATES),
    // The wait list is taken from its far end: ascending order starts with the job waiting longest.
    queue.getJobs(["wait"], 0, 0, true),
    queue.getJobs(["prioritized"], 0, PRIORITIZED_SCAN - 1, true),
  ]);
  const now = Date.now();
  let oldest = now;
  for (const job of [...oldestWaiting, ...prioritized])
    if (job) oldest = Math.min(oldest, job.timestamp + (job.opts.delay ?? 0));
  return [
    p.spec.name,
    {
      counts: Object.fromEntries(STATES.map((s) => [s, counts[s] ?? 0])) as QueueReading["counts"],
      oldestAgeS: Math.max(0, (now - oldest) / 1000),
    },
  ];
}
