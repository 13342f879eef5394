import type { Logger } from "@tollgate/platform";
import type { Seller } from "@tollgate/x402";
import { Queue, Worker } from "bullmq";
import type { Redis } from "ioredis";

export const PAYMENTS_RECONCILE_QUEUE = "payments-reconcile";

/**
 * Open payments nobody holds (a settlement that timed out, a process that died between keeping an answer
 * and recording its settlement) are decided from the chain on a schedule: whichever api replica takes the
 * tick reconciles a batch. Settled ones are recorded and their work published; ones that can never settle
 * are closed uncharged.
 */
export async function startPaymentReconciler(opts: {
  seller: Seller;
  redis: Redis;
  prefix: string;
  everyMs: number;
  log: Logger;
}) {
  const { redis: connection, prefix } = opts;
  const queue = new Queue(PAYMENTS_RECONCILE_QUEUE, { connection, prefix });
  const upsert = () => queue.upsertJobScheduler("reconcile", { every: opts.everyMs }, { name: "reconcile" });
  await upsert();
  // A Redis that restarted empty lost the scheduler: put it back on every reconnect.
  const onReady = () =>
    void upsert().catch((err) => opts.log.warn({ err: String(err) }, "reconcile scheduler upsert failed"));
  connection.on("ready", onReady);
  const worker = new Worker(
    PAYMENTS_RECONCILE_QUEUE,
    async () => {
      const outcomes = await opts.seller.reconcile();
      if (Object.keys(outcomes).length > 0) opts.log.info({ outcomes }, "payments reconciled");
      return outcomes;
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on("error", (err) => opts.log.warn({ err: String(err) }, "reconcile worker error (will retry)"));
  worker.on("failed", (_job, err) => opts.log.warn({ err: err.message }, "payment reconciliation failed"));
  return {
    async close() {
      connection.off("ready", onReady);
      await worker.close();
      await queue.close();
    },
  };
}
