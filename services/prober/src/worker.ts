import type { Db } from "@tollgate/db";
import {
  type Logger,
  probeOutcomes,
  producer,
  queueMetrics,
  type Registry,
  type SafeHttpClient,
  schedulers,
  worker,
} from "@tollgate/platform";
import { leaseDueProbes, recordProbe, rollUpOldProbes } from "@tollgate/registry";
import { jobCatalog, type ProbeJob } from "@tollgate/schema";
import { DelayedError, type Job } from "bullmq";
import type { Redis } from "ioredis";
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

/** One probe job: load, be polite to the host, probe, record. Idempotent per (listing, slot). */
export async function processProbe(
  deps: ProberDeps,
  data: ProbeJob,
  job: Job,
  token: string | undefined,
  politeness: ReturnType<typeof hostPoliteness>,
) {
  const target = await deps.db
    .selectFrom("listings")
    .select(["id", "endpoint_url", "sample_query", "status", "host"])
    .where("id", "=", data.listingId)
    .executeTakeFirst();
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
  const result = await recordProbe(deps.db, outcome, {
    intervalScale: deps.config.PROBE_INTERVAL_SCALE,
    selfPayTos: selfPayTos(deps.config),
  });
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
    (data, job, token) => processProbe(deps, data, job, token, politeness),
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
      await probeQueue.close();
      await scheduleQueue.close();
      await queues?.close();
    },
  };
}
