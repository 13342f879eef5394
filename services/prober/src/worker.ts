import type { Db } from "@tollgate/db";
import {
  type Logger,
  probeOutcomes,
  probeScheduleLagMetric,
  producer,
  queueMetrics,
  type Registry,
  type SafeHttpClient,
  schedulers,
  worker,
} from "@tollgate/platform";
import {
  type DueProbe,
  leaseDueProbes,
  type ProbeOutcome,
  type ProbeTargetRow,
  probeScheduleLagS,
  probeTargets,
  type RecordResult,
  recordProbe,
  recordProbes,
  rollUpOldProbes,
} from "@tollgate/registry";
import { jobCatalog, type ProbeJob, type ProbeSlot, probeSlotsOf } from "@tollgate/schema";
import { DelayedError, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { groupCommit, inFlightLimit } from "./batcher.js";
import { type ProberConfig, selfPayTos } from "./config.js";
import { hostPoliteness } from "./politeness.js";
import { runProbe } from "./probe.js";

export interface ProberDeps {
  db: Db;
  log: Logger;
  client: SafeHttpClient;
  /** Connection for workers (waits through reconnects). */
  redis: Redis;
  config: ProberConfig;
  /** The process's registry: probes by outcome, jobs, queue depth (absent: not measured). */
  metrics?: Registry;
}

/**
 * The database side of probing, batched across the jobs in flight: listings are read many per query, and
 * results are written many per transaction (`recordProbes`). A job's write resolves only once its batch has
 * committed, so a job never completes with its result unwritten; a failed batch is retried one probe per
 * transaction, so one bad result fails only its own job.
 */
export function probeStore(deps: Pick<ProberDeps, "db" | "log" | "config">) {
  const recordOpts = {
    intervalScale: deps.config.PROBE_INTERVAL_SCALE,
    selfPayTos: selfPayTos(deps.config),
  };
  const reads = groupCommit<ProbeSlot, ProbeTargetRow | undefined>({
    maxBatch: deps.config.PROBE_WRITE_BATCH,
    lingerMs: 0,
    run: (slots) => probeTargets(deps.db, slots),
  });
  const writes = groupCommit<ProbeOutcome, RecordResult>({
    maxBatch: deps.config.PROBE_WRITE_BATCH,
    lingerMs: deps.config.PROBE_WRITE_LINGER_MS,
    run: (outcomes) => recordProbes(deps.db, outcomes, recordOpts),
    fallback: (o) => recordProbe(deps.db, o, recordOpts),
    onBatchError: (err, size) =>
      deps.log.warn({ err: (err as Error).message, size }, "probe batch failed, recording one by one"),
  });
  return {
    target: (p: ProbeSlot) => reads.add(p),
    record: (o: ProbeOutcome) => writes.add(o),
    flush: () => Promise.all([reads.flush(), writes.flush()]),
  };
}

type Store = ReturnType<typeof probeStore>;
type Politeness = ReturnType<typeof hostPoliteness>;
/** Shared by every job of the process: at most PROBE_CONCURRENCY probes (HTTP) in flight. */
type Gate = <T>(fn: () => Promise<T>) => Promise<T>;

/**
 * One listing's probe: load, be polite to the host, probe, record. `{ wait }` (only when `defer`) when its
 * host was probed too recently. Idempotent per (listing, slot): the probe row is unique per slot.
 */
async function probeListing(
  deps: ProberDeps,
  p: ProbeSlot,
  politeness: Politeness,
  store: Store,
  gate: Gate,
  defer: boolean,
): Promise<{ wait: number } | { skipped: string } | RecordResult> {
  const target = await store.target(p);
  if (!target || target.status === "delisted") return { skipped: "not active" };
  // Recorded already: this job was delivered again after a crash, or the listing was enqueued twice (its lease
  // lapsed while its first job waited). Not probed again.
  if (target.recorded) return { skipped: "recorded" };
  const wait = await politeness.take(target.host);
  if (wait > 0 && defer) return { wait };
  const started = performance.now();
  const outcome = await gate(() =>
    runProbe(deps.client, target, p.slot, { timeoutMs: deps.config.PROBE_TIMEOUT_MS }),
  );
  if (deps.metrics)
    probeOutcomes(deps.metrics).inc({
      outcome: outcome.passed ? "pass" : "fail",
      reason: outcome.passed ? "none" : (outcome.failureReason ?? "unknown"),
    });
  const result = await store.record(outcome);
  // One line per probe with only the fields that say something: `failure`, `recorded: false` and `change`
  // appear when there is one (listing and slot name the probe; a job may carry several).
  const line: Record<string, unknown> = { listing: p.listingId, slot: p.slot, passed: outcome.passed };
  if (!outcome.passed) line.failure = outcome.failureReason;
  if (!result.recorded) line.recorded = false;
  else if (result.statusChange) line.change = result.statusChange;
  line.ms = Math.round(performance.now() - started);
  deps.log.info(line, "probe");
  return result;
}

/**
 * One probe job, of one listing or several. A single listing whose host must wait is moved back to delayed
 * (as before). In a job of several, each listing is probed concurrently (within the process's in-flight
 * limit); a listing whose host must wait, or whose probe or write failed, is handed on as its own single job
 * (`<listing>-<slot>`, delayed by the wait, with the queue's retries), so the others complete. A listing whose
 * probe row for the slot exists already (a job taken again after a crash) is skipped, not probed again.
 */
export async function processProbe(
  deps: ProberDeps,
  data: ProbeJob,
  job: Job,
  token: string | undefined,
  politeness: Politeness,
  store: Store,
  gate: Gate = (fn) => fn(),
  handOff: (slots: { slot: ProbeSlot; delayMs: number }[]) => Promise<unknown> = async () => {
    throw new Error("no queue to hand probes on to");
  },
) {
  const slots = probeSlotsOf(data);
  if (slots.length === 1) {
    const result = await probeListing(deps, slots[0]!, politeness, store, gate, !!token);
    if ("wait" in result) {
      await job.moveToDelayed(Date.now() + result.wait, token);
      throw new DelayedError();
    }
    return result;
  }
  const settled = await Promise.allSettled(
    slots.map((p) => probeListing(deps, p, politeness, store, gate, true)),
  );
  const later: { slot: ProbeSlot; delayMs: number }[] = [];
  settled.forEach((r, i) => {
    const slot = slots[i]!;
    if (r.status === "rejected") {
      deps.log.warn(
        { job: job.id, listing: slot.listingId, err: (r.reason as Error)?.message ?? String(r.reason) },
        "probe failed, handed on as its own job",
      );
      // As the job's own retry would: after the queue's backoff delay.
      later.push({ slot, delayMs: jobCatalog.probe.defaults.backoff?.delay ?? 0 });
    } else if ("wait" in r.value) later.push({ slot, delayMs: r.value.wait });
  });
  if (later.length > 0) await handOff(later);
  const skipped = settled.filter((r) => r.status === "fulfilled" && "skipped" in r.value).length;
  return { probes: slots.length, skipped, handedOn: later.length };
}

/**
 * One scheduler tick: lease up to `limit` due listings in chunks of `first`, then twice the previous chunk, and
 * enqueue each chunk before leasing the next, so the first jobs are probed while the rest are leased. Stops
 * at `limit` or at a chunk that comes back short (nothing more is due). Each chunk is its own lease (SKIP
 * LOCKED, one statement), so what a lost enqueue leaves leased lapses and falls due again, as before.
 */
export async function leaseInChunks(
  lease: (limit: number) => Promise<DueProbe[]>,
  enqueue: (due: DueProbe[]) => Promise<number>,
  opts: { limit: number; first: number },
): Promise<{ enqueued: number; jobs: number; leases: number }> {
  let enqueued = 0;
  let jobs = 0;
  let leases = 0;
  let chunk = Math.max(1, opts.first);
  while (enqueued < opts.limit) {
    const want = Math.min(chunk, opts.limit - enqueued);
    const due = await lease(want);
    leases++;
    if (due.length > 0) {
      jobs += await enqueue(due);
      enqueued += due.length;
    }
    if (due.length < want) break;
    chunk *= 2;
  }
  return { enqueued, jobs, leases };
}

/**
 * The prober: a job scheduler ticks on a BullMQ queue; whichever replica takes the tick claims due
 * listings (SKIP LOCKED) and enqueues probe jobs with deterministic ids; every replica consumes them.
 */
export async function startProber(deps: ProberDeps) {
  const prefix = deps.config.QUEUE_PREFIX;
  const connection = deps.redis;
  const probeQueue = producer(jobCatalog.probe, connection, prefix);
  const scheduleQueue = producer(jobCatalog.probeSchedule, connection, prefix);
  // Re-upserted on every reconnect: probe jobs lost with a Redis that restarted empty are not lost work,
  // their leases lapse and the listings fall due again.
  const ticks = await schedulers(
    scheduleQueue,
    [
      { id: "claim-due", every: deps.config.PROBE_TICK_MS, name: "claim-due" },
      { id: "retention", every: deps.config.PROBE_RETENTION_EVERY_MS, name: "retention" },
    ],
    deps.log,
  );
  const politeness = hostPoliteness(connection, prefix, deps.config.PROBE_HOST_MIN_GAP_MS);
  const registry = deps.metrics ? { registry: deps.metrics } : {};
  const queues = deps.metrics
    ? queueMetrics(deps.metrics, {
        specs: [jobCatalog.probe, jobCatalog.probeSchedule],
        connection,
        prefix,
        log: deps.log,
      })
    : null;
  // Behind schedule shows here, not in the queue: the scheduler leases at most PROBE_CLAIM_BATCH per tick, so
  // when listings fall due faster than that the queue stays short while they wait in Postgres.
  if (deps.metrics) probeScheduleLagMetric(deps.metrics, () => probeScheduleLagS(deps.db));
  const store = probeStore(deps);
  // Jobs a replica takes at once: enough that the in-flight limit stays full while a job waits for its slowest
  // probe.
  const jobsAtOnce = Math.ceil(deps.config.PROBE_CONCURRENCY / deps.config.PROBE_JOB_SIZE) * 2;

  const scheduler = worker(
    jobCatalog.probeSchedule,
    async (_tick, job) => {
      if (job.name === "retention") return rollUpOldProbes(deps.db);
      // Leased and enqueued in growing chunks, each chunk's jobs enqueued before the next lease, so probing
      // starts after a short lease instead of after leasing the whole tick (PROBE_CLAIM_BATCH).
      return leaseInChunks(
        (limit) => leaseDueProbes(deps.db, { limit, leaseS: deps.config.PROBE_LEASE_S }),
        async (due) => {
          // Several listings per job (PROBE_JOB_SIZE); the catalog gives each job its deterministic id.
          const jobs: { name: "probe"; data: ProbeJob }[] = [];
          for (let i = 0; i < due.length; i += deps.config.PROBE_JOB_SIZE) {
            const [first, ...more] = due.slice(i, i + deps.config.PROBE_JOB_SIZE);
            jobs.push({ name: "probe", data: more.length > 0 ? { ...first!, more } : first! });
          }
          await probeQueue.addBulk(jobs);
          return jobs.length;
        },
        { limit: deps.config.PROBE_CLAIM_BATCH, first: deps.config.PROBE_JOB_SIZE * jobsAtOnce },
      );
    },
    { connection, prefix, log: deps.log, ...registry },
  );
  const gate = inFlightLimit(deps.config.PROBE_CONCURRENCY);
  const handOff = (later: { slot: ProbeSlot; delayMs: number }[]) =>
    probeQueue.addBulk(
      later.map((l) => ({ name: "probe", data: l.slot, opts: l.delayMs > 0 ? { delay: l.delayMs } : {} })),
    );
  const probes = worker(
    jobCatalog.probe,
    (data, job, token) => processProbe(deps, data, job, token, politeness, store, gate, handOff),
    {
      connection,
      prefix,
      log: deps.log,
      ...registry,
      concurrency: jobsAtOnce,
      lockDuration: deps.config.PROBE_STALLED_MS,
      stalledInterval: deps.config.PROBE_STALLED_MS,
    },
  );
  return {
    probeQueue,
    async close() {
      ticks.close();
      await scheduler.close();
      await probes.close();
      await store.flush();
      await probeQueue.close();
      await scheduleQueue.close();
      await queues?.close();
    },
  };
}
