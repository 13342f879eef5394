import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry as PromRegistry,
  type Registry,
} from "prom-client";

export type { Registry } from "prom-client";

/**
 * One registry per service process (never prom-client's global one: tests build several apps in one
 * process), with Node's process metrics and a `service` label on every series.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new PromRegistry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Get the family `name` from `registry`, or register it: a factory may be called twice for one registry. */
function family<M>(registry: Registry, name: string, make: () => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? make();
}

/** Request latency of api and mcp by route pattern (never a raw path with ids), method and status. */
export const httpRequestDuration = (registry: Registry) =>
  family(
    registry,
    "tollgate_http_request_duration_seconds",
    () =>
      new Histogram({
        name: "tollgate_http_request_duration_seconds",
        help: "HTTP request duration by route pattern, method and status",
        labelNames: ["method", "route", "status"] as const,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [registry],
      }),
  );

/** Probes run, by outcome (pass, fail) and failure reason (the probe failure vocabulary; `none` on a pass). */
export const probeOutcomes = (registry: Registry) =>
  family(
    registry,
    "tollgate_probes_total",
    () =>
      new Counter({
        name: "tollgate_probes_total",
        help: "Probes run, by outcome (pass, fail) and failure reason (none on a pass)",
        labelNames: ["outcome", "reason"] as const,
        registers: [registry],
      }),
  );

/** Scout purchase jobs by outcome (recorded, not_paid, not_due, skipped, …: the buyer's result). */
export const purchaseOutcomes = (registry: Registry) =>
  family(
    registry,
    "tollgate_purchases_total",
    () =>
      new Counter({
        name: "tollgate_purchases_total",
        help: "Scout purchase jobs, by outcome",
        labelNames: ["outcome"] as const,
        registers: [registry],
      }),
  );

/** Settlements of Tollgate's paid routes by route label and outcome (settled, failed, indeterminate). */
export const settlementOutcomes = (registry: Registry) =>
  family(
    registry,
    "tollgate_settlements_total",
    () =>
      new Counter({
        name: "tollgate_settlements_total",
        help: "Settlements of paid answers, by route and outcome (settled, failed, indeterminate)",
        labelNames: ["route", "outcome"] as const,
        registers: [registry],
      }),
  );

/** Jobs finished by this process's workers, by queue and outcome (completed, failed). */
export const jobOutcomes = (registry: Registry) =>
  family(
    registry,
    "tollgate_jobs_total",
    () =>
      new Counter({
        name: "tollgate_jobs_total",
        help: "Jobs finished by this process, by queue and outcome (completed, failed)",
        labelNames: ["queue", "outcome"] as const,
        registers: [registry],
      }),
  );

/** A gauge whose value is read when Prometheus scrapes (`read` returns the value; undefined: no sample). */
export function gaugeOnScrape(
  registry: Registry,
  name: string,
  help: string,
  read: () => number | undefined,
): Gauge {
  return family(
    registry,
    name,
    () =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const v = read();
          if (v === undefined) this.reset();
          else this.set(v);
        },
      }),
  );
}

/**
 * `tollgate_probe_schedule_lag_seconds`: how far the most overdue listing is past its next check, read from
 * Postgres on scrape. A read that fails or takes over `timeoutMs` leaves no sample for that scrape.
 */
export function probeScheduleLagMetric(
  registry: Registry,
  read: () => Promise<number>,
  timeoutMs = 2000,
): Gauge {
  return family(
    registry,
    "tollgate_probe_schedule_lag_seconds",
    () =>
      new Gauge({
        name: "tollgate_probe_schedule_lag_seconds",
        help: "Seconds the most overdue listing is past its next_check_by (0 when none is due)",
        registers: [registry],
        async collect() {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<undefined>((r) => {
            timer = setTimeout(() => r(undefined), timeoutMs);
          });
          const v = await Promise.race([read().catch(() => undefined), late]);
          clearTimeout(timer);
          if (v === undefined) this.reset();
          else this.set(v);
        },
      }),
  );
}

/** The chain indexer's lag and liveness of its loop, read from the indexer on scrape. */
export function indexerMetrics(
  registry: Registry,
  read: () => { lagBlocks: number | undefined; lastPassAt: number | undefined; holdsLock: boolean },
): void {
  gaugeOnScrape(
    registry,
    "tollgate_indexer_lag_blocks",
    "Blocks between the chain head and the lowest cursor of the listed payTos (confirmations included)",
    () => read().lagBlocks,
  );
  gaugeOnScrape(
    registry,
    "tollgate_indexer_last_pass_timestamp_seconds",
    "When the indexer last finished a pass (unix seconds)",
    () => {
      const at = read().lastPassAt;
      return at === undefined ? undefined : at / 1000;
    },
  );
  gaugeOnScrape(
    registry,
    "tollgate_indexer_holds_lock",
    "1 when this replica holds the single-writer lock and indexes, 0 when it waits",
    () => (read().holdsLock ? 1 : 0),
  );
}

/** Where an embedding model stands in this process. */
export type ModelState = "off" | "loading" | "loaded" | "failed";
const MODEL_STATES: readonly ModelState[] = ["off", "loading", "loaded", "failed"];

/** Follows a model's `ready` promise (null: no model in this process). */
export function modelStateOf(ready: Promise<unknown> | null): () => ModelState {
  if (!ready) return () => "off";
  let state: ModelState = "loading";
  ready.then(
    () => {
      state = "loaded";
    },
    () => {
      state = "failed";
    },
  );
  return () => state;
}

/** `tollgate_semantic_model_state{state}`: 1 for the state the model is in, 0 for the others. */
export function modelStateMetric(registry: Registry, state: () => ModelState): Gauge<"state"> {
  return family(
    registry,
    "tollgate_semantic_model_state",
    () =>
      new Gauge({
        name: "tollgate_semantic_model_state",
        help: "The embedding model's state in this process: 1 for the current one of off, loading, loaded, failed",
        labelNames: ["state"] as const,
        registers: [registry],
        collect() {
          const now = state();
          for (const s of MODEL_STATES) this.set({ state: s }, s === now ? 1 : 0);
        },
      }),
  );
}
