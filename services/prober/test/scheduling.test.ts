import { type ChildProcess, spawn } from "node:child_process";
import { createTestDatabase, type TestDatabase, testPrefix } from "@tollgate/db/testing";
import {
  dropQueuePrefix,
  freePort,
  type RunningService,
  startSellerFleet,
  startService,
} from "@tollgate/devnet";
import { producer, workerRedis } from "@tollgate/platform";
import { createListing, validateSubmission } from "@tollgate/registry";
import { jobCatalog } from "@tollgate/schema";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

let tdb: TestDatabase;
const running: RunningService[] = [];
const prefixes: string[] = [];
/** A queue prefix for one test, whose keys are dropped after it. */
const ownPrefix = (label: string) => {
  const p = testPrefix(label);
  prefixes.push(p);
  return p;
};
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
  await Promise.all(prefixes.splice(0).map((p) => dropQueuePrefix(p)));
  await tdb.db.deleteFrom("probes").execute();
  await tdb.db.deleteFrom("status_changes").execute();
  await tdb.db.deleteFrom("claim_credentials").execute();
  await tdb.db.deleteFrom("listings").execute();
});
afterAll(() => tdb.drop());

async function list(urls: string[]) {
  const ids: string[] = [];
  for (const url of urls) {
    const prepared = await validateSubmission(
      tdb.db,
      {
        name: "fleet",
        description: "fleet seller",
        endpoint_url: url,
        category: "data.other",
        price_amount: 0.01,
      },
      { checkHost: async () => ({ ok: true }), allowHttp: true },
    );
    ids.push((await createListing(tdb.db, prepared)).id);
  }
  return ids;
}

const prober = async (env: Record<string, string>) => {
  const s = await startService("prober", {
    NODE_ENV: "test",
    DATABASE_URL: tdb.url,
    ALLOW_HTTP_ENDPOINTS: "true",
    PROBE_INTERVAL_SCALE: "0.1",
    PROBE_TICK_MS: "300",
    PROBE_HOST_MIN_GAP_MS: "0",
    ...env,
  });
  running.push(s);
  return s;
};

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const probedCount = async () =>
  Number(
    (
      await tdb.db
        .selectFrom("listings")
        .select((e) => e.fn.countAll().as("n"))
        .where("probe_count", ">", 0)
        .executeTakeFirstOrThrow()
    ).n,
  );

// These start prober processes (tsx): on a loaded machine the start alone takes seconds.
const PROCESS_TEST_MS = 120_000;

describe("scheduling across replicas", () => {
  it(
    "two prober processes on one queue: every listing probed once for its slot, none skipped",
    async () => {
      const fleet = await startSellerFleet(40, "0x1111111111111111111111111111111111111111");
      try {
        const ids = await list(fleet.urls);
        const prefix = ownPrefix("two");
        await Promise.all(
          [1, 2].map(() => prober({ QUEUE_PREFIX: prefix, SSRF_ALLOW_HOSTS: fleet.allowanceEnv })),
        );
        await until("all probed", async () => (await probedCount()) === ids.length, 60_000);
        await new Promise((r) => setTimeout(r, 1000)); // let any duplicate delivery show itself
        const rows = await tdb.db.selectFrom("probes").select(["listing_id", "slot"]).execute();
        expect(rows).toHaveLength(ids.length);
        expect(new Set(rows.map((r) => r.listing_id)).size).toBe(ids.length);
        expect(fleet.hits()).toBe(ids.length);
        const counts = await tdb.db.selectFrom("listings").select("probe_count").execute();
        expect(counts.every((c) => c.probe_count === 1)).toBe(true);
      } finally {
        await fleet.stop();
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    "SIGKILL of a prober mid-batch loses no job and doubles none: another replica probes every due listing, each recorded once",
    async () => {
      const fleet = await startSellerFleet(24, "0x1111111111111111111111111111111111111111", {
        delayMs: 1500,
      });
      try {
        const ids = await list(fleet.urls);
        const prefix = ownPrefix("kill");
        const env = {
          QUEUE_PREFIX: prefix,
          SSRF_ALLOW_HOSTS: fleet.allowanceEnv,
          PROBE_STALLED_MS: "2000",
          PROBE_TIMEOUT_MS: "5000",
        };
        const a = await prober({ ...env, PROBE_CONCURRENCY: "8" });
        await until("mid-batch", async () => fleet.hits() >= 4, 15_000);
        a.child.kill("SIGKILL");
        expect(await probedCount()).toBeLessThan(ids.length);
        await prober({ ...env, PROBE_CONCURRENCY: "24" });
        await until("every due listing probed", async () => (await probedCount()) === ids.length, 45_000);
        await new Promise((r) => setTimeout(r, 1000)); // let any duplicate delivery show itself
        // Each listing recorded once for its slot: the jobs the killed replica held were done by the other,
        // not twice (a probe it sent but never recorded is sent again: an unpaid GET, recorded once).
        const rows = await tdb.db.selectFrom("probes").select("listing_id").execute();
        expect(rows).toHaveLength(ids.length);
        expect(new Set(rows.map((r) => r.listing_id)).size).toBe(ids.length);
        const counts = await tdb.db.selectFrom("listings").select("probe_count").execute();
        expect(counts.every((c) => c.probe_count === 1)).toBe(true);
      } finally {
        await fleet.stop();
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    "politeness: many listings on one host are spread out, not probed in a burst",
    async () => {
      const fleet = await startSellerFleet(1, "0x1111111111111111111111111111111111111111");
      try {
        // five distinct endpoints on one host
        const base = fleet.urls[0]!;
        await list([1, 2, 3, 4, 5].map((i) => `${base}?v=${i}`));
        await prober({
          QUEUE_PREFIX: ownPrefix("polite"),
          SSRF_ALLOW_HOSTS: fleet.allowanceEnv,
          PROBE_HOST_MIN_GAP_MS: "1000",
        });
        await until("all five probed", async () => (await probedCount()) === 5, 30_000);
        const times = (await tdb.db.selectFrom("probes").select("at").orderBy("at").execute()).map((r) =>
          r.at.getTime(),
        );
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(900);
      } finally {
        await fleet.stop();
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    "a Redis restart: the prober resumes by itself",
    async () => {
      const port = await freePort();
      const startRedis = () =>
        spawn(
          "redis-server",
          ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
          { stdio: "ignore" },
        );
      let redis: ChildProcess = startRedis();
      const fleet = await startSellerFleet(10, "0x1111111111111111111111111111111111111111");
      try {
        await new Promise((r) => setTimeout(r, 300));
        const env = {
          QUEUE_PREFIX: ownPrefix("redis"),
          SSRF_ALLOW_HOSTS: fleet.allowanceEnv,
          REDIS_URL: `redis://127.0.0.1:${port}`,
        };
        await list(fleet.urls.slice(0, 5));
        await prober(env);
        await until("first listings probed", async () => (await probedCount()) === 5, 20_000);
        redis.kill("SIGKILL");
        await new Promise((r) => setTimeout(r, 1500));
        redis = startRedis();
        await list(fleet.urls.slice(5));
        await until("probing resumed after the restart", async () => (await probedCount()) === 10, 30_000);
      } finally {
        redis.kill("SIGKILL");
        await fleet.stop();
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    "a job carrying listings already recorded for their slots (delivered again, or enqueued twice) probes none of them again",
    async () => {
      const fleet = await startSellerFleet(3, "0x1111111111111111111111111111111111111111");
      const redis = workerRedis("redis://127.0.0.1:6379");
      try {
        const [a, , c] = await list(fleet.urls);
        const prefix = ownPrefix("again");
        await prober({ QUEUE_PREFIX: prefix, SSRF_ALLOW_HOSTS: fleet.allowanceEnv });
        await until("all probed", async () => (await probedCount()) === 3, 30_000);
        const slots = new Map(
          (await tdb.db.selectFrom("probes").select(["listing_id", "slot"]).execute()).map((r) => [
            r.listing_id,
            Number(r.slot),
          ]),
        );
        // Two of the three, under a job id the scheduler never gave (it skips the middle listing).
        const probes = producer(jobCatalog.probe, redis, prefix);
        const job = await probes.add("probe", {
          listingId: c!,
          slot: slots.get(c!)!,
          more: [{ listingId: a!, slot: slots.get(a!)! }],
        });
        await until("the job completed", async () => (await job.getState()) === "completed", 15_000);
        expect(fleet.hits()).toBe(3);
        expect(await tdb.db.selectFrom("probes").select("id").execute()).toHaveLength(3);
        const done = await probes.queue.getJob(job.id!);
        expect(done?.returnvalue).toEqual({ probes: 2, skipped: 2, handedOn: 0 });
        await probes.close();
      } finally {
        redis.disconnect();
        await fleet.stop();
      }
    },
    PROCESS_TEST_MS,
  );
});
