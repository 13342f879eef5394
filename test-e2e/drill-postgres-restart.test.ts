import { createDb, type Db } from "@tollgate/db";
import { type RunningService, startSellerFleet } from "@tollgate/devnet";
import { createListing, validateSubmission } from "@tollgate/registry";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
  throwawayPostgresUnavailable,
} from "./harness/throwaway.js";
import { createWorld, type World } from "./harness/world.js";

// Drill (issue 16): Postgres restarted under load. The api answers steady read traffic and the prober probes
// a fleet of sellers, each its own process, against a Postgres cluster of the drill's own (the machine's
// shared one serves every other test). Postgres is stopped for real (pg_ctl; once cleanly, once as a crash),
// held down until every read path has been refused, and started again. While it is down reads answer 503 service_unavailable with
// Retry-After and /readyz says why; when it is back both recover by themselves; neither process exits;
// nothing committed before the restart is lost and no probe is recorded twice.
const skip = throwawayPostgresUnavailable();
if (skip) console.warn(`Postgres restart drill skipped: ${skip}`);

const SELLERS = 8;
let pg: ThrowawayPostgres;
let world: World;
let db: Db;
let fleet: Awaited<ReturnType<typeof startSellerFleet>>;
let api: RunningService;
let prober: RunningService;
const ids: string[] = [];

beforeAll(async () => {
  if (skip) return;
  pg = await startThrowawayPostgres();
  fleet = await startSellerFleet(SELLERS, "0x1111111111111111111111111111111111111111");
  world = createWorld({
    DATABASE_URL: pg.url("tollgate_drill"),
    SSRF_ALLOW_HOSTS: fleet.allowanceEnv,
    ALLOW_HTTP_ENDPOINTS: "true",
    // New listings every 2 s: a steady stream of probe writes through the restart.
    PROBE_INTERVAL_SCALE: "0.002",
    PROBE_TICK_MS: "250",
    PROBE_HOST_MIN_GAP_MS: "0",
    PROBE_TIMEOUT_MS: "3000",
  });
  api = await world.start("api");
  db = createDb(world.databaseUrl, { max: 2 });
  for (const url of fleet.urls) {
    const prepared = await validateSubmission(
      db,
      {
        name: "drill seller",
        description: "a seller probed through a Postgres restart",
        endpoint_url: url,
        category: "data.other",
        price_amount: 0.01,
      },
      { checkHost: async () => ({ ok: true }), allowHttp: true },
    );
    ids.push((await createListing(db, prepared)).id);
  }
  prober = await world.start("prober");
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await world?.stop();
  await fleet?.stop();
  pg?.destroy();
});

interface Answer {
  /** When the request was sent. */
  at: number;
  /** When its answer (or its failure) arrived. */
  answeredAt: number;
  path: string;
  status: number;
  retryAfter: string | null;
  error?: string;
  message?: string;
}

/** Steady read traffic from a few agents until stopped; every answer kept (status 0: no HTTP answer at all). */
function readTraffic(base: string, paths: string[], agents = 4) {
  const answers: Answer[] = [];
  let running = true;
  const agent = async (n: number) => {
    for (let i = n; running; i++) {
      const path = paths[i % paths.length]!;
      const at = Date.now();
      try {
        const res = await fetch(`${base}${path}`);
        const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
        answers.push({
          at,
          answeredAt: Date.now(),
          path,
          status: res.status,
          retryAfter: res.headers.get("retry-after"),
          ...pickError(body),
        });
      } catch (err) {
        answers.push({ at, answeredAt: Date.now(), path, status: 0, retryAfter: null, error: String(err) });
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const done = Promise.all(Array.from({ length: agents }, (_, n) => agent(n)));
  return {
    answers,
    async stop() {
      running = false;
      await done;
    },
  };
}
const pickError = (b: { error?: string; message?: string }) =>
  b.error === undefined ? {} : { error: b.error, message: b.message };

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const readyz = async (s: RunningService) => {
  const res = await fetch(`${s.ready.ops_url}/readyz`);
  return { status: res.status, body: (await res.json()) as { checks?: Record<string, string> } };
};
const alive = (s: RunningService) => s.child.exitCode === null && s.child.signalCode === null;
const probeRows = () =>
  db
    .selectFrom("probes")
    .select(["id", "listing_id", "slot", "at"])
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, id: String(r.id) })));

describe.skipIf(skip)("drill: Postgres restarted under load", () => {
  // `fast`: a clean restart (what an operator's restart or a managed failover's switchover does);
  // `immediate`: the server dies without a checkpoint and replays its WAL on start (a crash).
  it.each(["fast", "immediate"] as const)(
    "pg_ctl stop -m %s: reads answer 503 with Retry-After while it is down, recover by themselves, nothing lost or doubled",
    async (mode) => {
      const paths = [`/v1/listings/${ids[0]}`, `/v1/listings/${ids[1]}/history`, "/v1/listings", "/v1/stats"];
      // Probing is under way before the fault: every listing probed at least once.
      await until(
        "every listing probed",
        async () => new Set((await probeRows()).map((r) => r.listing_id)).size === ids.length,
      );
      const traffic = readTraffic(world.url("api"), paths);
      try {
        await until("reads flowing", () =>
          paths.every((p) => traffic.answers.some((a) => a.path === p && a.status === 200)),
        );
        const before = await probeRows();
        const downAt = Date.now();
        pg.stop(mode);

        // Down: hold it down until every read path has been refused, and both processes say why they are unready.
        const refusedDuringOutage = () =>
          paths.every((p) => traffic.answers.some((a) => a.at >= downAt && a.path === p && a.status === 503));
        await until("every read path answered 503", refusedDuringOutage);
        const apiReady = await readyz(api);
        const proberReady = await readyz(prober);
        expect(apiReady.status).toBe(503);
        expect(apiReady.body.checks?.postgres).not.toBe("ok");
        expect(proberReady.status).toBe(503);
        expect(proberReady.body.checks?.postgres).not.toBe("ok");
        expect(alive(api) && alive(prober)).toBe(true);

        const upAt = Date.now();
        pg.start();
        // Back: by themselves, with nothing done to either process.
        await until("every read path answers 200 again", () =>
          paths.every((p) => traffic.answers.some((a) => a.at >= upAt && a.path === p && a.status === 200)),
        );
        await until("api ready again", async () => (await readyz(api)).status === 200);
        await until("prober ready again", async () => (await readyz(prober)).status === 200);
        await until("every listing probed again after the restart", async () => {
          const after = (await probeRows()).filter((r) => r.at.getTime() > upAt);
          return new Set(after.map((r) => r.listing_id)).size === ids.length;
        });
        const recoveredAt = Date.now();
        await new Promise((r) => setTimeout(r, 1000));
        await traffic.stop();

        // Every answer was a 200 or the documented refusal; none went unanswered, none was a 500.
        for (const a of traffic.answers) {
          if (a.status === 200) continue;
          expect(a).toMatchObject({ status: 503, retryAfter: "5", error: "service_unavailable" });
          expect(a.message).toMatch(/temporarily unavailable/);
          // A request sent just before the stop may be refused: what counts is that it was answered after it.
          expect(a.answeredAt).toBeGreaterThanOrEqual(downAt);
        }
        // Once recovered it stays recovered.
        expect(traffic.answers.filter((a) => a.at >= recoveredAt && a.status !== 200)).toEqual([]);
        expect(alive(api) && alive(prober)).toBe(true);

        // Nothing committed before the restart is lost; no probe recorded twice; counts match the rows.
        const after = await probeRows();
        const afterIds = new Set(after.map((r) => r.id));
        expect(before.filter((r) => !afterIds.has(r.id))).toEqual([]);
        expect(new Set(after.map((r) => `${r.listing_id}/${r.slot}`)).size).toBe(after.length);
        const counts = await db
          .selectFrom("listings")
          .leftJoin("probes", "probes.listing_id", "listings.id")
          .select(["listings.id", "listings.probe_count", sql<number>`count(probes.id)::int`.as("rows")])
          .groupBy(["listings.id", "listings.probe_count"])
          .execute();
        expect(counts).toHaveLength(ids.length);
        for (const c of counts)
          expect({ id: c.id, probe_count: c.probe_count }).toEqual({ id: c.id, probe_count: c.rows });
      } finally {
        await traffic.stop();
      }
    },
  );

  it("after both restarts each process still stops cleanly on SIGTERM", async () => {
    expect(await api.stop("SIGTERM")).toBe(0);
    expect(await prober.stop("SIGTERM")).toBe(0);
  });
});
