import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { testPrefix } from "@tollgate/db/testing";
import { createLimiter, createLogger, parseCidrList, producer } from "@tollgate/platform";
import { ingestSearch, searchLogProducer } from "@tollgate/registry";
import { jobCatalog, type SearchLogJob } from "@tollgate/schema";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// Issue 10 items 4 and 10 against real parts: the API behind a real socket (the peer address matters),
// a trusted proxy on loopback, the Redis limiter, the BullMQ search log and Postgres.
const DISCOVER_PER_MINUTE = 5;
const LOGGED_PER_HOUR = 3;
const SALT = "test-salt-123";
let t: TestApi;
let base = "";
let close: () => void;
const redis = new Redis("redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
const prefix = testPrefix("api_client");
const searchLog = producer(jobCatalog.searchLog, redis, prefix);
const queue = searchLog.queue;

beforeAll(async () => {
  t = await startTestApi({
    trustedProxies: parseCidrList("127.0.0.1"),
    limits: { discoverPerMinute: DISCOVER_PER_MINUTE },
    demand: { salt: SALT },
    discover: {
      logSearch: searchLogProducer(
        searchLog,
        SALT,
        createLogger("test", "silent"),
        createLimiter(redis, { prefix: `${prefix}:rl:search-log`, points: LOGGED_PER_HOUR, durationS: 3600 }),
      ),
    },
  });
  const server = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
  await t.tdb.drop();
});

const discover = (xff: string, query = "q=weather") =>
  fetch(`${base}/v1/discover?${query}`, { headers: { "x-forwarded-for": xff } });

/** Searches waiting in the log queue, oldest first. */
async function queued(): Promise<SearchLogJob[]> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 10)); // fire-and-forget adds land
  const jobs = await queue.getJobs(["waiting"], 0, 1000, true);
  return jobs.map((j) => j.data as SearchLogJob);
}

describe("client address behind a trusted proxy", () => {
  it("rotating the left-most X-Forwarded-For entry does not escape the discover limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < DISCOVER_PER_MINUTE + 3; i++)
      statuses.push((await discover(`6.6.6.${i}, 198.51.100.7`)).status);
    expect(statuses.slice(0, DISCOVER_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(DISCOVER_PER_MINUTE)).toEqual([429, 429, 429]);
    const over = await discover("198.51.100.7");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await over.json()) as { error: string; message: string };
    expect(body.error).toBe("rate_limited");
    expect(body.message).toMatch(/retry after \d+ s/);
    // Another client behind the same proxy is not affected.
    expect((await discover("198.51.100.8")).status).toBe(200);
  });

  it("an IPv6 client is counted by its /64: rotating the interface id does not escape", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= DISCOVER_PER_MINUTE + 2; i++)
      statuses.push((await discover(`2001:db8:aa:bb::${i.toString(16)}`)).status);
    expect(statuses.slice(DISCOVER_PER_MINUTE)).toEqual([429, 429]);
    expect((await discover("2001:db8:aa:bc::1")).status).toBe(200);
  });

  it("an IPv4-mapped IPv6 client counts as its IPv4 address", async () => {
    for (let i = 0; i < DISCOVER_PER_MINUTE; i++)
      expect((await discover(i % 2 ? "198.51.100.9" : "::ffff:198.51.100.9")).status).toBe(200);
    expect((await discover("::ffff:198.51.100.9")).status).toBe(429);
  });

  it("the header of an untrusted peer is ignored", async () => {
    const untrusted = await startTestApi({ limits: { discoverPerMinute: 2 } });
    const server = serve({ fetch: untrusted.app.fetch, hostname: "127.0.0.1", port: 0 });
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/discover`;
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await fetch(url, { headers: { "x-forwarded-for": `198.51.100.${i}` } })).status);
    expect(statuses).toEqual([200, 200, 429]);
    server.close();
    await untrusted.tdb.drop();
  });

  it("Redis unreachable: discover (a read) is answered, a claim challenge (abuse-prone) is 503", async () => {
    // A real client to a port nobody listens on, failing fast like the services' producer connection.
    const dead = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    dead.on("error", () => {}); // the refused connection is the point
    const api = await startTestApi({ limitStore: dead });
    expect((await api.req("GET", "/v1/discover?q=weather")).status).toBe(200);
    const challenge = await api.req("POST", "/v1/listings/lst_00000000000000000000/claim/challenge");
    expect(challenge.status).toBe(503);
    dead.disconnect();
    await api.tdb.drop();
  });
});

describe("demand: one client per /64, and a per-client cap on logged searches", () => {
  it("a seller's search from another address of its /64 is a self-check", async () => {
    await queue.drain();
    const created = await fetch(`${base}/v1/listings`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "2001:db8:5:6::1" },
      body: JSON.stringify(validListing({ endpoint_url: "https://api.example.com/v1/self-check" })),
    });
    expect(created.status).toBe(201);
    expect((await discover("2001:db8:5:6::beef", "q=Paris+weather")).status).toBe(200);
    const [job] = await queued();
    expect(job).toBeDefined();
    await ingestSearch(t.tdb.db, job!);
    const row = await t.tdb.db
      .selectFrom("search_log")
      .select(["self_check", "client_hash"])
      .where("event_id", "=", job!.eventId)
      .executeTakeFirstOrThrow();
    expect(row.self_check).toBe(true);
  });

  it("past the cap a client's searches are answered but not logged; other clients still are", async () => {
    await queue.drain();
    for (let i = 1; i <= LOGGED_PER_HOUR + 2; i++)
      expect((await discover(`2001:db8:7:7::${i}`, "q=hourly+forecast")).status).toBe(200);
    expect((await discover("198.51.100.77", "q=hourly+forecast")).status).toBe(200);
    const jobs = await queued();
    const hashes = jobs.map((j) => j.clientHash);
    expect(jobs).toHaveLength(LOGGED_PER_HOUR + 1);
    // One /64 is one client hash: the k-floor counts it once.
    expect(new Set(hashes.slice(0, LOGGED_PER_HOUR)).size).toBe(1);
    expect(hashes[LOGGED_PER_HOUR]).not.toBe(hashes[0]);
  });
});

describe("discover: category against the taxonomy", () => {
  it("an unknown category is 400 validation_failed naming GET /v1/categories, and is not logged", async () => {
    await queue.drain();
    const res = await discover("198.51.100.20", "category=my+secret+project");
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe("validation_failed");
    expect(body.message).toContain("GET /v1/categories");
    expect(await queued()).toHaveLength(0);
    expect((await discover("198.51.100.20", "category=data.weather")).status).toBe(200);
    expect((await queued()).map((j) => j.category)).toEqual(["data.weather"]);
  });
});
