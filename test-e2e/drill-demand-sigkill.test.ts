import { createDb, type Db } from "@tollgate/db";
import type { RunningService } from "@tollgate/devnet";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// Drill (issue 16): the demand-aggregator SIGKILLed while it stores the search log. Agents search through the
// api (its own process) while no aggregator runs, so the searches wait on the `search-log` queue; an
// aggregator starts, is killed mid-stream, and a new one takes over. Every search is stored, none twice.
// The jobs the killed process held are stored last: BullMQ hands them out again once their lock expires and
// the stalled-job check runs (30 s each by default), so this drill takes about a minute.
const SEARCHES = 600;
let world: World;
let db: Db;

beforeAll(async () => {
  world = createWorld({
    // One test client makes every search: lift the per-client limits so each one is logged.
    DISCOVER_LIMIT_PER_MINUTE: "1000000",
    DEMAND_LOG_PER_CLIENT_PER_HOUR: "1000000",
  });
  await world.start("api");
  db = createDb(world.databaseUrl, { max: 2 });
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await world?.stop();
});

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const stored = async () => {
  const r = await db
    .selectFrom("search_log")
    .select([sql<number>`count(*)::int`.as("n"), sql<number>`count(distinct query)::int`.as("queries")])
    .where("query", "like", "drill need %")
    .executeTakeFirstOrThrow();
  return r;
};

describe("drill: the demand-aggregator killed mid-stream", () => {
  it("every logged search is stored exactly once across the kill", async () => {
    const api = world.url("api");
    for (let i = 0; i < SEARCHES; i += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, SEARCHES - i) }, async (_, j) => {
          const res = await fetch(`${api}/v1/discover?q=${encodeURIComponent(`drill need ${i + j}`)}`);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }),
      );

    const first: RunningService = await world.start("demand-aggregator");
    await until("the first searches stored", async () => (await stored()).n > 0);
    expect(await first.stop("SIGKILL")).toBe(null);
    world.services.delete("demand-aggregator");
    const atKill = (await stored()).n;
    expect(atKill).toBeLessThan(SEARCHES); // killed mid-stream, not after

    await world.start("demand-aggregator");
    await until("every search stored", async () => (await stored()).n >= SEARCHES);
    await new Promise((r) => setTimeout(r, 1000)); // let any redelivery show itself
    expect(await stored()).toEqual({ n: SEARCHES, queries: SEARCHES });
  });
});
