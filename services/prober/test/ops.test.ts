import { createServer, type Socket, connect as tcpConnect } from "node:net";
import { createTestDatabase, type TestDatabase, testPrefix } from "@tollgate/db/testing";
import { dropQueuePrefix, type RunningService, startSellerFleet, startService } from "@tollgate/devnet";
import { createListing, validateSubmission } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// One prober process against real Postgres and Redis (reached through a TCP proxy this test can cut), real
// sellers on loopback; its ops port is scraped as Prometheus and the kubelet would.
let tdb: TestDatabase;
const prefix = testPrefix("ops");
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await dropQueuePrefix(prefix);
  await tdb.drop();
});

/** A TCP proxy to the local Redis; `cut()` closes it and every connection through it. */
async function redisProxy() {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = tcpConnect(6379, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => undefined);
      s.on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    url: `redis://127.0.0.1:${(server.address() as { port: number }).port}`,
    cut: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
  };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** One sample of a family in Prometheus text, by its labels (undefined: no such sample). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe("prober operations port", () => {
  it("counts probes by outcome, reports its queues, and goes not-ready when Redis goes away", async () => {
    const fleet = await startSellerFleet(3, "0x1111111111111111111111111111111111111111");
    const proxy = await redisProxy();
    let prober: RunningService | undefined;
    try {
      for (const url of fleet.urls) {
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
        await createListing(tdb.db, prepared);
      }
      prober = await startService("prober", {
        NODE_ENV: "test",
        DATABASE_URL: tdb.url,
        REDIS_URL: proxy.url,
        QUEUE_PREFIX: prefix,
        ALLOW_HTTP_ENDPOINTS: "true",
        PROBE_INTERVAL_SCALE: "0.1",
        PROBE_TICK_MS: "300",
        PROBE_HOST_MIN_GAP_MS: "0",
        SSRF_ALLOW_HOSTS: fleet.allowanceEnv,
        METRICS_HOST: "127.0.0.1",
        METRICS_PORT: "0",
      });
      const ops = String(prober.ready.ops_url);
      expect(ops).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      await until(
        "three passing probes counted",
        async () =>
          sample(await (await fetch(`${ops}/metrics`)).text(), "tollgate_probes_total", {
            outcome: "pass",
            reason: "none",
          }) === 3,
        60_000,
      );
      // A job counts as completed a Redis round trip after its probes are counted: wait for it, not race it.
      // A job may carry several listings (PROBE_JOB_SIZE), so three probes take one job or more.
      await until(
        "the probe jobs completed",
        async () =>
          (sample(await (await fetch(`${ops}/metrics`)).text(), "tollgate_jobs_total", {
            queue: "probe",
            outcome: "completed",
          }) ?? 0) >= 1,
        30_000,
      );
      const text = await (await fetch(`${ops}/metrics`)).text();
      expect(sample(text, "tollgate_queue_depth", { queue: "probe" })).toBeGreaterThanOrEqual(0);
      expect(
        sample(text, "tollgate_queue_oldest_waiting_age_seconds", { queue: "probe-schedule" }),
      ).toBeDefined();
      expect(
        sample(text, "tollgate_jobs_total", { queue: "probe", outcome: "completed" }),
      ).toBeGreaterThanOrEqual(1);
      expect(text).toContain('service="prober"');

      const ready = await fetch(`${ops}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true, checks: { postgres: "ok", redis: "ok" } });

      await proxy.cut();
      await until(
        "not ready without Redis",
        async () => (await fetch(`${ops}/readyz`)).status === 503,
        15_000,
      );
      const body = (await (await fetch(`${ops}/readyz`)).json()) as { checks: Record<string, string> };
      expect(body.checks.postgres).toBe("ok");
      expect(body.checks.redis).not.toBe("ok");
      expect((await fetch(`${ops}/livez`)).status).toBe(200);
      // Scrapes still answer (queue families empty rather than stale).
      const scrape = await fetch(`${ops}/metrics`);
      expect(scrape.status).toBe(200);
      expect(sample(await scrape.text(), "tollgate_queue_depth", { queue: "probe" })).toBeUndefined();
    } finally {
      await prober?.stop("SIGKILL");
      await proxy.cut().catch(() => undefined);
      await fleet.stop();
    }
  }, 120_000);

  it("shows probing behind schedule when listings fall due faster than the scheduler leases them", async () => {
    const own = await createTestDatabase();
    const fleet = await startSellerFleet(6, "0x1111111111111111111111111111111111111111");
    const ownPrefix = testPrefix("lag");
    let prober: RunningService | undefined;
    try {
      for (const url of fleet.urls) {
        const prepared = await validateSubmission(
          own.db,
          {
            name: "fleet",
            description: "fleet seller",
            endpoint_url: url,
            category: "data.other",
            price_amount: 0.01,
          },
          { checkHost: async () => ({ ok: true }), allowHttp: true },
        );
        await createListing(own.db, prepared);
      }
      // Every listing an hour overdue; the scheduler leases one listing every 2 s.
      await own.db
        .updateTable("listings")
        .set({ next_check_by: new Date(Date.now() - 3_600_000) })
        .execute();
      prober = await startService("prober", {
        NODE_ENV: "test",
        DATABASE_URL: own.url,
        QUEUE_PREFIX: ownPrefix,
        ALLOW_HTTP_ENDPOINTS: "true",
        PROBE_INTERVAL_SCALE: "0.1",
        PROBE_TICK_MS: "2000",
        PROBE_CLAIM_BATCH: "1",
        PROBE_HOST_MIN_GAP_MS: "0",
        SSRF_ALLOW_HOSTS: fleet.allowanceEnv,
      });
      const ops = String(prober.ready.ops_url);
      const scrape = async () => await (await fetch(`${ops}/metrics`)).text();
      const behind = await scrape();
      expect(sample(behind, "tollgate_probe_schedule_lag_seconds")).toBeGreaterThanOrEqual(3600);
      // The lag is in Postgres, not in the queue: at most the one leased listing waits there.
      expect(sample(behind, "tollgate_queue_depth", { queue: "probe" })).toBeLessThanOrEqual(1);
      await until(
        "caught up: nothing due",
        async () => sample(await scrape(), "tollgate_probe_schedule_lag_seconds") === 0,
        90_000,
      );
    } finally {
      await prober?.stop("SIGKILL");
      await fleet.stop();
      await dropQueuePrefix(ownPrefix);
      await own.drop();
    }
  }, 120_000);
});
