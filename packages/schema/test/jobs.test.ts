import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { jobCatalog, probeJobId, purchaseJobId, QUEUE_NAMES } from "../src/jobs.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Every queue of the system and the job names on it. */
const QUEUES: [keyof typeof jobCatalog, string, string[]][] = [
  ["probe", "probe", ["probe"]],
  ["probeSchedule", "probe-schedule", ["claim-due", "retention"]],
  ["searchLog", "search-log", ["search"]],
  ["demandSchedule", "demand-schedule", ["snapshots"]],
  ["paymentsReconcile", "payments-reconcile", ["reconcile"]],
  ["purchase", "purchase", ["purchase"]],
  ["scoutSchedule", "scout-schedule", ["plan"]],
];

/** TypeScript sources of the services, packages, end-to-end tests and scripts (no dependencies). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === "node_modules" || e.name.startsWith(".")) return [];
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|mts)$/.test(e.name) ? [p] : [];
  });
}

describe("job catalog", () => {
  it.each(QUEUES)("%s is the %s queue with jobs %j", (key, name, jobs) => {
    const spec = jobCatalog[key];
    expect(spec.name).toBe(name);
    expect([...spec.jobNames]).toEqual(jobs);
    expect(spec.doc.length).toBeGreaterThan(20);
    expect(spec.defaults.attempts).toBeGreaterThanOrEqual(1);
  });

  it("holds exactly the queues above, each name once", () => {
    expect([...QUEUE_NAMES].sort()).toEqual(QUEUES.map((q) => q[1]).sort());
  });

  it("every queue in the code comes from the catalog: no BullMQ queue, worker or scheduler built by hand", () => {
    const helper = path.join(ROOT, "packages/platform/src/jobs.ts");
    const offenders = ["services", "packages", "test-e2e", "scripts"]
      .flatMap((d) => sources(path.join(ROOT, d)))
      .filter((f) => f !== helper)
      .filter((f) => {
        const text = readFileSync(f, "utf8");
        if (!/from "bullmq"/.test(text)) return false;
        return /new (Queue|Worker|FlowProducer)\(|upsertJobScheduler\(/.test(text);
      })
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it("deterministic ids carry no ':' (BullMQ refuses them)", () => {
    expect(probeJobId({ listingId: "lst_3f9a0c1b2d4e5f6a7b8c", slot: 1_700_000_000 })).toBe(
      "lst_3f9a0c1b2d4e5f6a7b8c-1700000000",
    );
    // A job of several listings: named by its first listing, slot and size.
    expect(
      probeJobId({
        listingId: "lst_a",
        slot: 1_700_000_000,
        more: [
          { listingId: "lst_b", slot: 1_700_000_001 },
          { listingId: "lst_c", slot: 1_700_000_002 },
        ],
      }),
    ).toBe("lst_a-1700000000-n3");
    const eventId = "0b7a3c1e-8f7d-4a55-9d0e-2f4b6a8c9e11";
    const search = {
      eventId,
      at: new Date(0).toISOString(),
      source: "rest" as const,
      query: "weather",
      category: null,
      clientHash: "h",
      resultIds: [],
      params: {},
    };
    expect(jobCatalog.searchLog.jobId?.(search)).toBe(eventId);
    const routine = {
      listingId: "lst_3f9a0c1b2d4e5f6a7b8c",
      dueSince: String(Date.UTC(2026, 10, 25, 11, 30)),
    };
    expect(purchaseJobId(routine)).not.toContain(":");
    expect(purchaseJobId({ ...routine, dueSince: "plan", plan: { planId: "vnp_1", seq: 2 } })).toBe(
      "lst_3f9a0c1b2d4e5f6a7b8c-plan-vnp_1-2",
    );
    // A time with ':' (an ISO date) is refused before it can reach BullMQ.
    expect(
      jobCatalog.purchase.payload.safeParse({ ...routine, dueSince: "2026-11-25T11:30:00Z" }).success,
    ).toBe(false);
  });

  it("ticks carry no payload", () => {
    for (const key of ["probeSchedule", "demandSchedule", "paymentsReconcile"] as const) {
      expect(jobCatalog[key].payload.safeParse({}).success).toBe(true);
      expect(jobCatalog[key].payload.safeParse({ listingId: "x" }).success).toBe(false);
    }
  });
});
