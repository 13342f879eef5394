import { type Logger, producer, type Registry, schedulers, worker } from "@tollgate/platform";
import { jobCatalog } from "@tollgate/schema";
import type { Seller } from "@tollgate/x402";
import type { Redis } from "ioredis";

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
  metrics?: Registry;
}) {
  const { redis: connection, prefix } = opts;
  const queue = producer(jobCatalog.paymentsReconcile, connection, prefix);
  const ticks = await schedulers(
    queue,
    [{ id: "reconcile", every: opts.everyMs, name: "reconcile" }],
    opts.log,
  );
  const reconciler = worker(
    jobCatalog.paymentsReconcile,
    async () => {
      const outcomes = await opts.seller.reconcile();
      if (Object.keys(outcomes).length > 0) opts.log.info({ outcomes }, "payments reconciled");
      return outcomes;
    },
    { connection, prefix, log: opts.log, ...(opts.metrics ? { registry: opts.metrics } : {}) },
  );
  return {
    async close() {
      ticks.close();
      await reconciler.close();
      await queue.close();
    },
  };
}
