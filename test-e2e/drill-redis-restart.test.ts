import { randomUUID } from "node:crypto";
import { createDb, type Db } from "@tollgate/db";
import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  probedListingRow,
  type RunningService,
  startChain,
  startDemoSellers,
} from "@tollgate/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startThrowawayRedis, type ThrowawayRedis } from "./harness/throwaway.js";
import { createWorld, type World } from "./harness/world.js";

// Drill (issue 16): Redis restarted. The services whose work is driven by BullMQ job schedulers (the
// scout-buyer's `scout-schedule` tick, the demand-aggregator's `demand-schedule`) and the api that logs
// searches onto a queue run as their own processes against a redis-server of the drill's own (the machine's
// shared one serves every other test). Redis is killed and comes back empty (no persistence), as a cache node
// without a volume does. Nothing is done to the services: the schedules come back by themselves, the scout
// buys again, snapshots are rebuilt, searches are logged and stored again, and no process exits.
let chain: Chain;
let demo: DemoSellers;
let redis: ThrowawayRedis;
let world: World;
let db: Db;
let scout: RunningService;
let aggregator: RunningService;

beforeAll(async () => {
  chain = await startChain();
  demo = await startDemoSellers({
    payTo: chain.wallets.sellers[0]!.address,
    facilitator: createLocalFacilitator(chain),
  });
  redis = await startThrowawayRedis();
  world = createWorld({
    REDIS_URL: redis.url,
    CHAIN_RPC_URL: chain.rpcUrl,
    SSRF_ALLOW_HOSTS: demo.allowanceEnv,
    ALLOW_HTTP_ENDPOINTS: "true",
    SCOUT_TICK_MS: "300",
    SCOUT_TIMEOUT_MS: "5000",
    DEMAND_SNAPSHOT_EVERY_MS: "1000",
    DEMAND_K_FLOOR: "1",
  });
  await world.start("api");
  db = createDb(world.databaseUrl, { max: 2 });
  [scout, aggregator] = await Promise.all([world.start("scout-buyer"), world.start("demand-aggregator")]);
}, 180_000);
afterAll(async () => {
  await db?.destroy();
  await world?.stop();
  redis?.stop();
  await demo?.stop();
  await chain?.stop();
});

/** A verified listing of the honest demo seller whose payTo the prober has seen: due for a first purchase. */
async function listSeller() {
  const s = demo.sellers["x402-hono"];
  const id = randomUUID();
  await db
    .insertInto("listings")
    .values(
      probedListingRow(
        s,
        { id, name: "Drill seller", payTo: chain.wallets.sellers[0]!.address },
        { description: "bought through a Redis restart" },
      ) as never,
    )
    .execute();
  return id;
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Completed jobs of a queue, read from the process's own /metrics (a counter in the process). */
async function completed(s: RunningService, queue: string): Promise<number> {
  const text = await (await fetch(`${s.ready.ops_url}/metrics`)).text();
  const line = text
    .split("\n")
    .find(
      (l) =>
        l.startsWith("tollgate_jobs_total{") &&
        l.includes(`queue="${queue}"`) &&
        l.includes('outcome="completed"'),
    );
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
}
const readyz = async (s: RunningService) => {
  const res = await fetch(`${s.ready.ops_url}/readyz`);
  return { status: res.status, body: (await res.json()) as { checks?: Record<string, string> } };
};
const alive = (s: RunningService) => s.child.exitCode === null && s.child.signalCode === null;
const bought = async (id: string) =>
  (
    await db
      .selectFrom("purchases")
      .select("state")
      .where("listing_id", "=", id)
      .where("dry_run", "=", false)
      .execute()
  ).filter((p) => p.state === "recorded").length;
const snapshotsSince = async (at: Date) =>
  (await db.selectFrom("demand_snapshots").select("id").where("built_at", ">", at).execute()).length;
const searchLogged = async (q: string) =>
  (await db.selectFrom("search_log").select("id").where("query", "=", q).execute()).length;
const discover = (q: string) => fetch(`${world.url("api")}/v1/discover?q=${encodeURIComponent(q)}`);

describe("drill: Redis restarted empty", () => {
  it("schedules and repeatable jobs come back by themselves; the scout buys, snapshots are rebuilt, searches are stored", async () => {
    // Before the fault: each schedule has run, a purchase was made, a search was logged and stored.
    const first = await listSeller();
    await until("the first purchase", async () => (await bought(first)) === 1);
    await until("a snapshot built", async () => (await snapshotsSince(new Date(0))) > 0);
    expect((await discover("hourly weather forecast before")).status).toBe(200);
    await until(
      "the first search stored",
      async () => (await searchLogged("hourly weather forecast before")) === 1,
    );

    redis.kill();
    // Down: both workers say why they are unready, and neither exits.
    await until("both unready for redis", async () =>
      (await Promise.all([scout, aggregator].map(readyz))).every(
        (r) => r.status === 503 && r.body.checks?.redis !== "ok",
      ),
    );
    expect(alive(scout) && alive(aggregator)).toBe(true);
    await redis.start(); // empty: every scheduler, queued job and counter in Redis is gone
    const restartedAt = new Date();
    const ticks = await completed(scout, "scout-schedule");
    const builds = await completed(aggregator, "demand-schedule");

    // Back: nothing done to the processes.
    await until("both ready again", async () =>
      (await Promise.all([scout, aggregator].map(readyz))).every((r) => r.status === 200),
    );
    await until(
      "the scout's tick runs again",
      async () => (await completed(scout, "scout-schedule")) > ticks,
    );
    await until(
      "the snapshot schedule runs again",
      async () => (await completed(aggregator, "demand-schedule")) > builds,
    );
    const second = await listSeller();
    await until("a purchase after the restart", async () => (await bought(second)) === 1);
    await until("a snapshot rebuilt after the restart", async () => (await snapshotsSince(restartedAt)) > 0);
    await until("a search logged after the restart is stored", async () => {
      await discover("hourly weather forecast after");
      return (await searchLogged("hourly weather forecast after")) > 0;
    });

    // The restart bought nothing twice, and every process is still running.
    expect(await bought(first)).toBe(1);
    expect(await bought(second)).toBe(1);
    expect(alive(scout) && alive(aggregator) && alive(world.services.get("api")!)).toBe(true);
  });
});
