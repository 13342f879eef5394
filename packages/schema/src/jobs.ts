import { z } from "zod";

/**
 * The job catalog: every BullMQ queue of the system, its payload schema and its delivery policy, in one
 * place. Producers, workers and schedulers take an entry of `jobCatalog` (through the helpers of
 * `@tollgate/platform`), never a queue name: a payload is checked against the schema when enqueued and
 * again when a worker takes it.
 */

/** How long a kept job stays, the BullMQ `KeepJobs` shape (seconds and counts). */
export type KeepJobs = boolean | number | { age: number; count?: number } | { age?: number; count: number };

/** Options every job of a queue is added with (a subset of BullMQ's `JobsOptions`). */
export interface JobDefaults {
  /** Tries in all, the first included; a payload that fails its schema is never tried again. */
  attempts: number;
  backoff?: { type: "fixed" | "exponential"; delay: number };
  removeOnComplete: KeepJobs;
  removeOnFail: KeepJobs;
}

/** One queue: what it carries, the job names on it and how its jobs are delivered. */
export interface QueueSpec<Payload extends z.ZodType = z.ZodType, JobName extends string = string> {
  /** The BullMQ queue name (keys under the service's queue prefix). */
  readonly name: string;
  /** Who produces it, who consumes it, and why it is safe to deliver twice. */
  readonly doc: string;
  /** The job names on the queue; a scheduled queue names each kind of tick. */
  readonly jobNames: readonly [JobName, ...JobName[]];
  readonly payload: Payload;
  readonly defaults: JobDefaults;
  /**
   * The job id, where a duplicate must not run twice: BullMQ keeps one job per id while it is stored.
   * Ids must not contain ':'.
   */
  jobId?(payload: z.output<Payload>): string;
  /**
   * Worker defaults a service may override from its config. `lockDurationMs`: a job whose worker died is
   * redelivered after about this long (BullMQ renews the lock while the processor runs).
   */
  readonly worker: { readonly concurrency: number; readonly lockDurationMs?: number };
}

const defineQueue = <P extends z.ZodType, N extends string>(spec: QueueSpec<P, N>) => spec;

/**
 * The W3C trace context (`traceparent`, `tracestate`) of the request or job that enqueued a job, so the
 * worker's span joins the same trace. Set by the producer helper of `@tollgate/platform` when a trace is
 * active; optional on every payload.
 */
export const JobTrace = z
  .record(z.string().max(64), z.string().max(512))
  .refine((r) => Object.keys(r).length <= 4, "at most 4 trace fields");
export type JobTrace = z.infer<typeof JobTrace>;
const traced = { trace: JobTrace.optional() };

/** A scheduled tick: the job name says what to do, the payload is empty (a trace context at most). */
export const ScheduleTick = z.strictObject({ ...traced });
export type ScheduleTick = z.infer<typeof ScheduleTick>;

/** One listing's probe for one scheduled slot. */
export const ProbeSlot = z.object({ listingId: z.string().min(1), slot: z.number().int() });
export type ProbeSlot = z.infer<typeof ProbeSlot>;

/**
 * One probe of one listing for one scheduled slot, or of several (`more`): the scheduler packs due listings
 * into jobs of several, since BullMQ's Redis work (add, move to active, move to finished) is per job.
 */
export const ProbeJob = ProbeSlot.extend({ more: z.array(ProbeSlot).max(1000).optional(), ...traced });
export type ProbeJob = z.infer<typeof ProbeJob>;

/** Every probe a job carries, its first listing first. */
export const probeSlotsOf = (j: ProbeJob): ProbeSlot[] => [
  { listingId: j.listingId, slot: j.slot },
  ...(j.more ?? []).map((p) => ({ listingId: p.listingId, slot: p.slot })),
];

/**
 * Deterministic id: one job per listing and scheduled slot; a job of several is named by its first listing,
 * slot and size (a listing's own single job, e.g. one waiting for its host, keeps `<listing>-<slot>`).
 */
export const probeJobId = (j: ProbeJob) =>
  j.more?.length ? `${j.listingId}-${j.slot}-n${j.more.length + 1}` : `${j.listingId}-${j.slot}`;

/** A search as queued for the aggregator: the client IP only as a salted hash. */
export const SearchLogJob = z.object({
  eventId: z.string().uuid(),
  at: z.string(),
  source: z.enum(["rest", "mcp"]),
  query: z.string().nullable(),
  category: z.string().nullable(),
  clientHash: z.string(),
  resultIds: z.array(z.string()),
  /** The need's likely categories as the matcher inferred them (absent when matched by text). */
  categories: z.array(z.string().max(100)).max(26).optional(),
  params: z.record(z.string(), z.unknown()),
  ...traced,
});
export type SearchLogJob = z.infer<typeof SearchLogJob>;

/** One purchase for the scout to make: routine (due by rung) or owed by a verify-now plan. */
export const PurchaseJob = z.object({
  listingId: z.string().max(64),
  /** A verify-now plan's purchase (seq in the plan); absent for a routine purchase. */
  plan: z
    .object({ planId: z.string().regex(/^[\w-]{1,64}$/), seq: z.number().int().min(1).max(100) })
    .optional(),
  /** The listing's last purchase when the scheduler found it due (epoch ms, "never", or "plan"): part of the job id. */
  dueSince: z.string().regex(/^(\d{1,15}|never|plan)$/),
  ...traced,
});
export type PurchaseJob = z.infer<typeof PurchaseJob>;
export const purchaseJobId = (j: PurchaseJob) =>
  `${j.listingId}-${j.plan ? `plan-${j.plan.planId}-${j.plan.seq}` : `routine-${j.dueSince}`}`;

/**
 * A tick runs once: a failed one is superseded by the next. The last ticks are kept to look at, so a fast
 * schedule does not grow Redis without bound.
 */
const TICK_DEFAULTS: JobDefaults = {
  attempts: 1,
  removeOnComplete: { count: 100 },
  removeOnFail: { age: 7 * 86_400, count: 1000 },
};

export const jobCatalog = {
  probe: defineQueue({
    name: "probe",
    doc: "Probes of listings for their slots (one or several per job): enqueued by the probe-schedule tick, taken by every prober replica; id per (first listing, slot, size); a probe is recorded once per (listing, slot) by the database.",
    jobNames: ["probe"],
    payload: ProbeJob,
    defaults: {
      attempts: 3,
      backoff: { type: "exponential", delay: 2000 },
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 86_400 },
    },
    jobId: probeJobId,
    worker: { concurrency: 20, lockDurationMs: 30_000 },
  }),
  probeSchedule: defineQueue({
    name: "probe-schedule",
    doc: "The prober's ticks: claim-due claims due listings (SKIP LOCKED) and enqueues probes; retention rolls up old probes.",
    jobNames: ["claim-due", "retention"],
    payload: ScheduleTick,
    defaults: TICK_DEFAULTS,
    worker: { concurrency: 1 },
  }),
  searchLog: defineQueue({
    name: "search-log",
    doc: "Every logged search from discover and the MCP search: enqueued fire-and-forget by api and mcp, stored by the demand aggregator; id per event.",
    jobNames: ["search"],
    payload: SearchLogJob,
    defaults: {
      attempts: 5,
      backoff: { type: "exponential", delay: 1000 },
      removeOnComplete: true,
      removeOnFail: { age: 7 * 86_400 },
    },
    jobId: (j) => j.eventId,
    worker: { concurrency: 8 },
  }),
  demandSchedule: defineQueue({
    name: "demand-schedule",
    doc: "The demand aggregator's tick: snapshots rebuilds the paid demand snapshots (single writer).",
    jobNames: ["snapshots"],
    payload: ScheduleTick,
    defaults: TICK_DEFAULTS,
    worker: { concurrency: 1 },
  }),
  purchase: defineQueue({
    name: "purchase",
    doc: "One purchase by the scout: enqueued by the scout-schedule tick (plan purchases first), taken by every scout replica; id per (listing, plan seq or due time), so one due purchase is queued once. Paying twice is prevented by the database (one purchase in flight per listing, the listing re-read under lock).",
    jobNames: ["purchase"],
    payload: PurchaseJob,
    defaults: {
      attempts: 3,
      backoff: { type: "exponential", delay: 5000 },
      removeOnComplete: true,
      removeOnFail: { age: 3600 },
    },
    jobId: purchaseJobId,
    worker: { concurrency: 2, lockDurationMs: 180_000 },
  }),
  scoutSchedule: defineQueue({
    name: "scout-schedule",
    doc: "The scout's tick: reconcile settles purchases a killed replica left behind, then what is due is enqueued as purchase jobs.",
    jobNames: ["plan"],
    payload: ScheduleTick,
    defaults: TICK_DEFAULTS,
    worker: { concurrency: 1 },
  }),
  paymentsReconcile: defineQueue({
    name: "payments-reconcile",
    doc: "The api's tick: reconcile decides from the chain the open payments nobody holds.",
    jobNames: ["reconcile"],
    payload: ScheduleTick,
    defaults: TICK_DEFAULTS,
    worker: { concurrency: 1 },
  }),
} as const;

/** Every queue name of the system. */
export const QUEUE_NAMES: readonly string[] = Object.values(jobCatalog).map((q) => q.name);
