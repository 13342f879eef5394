import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { jobCatalog } from "@tollgate/schema";
import type { Job } from "bullmq";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidJobPayload, producer, schedulers, worker } from "../src/jobs.js";
import { workerRedis } from "../src/redis.js";

// Against real Redis: the shared one under a prefix of this file, and a private redis-server for the
// reconnect cases (restarted empty, scripts refused), which must not touch anyone else's keys.
const prefix = `test_jobs_${randomBytes(5).toString("hex")}`;
const redis = workerRedis("redis://127.0.0.1:6379");

/** A logger whose lines are kept for the test to read. */
function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: "debug" }, { write: (l: string) => lines.push(JSON.parse(l)) });
  return { log, lines };
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

afterAll(async () => {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== "0");
  redis.disconnect();
});

describe("producer", () => {
  it("refuses an invalid payload before Redis, alone or in a batch", async () => {
    const probes = producer(jobCatalog.probe, redis, prefix);
    try {
      await expect(probes.add("probe", { listingId: "", slot: 1.5 })).rejects.toBeInstanceOf(
        InvalidJobPayload,
      );
      await expect(
        probes.addBulk([
          { name: "probe", data: { listingId: "lst_a", slot: 1 } },
          { name: "probe", data: { listingId: "lst_b" } as never },
        ]),
      ).rejects.toThrow(/invalid probe job payload/);
      const counts = await probes.queue.getJobCounts();
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
    } finally {
      await probes.queue.obliterate({ force: true });
      await probes.close();
    }
  });

  it("applies the catalog's options and deterministic id, so a duplicate is one job", async () => {
    const probes = producer(jobCatalog.probe, redis, prefix);
    try {
      const a = await probes.add("probe", { listingId: "lst_a", slot: 7 });
      const b = await probes.add("probe", { listingId: "lst_a", slot: 7 });
      expect(a.id).toBe("lst_a-7");
      expect(b.id).toBe("lst_a-7");
      expect(await probes.queue.getWaitingCount()).toBe(1);
      expect(a.opts).toMatchObject({ attempts: 3, backoff: { type: "exponential", delay: 2000 } });
    } finally {
      await probes.queue.obliterate({ force: true });
      await probes.close();
    }
  });
});

describe("worker", () => {
  it("refuses an invalid payload without retrying and without calling the processor", async () => {
    const { log, lines } = capturingLog();
    const searches = producer(jobCatalog.searchLog, redis, prefix);
    const seen: unknown[] = [];
    const failed: Job[] = [];
    const w = worker(
      jobCatalog.searchLog,
      async (search) => {
        seen.push(search);
        return true;
      },
      { connection: redis, prefix, log },
    );
    w.on("failed", (job) => job && failed.push(job));
    try {
      // Straight onto the queue, past the producer's check, with the catalog's 5 attempts.
      await searches.queue.add("search", { eventId: "not-a-uuid" }, jobCatalog.searchLog.defaults);
      await until("the job failed", () => failed.length > 0);
      await new Promise((r) => setTimeout(r, 300)); // a retry would show here
      expect(seen).toEqual([]);
      expect(failed).toHaveLength(1);
      const job = failed[0]!;
      expect(job.attemptsMade).toBe(1);
      expect(await job.getState()).toBe("failed");
      expect(job.failedReason).toMatch(/invalid search-log job payload/);
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: "job failed", queue: "search-log", retrying: false }),
      );
    } finally {
      await w.close();
      await searches.queue.obliterate({ force: true });
      await searches.close();
    }
  });

  it("hands the parsed payload to the processor", async () => {
    const { log } = capturingLog();
    const probes = producer(jobCatalog.probe, redis, prefix);
    const seen: unknown[] = [];
    const w = worker(
      jobCatalog.probe,
      async (probe) => {
        seen.push(probe);
        return null;
      },
      { connection: redis, prefix, log },
    );
    try {
      await probes.add("probe", { listingId: "lst_b", slot: 3 });
      await until("processed", () => seen.length === 1);
      expect(seen).toEqual([{ listingId: "lst_b", slot: 3 }]);
    } finally {
      await w.close();
      await probes.queue.obliterate({ force: true });
      await probes.close();
    }
  });
});

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  await new Promise((r) => server.close(r));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("schedulers", () => {
  it("re-upserts after Redis restarts empty, logs a failed re-upsert, recovers on the next reconnect", async () => {
    const port = await freePort();
    const start = () =>
      spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        {
          stdio: "ignore",
        },
      );
    let server: ChildProcess = start();
    const url = `redis://127.0.0.1:${port}`;
    const admin = new Redis(url, { maxRetriesPerRequest: null });
    admin.on("error", () => undefined);
    await until("redis-server up", async () => (await admin.ping()) === "PONG");
    const connection = workerRedis(url);
    connection.on("error", () => undefined); // reconnects are the point of this test
    const { log, lines } = capturingLog();
    const ticks = producer(jobCatalog.demandSchedule, connection, "t");
    const scheduled = async () => !!(await ticks.queue.getJobScheduler("snapshots"));
    const sched = await schedulers(ticks, [{ id: "snapshots", every: 60_000, name: "snapshots" }], log);
    try {
      expect(await scheduled()).toBe(true);
      const template = await ticks.queue.getJobScheduler("snapshots");
      expect(template?.template?.opts).toMatchObject({ attempts: 1, removeOnComplete: { count: 100 } });

      // A Redis restarted empty: the scheduler is back once the connection is ready again.
      server.kill("SIGKILL");
      await new Promise((r) => server.once("exit", r));
      server = start();
      await until("re-upserted after the restart", scheduled);

      // A re-upsert that fails (Redis refuses scripts) is logged, not swallowed.
      await ticks.queue.removeJobScheduler("snapshots");
      await admin.call("ACL", "SETUSER", "default", "-@scripting");
      connection.disconnect(true);
      const failed = () => lines.find((l) => String(l.msg).includes("upsert failed"));
      await until("failure logged", () => !!failed());
      expect(failed()).toMatchObject({ level: 50, queue: "demand-schedule", schedulers: ["snapshots"] });
      expect(String(failed()?.err)).toMatch(/NOPERM/);
      await admin.call("ACL", "SETUSER", "default", "+@scripting");
      expect(await scheduled()).toBe(false);

      // The next reconnect tries again.
      connection.disconnect(true);
      await until("re-upserted on the next reconnect", scheduled);

      // close() stops listening: a later reconnect upserts nothing.
      sched.close();
      await ticks.queue.removeJobScheduler("snapshots");
      connection.disconnect(true);
      await until(
        "reconnected",
        async () => connection.status === "ready" && (await connection.ping()) === "PONG",
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(await scheduled()).toBe(false);
    } finally {
      sched.close();
      await ticks.close();
      connection.disconnect();
      admin.disconnect();
      server.kill("SIGKILL");
    }
  });
});
