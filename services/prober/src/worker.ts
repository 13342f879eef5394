import type { Db } from "@tollgate/db";
import type { Logger, SafeHttpClient } from "@tollgate/platform";
import { leaseDueProbes, recordProbe, rollUpOldProbes } from "@tollgate/registry";
import { DelayedError, type Job, Queue, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { ProberConfig } from "./config.js";
import { PROBE_JOB_OPTS, ProbeJob, probeJobId, QUEUES } from "./jobs.js";
import { hostPoliteness } from "./politeness.js";
import { runProbe } from "./probe.js";

export interface ProberDeps {
  db: Db;
  log: Logger;
  client: SafeHttpClient;
  /** Connection for workers (waits through reconnects). */
  redis: Redis;
  config: ProberConfig;
}

/** One probe job: load, be polite to the host, probe, record. Idempotent per (listing, slot). */
export async function processProbe(
  deps: ProberDeps,
  job: Job,
  token: string | undefined,
  politeness: ReturnType<typeof hostPoliteness>,
) {
  const data = ProbeJob.parse(job.data);
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
  const result = await recordProbe(deps.db, outcome, { intervalScale: deps.config.PROBE_INTERVAL_SCALE });
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
  const probeQueue = new Queue(QUEUES.probe, { connection, prefix });
  const scheduleQueue = new Queue(QUEUES.schedule, { connection, prefix });
  const upsertSchedulers = async () => {
    await scheduleQueue.upsertJobScheduler(
      "claim-due",
      { every: deps.config.PROBE_TICK_MS },
      { name: "claim-due" },
    );
    await scheduleQueue.upsertJobScheduler(
      "retention",
      { every: deps.config.PROBE_RETENTION_EVERY_MS },
      { name: "retention" },
    );
  };
  await upsertSchedulers();
  // A Redis that restarted empty has lost the schedulers: put them back on every reconnect. Probe jobs
  // lost with it are not lost work: their leases lapse and the listings are claimed again.
  const onReady = () =>
    void upsertSchedulers().catch((err) => deps.log.warn({ err: String(err) }, "scheduler upsert failed"));
  connection.on("ready", onReady);
  const politeness = hostPoliteness(connection, prefix, deps.config.PROBE_HOST_MIN_GAP_MS);

  const scheduler = new Worker(
    QUEUES.schedule,
    async (job) => {
      if (job.name === "retention") return rollUpOldProbes(deps.db);
      const due = await leaseDueProbes(deps.db, {
        limit: deps.config.PROBE_CLAIM_BATCH,
        leaseS: deps.config.PROBE_LEASE_S,
      });
      if (due.length > 0)
        await probeQueue.addBulk(
          due.map((d) => ({ name: "probe", data: d, opts: { ...PROBE_JOB_OPTS, jobId: probeJobId(d) } })),
        );
      return { enqueued: due.length };
    },
    { connection, prefix, concurrency: 1 },
  );
  const worker = new Worker(QUEUES.probe, (job, token) => processProbe(deps, job, token, politeness), {
    connection,
    prefix,
    concurrency: deps.config.PROBE_CONCURRENCY,
    lockDuration: deps.config.PROBE_STALLED_MS,
    stalledInterval: deps.config.PROBE_STALLED_MS,
  });
  for (const w of [scheduler, worker])
    w.on("error", (err) => deps.log.warn({ err: String(err) }, "worker error (will retry)"));
  worker.on("failed", (job, err) => {
    if (!(err instanceof DelayedError)) deps.log.warn({ job: job?.id, err: err.message }, "probe job failed");
  });
  return {
    probeQueue,
    async close() {
      connection.off("ready", onReady);
      await scheduler.close();
      await worker.close();
      await probeQueue.close();
      await scheduleQueue.close();
    },
  };
}
