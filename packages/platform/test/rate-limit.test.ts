import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createLimiter } from "../src/rate-limit.js";

// Against the real Redis, under a prefix of this file. MONITOR on a second connection sees every command the
// limiter sends, so a test can count the round trips for one key.
const prefix = `test_rl_${randomBytes(5).toString("hex")}`;
const redis = new Redis("redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
const watcher = new Redis("redis://127.0.0.1:6379");

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  watcher.disconnect();
});

/** Runs `f`, returning the commands Redis received that name `key` meanwhile. */
async function commandsFor<T>(
  key: string,
  f: () => Promise<T>,
): Promise<{ result: T; commands: string[][] }> {
  const monitor = await watcher.monitor();
  const commands: string[][] = [];
  // A script's own commands are listed too, with "lua" as their source: only the client's count.
  monitor.on("monitor", (_time: string, args: string[], source: string) => {
    if (source !== "lua" && args.some((a) => a.includes(key))) commands.push(args);
  });
  try {
    const result = await f();
    // MONITOR's stream trails the replies: a PING through it comes back after every earlier command.
    await redis.ping();
    await new Promise((r) => setTimeout(r, 50));
    return { result, commands };
  } finally {
    monitor.disconnect();
  }
}

describe("createLimiter", () => {
  it("counts consumes made at once as one increment, answering each as if one after another", async () => {
    const limiter = createLimiter(redis, { prefix: `${prefix}:a`, points: 10, durationS: 60 });
    const { result, commands } = await commandsFor(`${prefix}:a:client`, () =>
      Promise.all(Array.from({ length: 25 }, () => limiter.consume("client"))),
    );
    // The first ten in the order asked pass, the fifteen after them are refused with the window's wait.
    expect(result.slice(0, 10).every((r) => r.ok)).toBe(true);
    for (const r of result.slice(10)) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.retryAfterS).toBeGreaterThanOrEqual(1);
      if (!r.ok) expect(r.retryAfterS).toBeLessThanOrEqual(60);
    }
    // The shared counter ends where 25 single consumes would leave it, after one round trip (25 without batching).
    expect(Number(await redis.get(`${prefix}:a:client`))).toBe(25);
    expect(commands.length).toBeLessThanOrEqual(2);
    expect(commands.length).toBeGreaterThanOrEqual(1);
  });

  it("counts consumes of later turns one by one, and other keys apart", async () => {
    const limiter = createLimiter(redis, { prefix: `${prefix}:b`, points: 2, durationS: 60 });
    expect(await limiter.consume("one")).toEqual({ ok: true });
    expect(await limiter.consume("one")).toEqual({ ok: true });
    const [third, other] = await Promise.all([limiter.consume("one"), limiter.consume("two")]);
    expect(third.ok).toBe(false);
    expect(other).toEqual({ ok: true });
    expect(Number(await redis.get(`${prefix}:b:one`))).toBe(3);
    expect(Number(await redis.get(`${prefix}:b:two`))).toBe(1);
  });

  it("a batch over an already full window refuses every consume in it", async () => {
    const limiter = createLimiter(redis, { prefix: `${prefix}:c`, points: 3, durationS: 60 });
    await Promise.all([limiter.consume("k"), limiter.consume("k"), limiter.consume("k")]);
    const later = await Promise.all([limiter.consume("k"), limiter.consume("k")]);
    expect(later.map((r) => r.ok)).toEqual([false, false]);
  });

  it("an unreachable store fails every consume of the batch (the caller decides to fail open or closed)", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on("error", () => {});
    const limiter = createLimiter(down, { prefix: `${prefix}:d`, points: 5, durationS: 60 });
    const settled = await Promise.allSettled([limiter.consume("k"), limiter.consume("k")]);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
    down.disconnect();
  });
});
