import type { QueueSpec } from "@tollgate/schema";
import {
  type BulkJobOptions,
  DelayedError,
  type Job,
  Queue,
  UnrecoverableError,
  Worker,
  type WorkerOptions,
} from "bullmq";
import type { Redis } from "ioredis";
import type { Registry } from "prom-client";
import { z } from "zod";
import type { Logger } from "./logger.js";
import { jobOutcomes } from "./metrics.js";
import { contextFrom, currentTraceCarrier, inSpan, SpanKind } from "./tracing.js";

/** A payload its queue's schema refuses: thrown by a producer before anything reaches Redis. */
export class InvalidJobPayload extends Error {
  override readonly name = "InvalidJobPayload";
  constructor(
    readonly queue: string,
    readonly issues: z.ZodError["issues"],
    message: string,
  ) {
    super(message);
  }
}

function parsePayload<P extends z.ZodType>(spec: QueueSpec<P, string>, data: unknown): z.output<P> {
  const parsed = spec.payload.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new InvalidJobPayload(
    spec.name,
    parsed.error.issues,
    `invalid ${spec.name} job payload: ${z.prettifyError(parsed.error)}`,
  );
}

/** Adds jobs to one queue of the catalog: payload checked, the catalog's options and job id applied. */
export interface JobProducer<P extends z.ZodType, N extends string> {
  readonly spec: QueueSpec<P, N>;
  /** The BullMQ queue, for reads (counts, jobs) and tests. */
  readonly queue: Queue;
  readonly connection: Redis;
  add(name: N, data: z.input<P>, opts?: BulkJobOptions): Promise<Job>;
  /** All or nothing: one invalid payload refuses the whole batch before any is added. */
  addBulk(jobs: readonly { name: N; data: z.input<P>; opts?: BulkJobOptions }[]): Promise<Job[]>;
  close(): Promise<void>;
}

/** The producer type of a catalog entry: `ProducerOf<typeof jobCatalog.probe>`. */
export type ProducerOf<S> = S extends QueueSpec<infer P, infer N> ? JobProducer<P, N> : never;

/**
 * A producer for `spec` on `connection` under `prefix`. Options given to `add` override the catalog's
 * defaults and its deterministic job id. On a request path pass a fail-fast connection (`producerRedis`).
 * Each `add`/`addBulk` runs in an `enqueue <queue>` span whose trace context is written into every job's
 * `trace` field (when a trace is active), so the worker that runs the job continues the same trace.
 */
export function producer<P extends z.ZodType, N extends string>(
  spec: QueueSpec<P, N>,
  connection: Redis,
  prefix: string,
): JobProducer<P, N> {
  const queue = new Queue(spec.name, { connection, prefix });
  const prepare = (name: N, data: z.input<P>, opts?: BulkJobOptions) => {
    const trace = currentTraceCarrier();
    const payload = parsePayload(spec, trace ? { ...(data as object), trace } : data);
    const jobId = spec.jobId?.(payload);
    return { name, data: payload, opts: { ...spec.defaults, ...(jobId ? { jobId } : {}), ...opts } };
  };
  return {
    spec,
    queue,
    connection,
    add: (name, data, opts) =>
      inSpan(
        `enqueue ${spec.name}`,
        { kind: SpanKind.PRODUCER, attributes: enqueueAttributes(spec, 1) },
        () => {
          const job = prepare(name, data, opts);
          return queue.add(job.name, job.data, job.opts);
        },
      ),
    addBulk: (jobs) =>
      inSpan(
        `enqueue ${spec.name}`,
        { kind: SpanKind.PRODUCER, attributes: enqueueAttributes(spec, jobs.length) },
        () => queue.addBulk(jobs.map((j) => prepare(j.name, j.data, j.opts))),
      ),
    close: () => queue.close(),
  };
}

const enqueueAttributes = (spec: QueueSpec, count: number) => ({
  "messaging.system": "bullmq",
  "messaging.destination.name": spec.name,
  "messaging.batch.message_count": count,
});

export interface JobWorkerOptions extends Omit<WorkerOptions, "connection" | "prefix"> {
  /** A worker connection (`workerRedis`: commands wait through reconnects). */
  connection: Redis;
  prefix: string;
  log: Logger;
  /** The service's registry: finished jobs are counted in `tollgate_jobs_total{queue,outcome}`. */
  registry?: Registry;
}

/**
 * A worker for `spec`: `process` gets the payload parsed by the catalog's schema. A payload (or job name)
 * the catalog does not know fails the job as an `UnrecoverableError`, never retried. Connection errors
 * and failed jobs are logged the same way for every queue. Concurrency and lock duration default to the
 * catalog's; `opts` overrides them. Each job runs in a `process <queue>` span, a child of the enqueue span
 * named by the job's `trace` field (one trace from the request that queued it to the worker that ran it).
 */
export function worker<P extends z.ZodType, N extends string, R>(
  spec: QueueSpec<P, N>,
  process: (payload: z.output<P>, job: Job<unknown, R, N>, token: string | undefined) => Promise<R>,
  opts: JobWorkerOptions,
): Worker<unknown, R, N> {
  const { log, registry, ...workerOpts } = opts;
  const names: readonly string[] = spec.jobNames;
  const w = new Worker<unknown, R, N>(
    spec.name,
    async (job, token) => {
      const carrier = (job.data as { trace?: unknown } | null)?.trace;
      return inSpan(
        `process ${spec.name}`,
        {
          kind: SpanKind.CONSUMER,
          isError: (err) => !(err instanceof DelayedError),
          parent: contextFrom(isCarrier(carrier) ? carrier : undefined),
          attributes: {
            "messaging.system": "bullmq",
            "messaging.destination.name": spec.name,
            "messaging.message.id": job.id ?? "",
            "bullmq.job.name": job.name,
            "bullmq.job.attempt": job.attemptsMade + 1,
          },
        },
        async () => {
          if (!names.includes(job.name))
            throw new UnrecoverableError(`unknown job name on ${spec.name}: ${JSON.stringify(job.name)}`);
          let payload: z.output<P>;
          try {
            payload = parsePayload(spec, job.data);
          } catch (err) {
            throw new UnrecoverableError((err as Error).message);
          }
          return process(payload, job, token);
        },
      );
    },
    {
      concurrency: spec.worker.concurrency,
      ...(spec.worker.lockDurationMs ? { lockDuration: spec.worker.lockDurationMs } : {}),
      ...workerOpts,
    },
  );
  w.on("error", (err) => log.warn({ queue: spec.name, err: String(err) }, "worker error (will retry)"));
  const outcomes = registry ? jobOutcomes(registry) : null;
  if (outcomes) w.on("completed", () => outcomes.inc({ queue: spec.name, outcome: "completed" }));
  w.on("failed", (job, err) => {
    // A job moved back to delayed (politeness) is not a failure.
    if (err instanceof DelayedError) return;
    outcomes?.inc({ queue: spec.name, outcome: "failed" });
    const retrying =
      !!job && !(err instanceof UnrecoverableError) && job.attemptsMade < (job.opts.attempts ?? 1);
    log.warn(
      {
        queue: spec.name,
        job: job?.id,
        jobName: job?.name,
        attempt: job?.attemptsMade,
        retrying,
        err: err.message,
      },
      "job failed",
    );
  });
  return w;
}

const isCarrier = (v: unknown): v is Record<string, string> =>
  typeof v === "object" && v !== null && Object.values(v).every((x) => typeof x === "string");

/** A job scheduler: a job named `name` added every `every` ms; `id` is shared by every replica. */
export interface Schedule<N extends string> {
  id: string;
  every: number;
  name: N;
}

/**
 * Upserts the job schedulers of a queue (throws if that fails at start) and upserts them again on every
 * Redis `ready`: a Redis that restarted empty has lost them. A failed re-upsert is logged as an error and
 * tried again on the next reconnect. `close()` stops listening; the schedulers stay for other replicas.
 */
export async function schedulers<P extends z.ZodType, N extends string>(
  target: JobProducer<P, N>,
  schedules: readonly Schedule<N>[],
  log: Logger,
): Promise<{ close(): void }> {
  const { spec, queue, connection } = target;
  const data = parsePayload(spec, {});
  const upsert = async () => {
    for (const s of schedules)
      await queue.upsertJobScheduler(s.id, { every: s.every }, { name: s.name, data, opts: spec.defaults });
  };
  await upsert();
  const onReady = () => {
    upsert().catch((err) =>
      log.error(
        { queue: spec.name, schedulers: schedules.map((s) => s.id), err: String(err) },
        "job scheduler upsert failed (tried again on the next reconnect)",
      ),
    );
  };
  connection.on("ready", onReady);
  return {
    close() {
      connection.off("ready", onReady);
    },
  };
}
