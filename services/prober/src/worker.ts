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
  leaseDueProbes,
  type ProbeOutcome,
  probeScheduleLagS,
  type RecordResult,
  recordProbe,
  recordProbes,
  rollUpOldProbes,
} from "@tollgate/registry";
import { jobCatalog, type ProbeJob } from "@tollgate/schema";
import { DelayedError, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { groupCommit } from "./batcher.js";
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

type Target = { id: string; endpoint_url: string; sample_query: string | null; status: string; host: string };

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
  const reads = groupCommit<string, Target | undefined>({
    maxBatch: deps.config.PROBE_WRITE_BATCH,
    lingerMs: 0,
    run: async (ids) => {
      const rows = await deps.db
        .selectFrom("listings")
        .select(["id", "endpoint_url", "sample_query", "status", "host"])
        .where("id", "in", ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    },
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
    target: (id: string) => reads.add(id),
    record: (o: ProbeOutcome) => writes.add(o),
    flush: () => Promise.all([reads.flush(), writes.flush()]),
  };
}

/** One probe job: load, be polite to the host, probe, record. Idempotent per (listing, slot). */
export async function processProbe(
  deps: ProberDeps,
  data: ProbeJob,
  job: Job,
  token: string | undefined,
  politeness: ReturnType<typeof hostPoliteness>,
  store: ReturnType<typeof probeStore>,
) {
  const target = await store.target(data.listingId);
  if (!target || target.status === "delisted") return { skipped: "not active" };
  const wait = await politeness.take(target.host);
  if (wait > 0 && token) {
    await job.moveToDelayed(Date.now() + wait, token);
    throw new DelayedError();
  }
  const started = performance.now();
  const outcome = await runProbe(deps.client, target, data.slot, { timeoutMs: deps.config.PROBE_TIMEOUT_MS });
  if (deps.metrics)
    probeOutcomes(deps.metrics).inc({
      outcome: outcome.passed ? "pass" : "fail",
      reason: outcome.passed ? "none" : (outcome.failureReason ?? "unknown"),
    });
  const result = await store.record(outcome);
  deps.log.info(
    {
      job: job.id,
      listing: data.listingId,
      passed: outcome.passed,
      failure: outcome.failureReason,
      recorded: result.recorded,
      change: result.recorded ? result.statusChange : null,
      ms: Math.round(performance.now() - started),
    },
    "probe",
  );
  return result;
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

  const scheduler = worker(
    jobCatalog.probeSchedule,
    async (_tick, job) => {
      if (job.name === "retention") return rollUpOldProbes(deps.db);
      const due = await leaseDueProbes(deps.db, {
        limit: deps.config.PROBE_CLAIM_BATCH,
        leaseS: deps.config.PROBE_LEASE_S,
      });
      // The catalog gives each probe its deterministic id (listing, slot).
      if (due.length > 0) await probeQueue.addBulk(due.map((d) => ({ name: "probe", data: d })));
      return { enqueued: due.length };
    },
    { connection, prefix, log: deps.log, ...registry },
  );
  const probes = worker(
    jobCatalog.probe,
    (data, job, token) => processProbe(deps, data, job, token, politeness, store),
    {
      connection,
      prefix,
      log: deps.log,
      ...registry,
      concurrency: deps.config.PROBE_CONCURRENCY,
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
