import { testPrefix } from "@tollgate/db/testing";
import { createLimiter, createLogger, producer, producerRedis, redisReady } from "@tollgate/platform";
import { jobCatalog, type SearchLogJob } from "@tollgate/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientHash, searchLogProducer } from "../src/demand/log.js";
import type { SearchEvent } from "../src/listings/discover.js";

// The search log sends searches in batches (issue 17): every search still reaches the queue or is refused by
// the per-client cap exactly as one by one; a batch is sent when full, after its delay, or on flush (shutdown).
const SALT = "salt-search-log";
const prefix = testPrefix("search_log");
// Counters on an auto-pipelining connection, as the api runs them; the queue on a plain one.
const counters = producerRedis("redis://127.0.0.1:6379", { autoPipelining: true });
const connection = producerRedis("redis://127.0.0.1:6379");
const searchLog = producer(jobCatalog.searchLog, connection, prefix);
const log = createLogger("test", "silent");

const search = (clientIp: string, query: string, over: Partial<SearchEvent> = {}): SearchEvent => ({
  source: "rest",
  query,
  category: null,
  params: {},
  resultIds: [],
  clientIp,
  at: new Date(),
  ...over,
});
const queued = async (): Promise<SearchLogJob[]> =>
  (await searchLog.queue.getJobs(["waiting"], 0, 1000, true)).map((j) => j.data as SearchLogJob);
const cap = (name: string, points: number) =>
  createLimiter(counters, { prefix: `${prefix}:rl:${name}`, points, durationS: 3600 });

beforeAll(async () => {
  await Promise.all([redisReady(counters), redisReady(connection)]);
});
afterAll(async () => {
  await searchLog.queue.obliterate({ force: true });
  await searchLog.close();
  counters.disconnect();
  connection.disconnect();
});

describe("search log batches", () => {
  it("holds searches until flushed, then logs each one the cap admits", async () => {
    const logSearch = searchLogProducer(searchLog, SALT, log, cap("a", 3), { batchMs: 60_000 });
    for (let i = 0; i < 5; i++) logSearch(search("198.51.100.1", `weather ${i}`));
    for (let i = 0; i < 2; i++) logSearch(search("198.51.100.2", `stocks ${i}`));
    await new Promise((r) => setTimeout(r, 50));
    expect(await queued()).toHaveLength(0);
    await logSearch.flush();
    const jobs = await queued();
    expect(jobs.map((j) => j.query).sort()).toEqual(
      ["stocks 0", "stocks 1", "weather 0", "weather 1", "weather 2"].sort(),
    );
    expect(jobs.find((j) => j.query === "stocks 0")?.clientHash).toBe(clientHash("198.51.100.2", SALT));
    await searchLog.queue.obliterate({ force: true });
  });

  it("a full batch, or one whose delay passed, is sent without a flush", async () => {
    const full = searchLogProducer(searchLog, SALT, log, cap("b", 100), { batchMs: 60_000, maxBatch: 2 });
    full(search("198.51.100.3", "one"));
    full(search("198.51.100.3", "two"));
    const timed = searchLogProducer(searchLog, SALT, log, cap("c", 100), { batchMs: 20 });
    timed(search("198.51.100.4", "three"));
    const deadline = Date.now() + 5000;
    while ((await queued()).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect((await queued()).map((j) => j.query).sort()).toEqual(["one", "three", "two"]);
    await searchLog.queue.obliterate({ force: true });
  });

  it("a search the catalog refuses is dropped alone; the rest of its batch is logged", async () => {
    const logSearch = searchLogProducer(searchLog, SALT, log, cap("d", 100), { batchMs: 60_000 });
    logSearch(search("198.51.100.5", "fine"));
    logSearch(search("198.51.100.5", "too many categories", { categories: Array(27).fill("data.x") }));
    logSearch(search("198.51.100.5", "also fine"));
    await logSearch.flush();
    expect((await queued()).map((j) => j.query).sort()).toEqual(["also fine", "fine"]);
  });
});
