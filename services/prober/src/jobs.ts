import { z } from "zod";

/** The prober's job catalog: name → payload schema and delivery policy. */
export const QUEUES = { probe: "probe", schedule: "probe-schedule" } as const;

export const ProbeJob = z.object({ listingId: z.string().min(1), slot: z.number().int() });
export type ProbeJob = z.infer<typeof ProbeJob>;

/** Deterministic id: one job per listing and scheduled slot (BullMQ ids must not contain ':'). */
export const probeJobId = (j: ProbeJob) => `${j.listingId}-${j.slot}`;

export const PROBE_JOB_OPTS = {
  attempts: 3,
  backoff: { type: "exponential", delay: 2000 },
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 86_400 },
} as const;
