import {
  producer,
  purchaseOutcomes,
  queueMetrics,
  type Registry,
  schedulers,
  worker,
} from "@tollgate/platform";
import { planCandidate, scoutCandidate, scoutCandidates } from "@tollgate/registry";
import { jobCatalog, type PurchaseJob } from "@tollgate/schema";
import type { Redis } from "ioredis";
import { type BuyResult, buyOne, reconcile, type ScoutDeps } from "./scout.js";

export interface ScoutQueueOptions {
  connection: Redis;
  prefix: string;
  tickMs: number;
  /** Routine purchases enqueued per tick at most (the most due first). */
  batch: number;
  /** Purchases one replica makes at once. */
  concurrency: number;
  /** Seconds after which a purchase in flight counts as left behind by a killed replica (default 120). */
  reconcileAfterS?: number;
  /** The process's registry: purchases by outcome, jobs, queue depth (absent: not measured). */
  metrics?: Registry;
}

/** BullMQ priorities (lower first): what a seller paid to have timed, then listings never bought, then re-buys. */
const PRIORITY = { plan: 1, first: 5, rebuy: 10 } as const;

/**
 * The scout on queues: a tick (one job scheduler shared by every replica) reconciles purchases a killed
 * replica left behind and enqueues what is due as purchase jobs; every replica's worker takes them. A job is
 * re-checked when it runs (the listing may have been bought, failed or changed payTo since it was queued),
 * and the database allows one purchase in flight per listing and re-reads its last purchase under lock, so a
 * job taken twice, retried after a crash or queued twice never pays twice.
 */
export async function startScoutQueues(d: ScoutDeps, o: ScoutQueueOptions) {
  const purchases = producer(jobCatalog.purchase, o.connection, o.prefix);
  const schedule = producer(jobCatalog.scoutSchedule, o.connection, o.prefix);
  const ticks = await schedulers(schedule, [{ id: "scout-plan", every: o.tickMs, name: "plan" }], d.log);
  const registry = o.metrics ? { registry: o.metrics } : {};
  const bought = o.metrics ? purchaseOutcomes(o.metrics) : null;
  const queues = o.metrics
    ? queueMetrics(o.metrics, {
        specs: [jobCatalog.purchase, jobCatalog.scoutSchedule],
        connection: o.connection,
        prefix: o.prefix,
        log: d.log,
      })
    : null;

  const planner = worker(
    jobCatalog.scoutSchedule,
    async () => {
      const now = new Date();
      const reconciled = await reconcile(d, now, o.reconcileAfterS);
      const jobs: { name: "purchase"; data: PurchaseJob; opts: { priority: number } }[] = [];
      const owed = d.plans ? await d.plans.due(d.db, now) : [];
      for (const item of owed)
        jobs.push({
          name: "purchase",
          data: { listingId: item.listingId, plan: { planId: item.planId, seq: item.seq }, dueSince: "plan" },
          opts: { priority: PRIORITY.plan },
        });
      // A listing a plan owes a purchase is bought by the plan's job, not also by a routine one.
      const planned = new Set(owed.map((p) => p.listingId));
      for (const c of await scoutCandidates(d.db, now, d.policy, o.batch))
        if (!planned.has(c.id))
          jobs.push({
            name: "purchase",
            data: {
              listingId: c.id,
              dueSince: c.last_purchase_at ? String(c.last_purchase_at.getTime()) : "never",
            },
            opts: { priority: c.last_purchase_at ? PRIORITY.rebuy : PRIORITY.first },
          });
      if (jobs.length > 0) await purchases.addBulk(jobs);
      return { reconciled, enqueued: jobs.length };
    },
    { connection: o.connection, prefix: o.prefix, log: d.log, ...registry },
  );

  const buyer = worker(
    jobCatalog.purchase,
    async (job) => {
      const { result } = await purchase(job).catch((err) => {
        bought?.inc({ outcome: "error" }); // retried by BullMQ as the catalog says
        throw err;
      });
      bought?.inc({ outcome: result });
      return { result };
    },
    { connection: o.connection, prefix: o.prefix, log: d.log, ...registry, concurrency: o.concurrency },
  );

  async function purchase(job: PurchaseJob): Promise<{ result: BuyResult | "not_due" }> {
    const now = new Date();
    if (job.plan) {
      // Not buyable now (failing, payTo unseen…): the plan purchase stays due and is queued again next tick.
      const c = await planCandidate(d.db, job.listingId, d.policy);
      if (!c) return { result: "not_due" };
      return { result: await buyOne(d, c, now, { ...job.plan, listingId: job.listingId }) };
    }
    const c = await scoutCandidate(d.db, job.listingId, now, d.policy);
    if (!c) return { result: "not_due" };
    if (d.plans && (await d.plans.due(d.db, now)).some((p) => p.listingId === job.listingId))
      return { result: "not_due" }; // a plan owes this listing a purchase: its own job makes it

    const result = await buyOne(d, c, now);
    if (result === "recorded" || result === "not_paid")
      d.log.info({ listing: job.listingId, result }, "scout purchase");
    return { result };
  }

  return {
    purchases,
    async close() {
      ticks.close();
      await planner.close();
      await buyer.close();
      await purchases.close();
      await schedule.close();
      await queues?.close();
    },
  };
}
