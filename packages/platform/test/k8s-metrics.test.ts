import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { QUEUE_NAMES } from "@tollgate/schema";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { queueMetrics } from "../src/job-metrics.js";
import { createLogger } from "../src/logger.js";
import {
  createMetricsRegistry,
  httpRequestDuration,
  indexerMetrics,
  jobOutcomes,
  modelStateMetric,
  probeOutcomes,
  probeScheduleLagMetric,
  purchaseOutcomes,
  settlementOutcomes,
} from "../src/metrics.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** The manifests that query metrics: alerts and the queue-depth autoscalers. */
const MANIFESTS = [
  "k8s/base/monitoring.yaml",
  "k8s/base/scaling-queues.yaml",
  "k8s/overlays/staging/kustomization.yaml",
];

/** Every family the services register (each through these factories of the package). */
function registeredNames(): Set<string> {
  const registry = createMetricsRegistry("k8s-test");
  httpRequestDuration(registry);
  probeOutcomes(registry);
  probeScheduleLagMetric(registry, async () => 0);
  purchaseOutcomes(registry);
  settlementOutcomes(registry);
  jobOutcomes(registry);
  modelStateMetric(registry, () => "off");
  indexerMetrics(registry, () => ({ lagBlocks: 0, lastPassAt: 0, holdsLock: false }));
  const idle = new Redis({ lazyConnect: true });
  queueMetrics(registry, {
    specs: [],
    connection: idle,
    prefix: "k8s-test",
    log: createLogger("t", "silent"),
  });
  const names = new Set<string>();
  for (const m of registry.getMetricsAsArray()) {
    const name = (m as unknown as { name: string }).name;
    names.add(name);
    // A histogram is queried through its series.
    for (const suffix of ["_bucket", "_sum", "_count"]) names.add(`${name}${suffix}`);
  }
  return names;
}

describe("metric names in the k8s manifests", () => {
  const used = MANIFESTS.flatMap((file) => {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    return [...text.matchAll(/\btollgate_[a-z0-9_]+/g)].map((m) => ({ file, name: m[0] }));
  });

  it("the alerts and the autoscalers query metrics at all", () => {
    expect(used.map((u) => u.name)).toEqual(
      expect.arrayContaining([
        "tollgate_queue_depth",
        "tollgate_queue_oldest_waiting_age_seconds",
        "tollgate_indexer_lag_blocks",
        "tollgate_settlements_total",
      ]),
    );
  });

  it("every metric they name is one the code registers", () => {
    const names = registeredNames();
    expect(used.filter((u) => !names.has(u.name))).toEqual([]);
  });

  it("every queue they name is a queue of the job catalog", () => {
    const queues = MANIFESTS.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), "utf8").matchAll(/queue="([^"]+)"/g)].map((m) => m[1]),
    );
    expect(queues.length).toBeGreaterThan(0);
    expect(queues.filter((q) => !QUEUE_NAMES.includes(q!))).toEqual([]);
  });
});
