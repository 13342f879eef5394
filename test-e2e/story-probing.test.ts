import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  startChain,
  startDemoSellers,
} from "@tollgate/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// A demo listing goes unverified → verified with the probe interval shortened by config, visible in
// history and /v1/changes; a seller that breaks goes failing. api and prober run as their own processes.
let chain: Chain;
let demo: DemoSellers;
let world: World;
let api: string;
beforeAll(async () => {
  chain = await startChain();
  demo = await startDemoSellers({
    payTo: chain.wallets.sellers[0]!.address,
    facilitator: createLocalFacilitator(chain),
  });
  world = createWorld({
    SSRF_ALLOW_HOSTS: demo.allowanceEnv,
    ALLOW_HTTP_ENDPOINTS: "true",
    PROBE_INTERVAL_SCALE: "0.001",
    PROBE_TICK_MS: "250",
    PROBE_HOST_MIN_GAP_MS: "0",
    PROBE_TIMEOUT_MS: "2000",
  });
  await world.start("api");
  await world.start("prober");
  api = world.url("api");
});
afterAll(async () => {
  await world.stop();
  await demo.stop();
  await chain.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const get = async (path: string): Promise<any> => (await fetch(`${api}${path}`)).json();
async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 150_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe("probing story", () => {
  it("the official x402-hono seller is probed to verified; a broken flaky seller goes failing", async () => {
    const submit = async (url: string, name: string) => {
      const res = await fetch(`${api}/v1/listings`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name,
          description: `${name} demo`,
          endpoint_url: url,
          category: "data.weather",
          price_amount: 0.01,
        }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const good = await submit(demo.sellers["x402-hono"].url, "Official seller");
    const flaky = await submit(demo.sellers.flaky.url, "Flaky seller");
    let last: { status?: string; probe_count?: number; score?: number; error?: string; message?: string } =
      {};
    const verified = await until("verified", async () => {
      const d = await get(`/v1/listings/${good}`);
      last = d;
      return d.status === "verified" ? d : null;
    }).catch((err) => {
      throw new Error(
        `${(err as Error).message}; last state ${JSON.stringify({ status: last.status, probe_count: last.probe_count, score: last.score, error: last.error, message: last.message })}; prober log tail: ${world.services.get("prober")?.logs.slice(-2).join("")}; api log tail: ${world.services.get("api")?.logs.slice(-6).join("")}`,
      );
    });
    expect(verified).toMatchObject({
      x402_version: 2,
      verified_via: "GET",
      obs_network: "eip155:8453",
      amount_usd: 0.01,
    });
    expect(verified.probe_count).toBeGreaterThanOrEqual(16);
    expect(verified.score).toBeGreaterThan(0.8);
    expect(verified.p50_latency_ms).not.toBeNull();
    expect(verified.next_check_by).toBeGreaterThanOrEqual(verified.last_probed_at);
    const history = await get(`/v1/listings/${good}/history`);
    expect(history.history.map((e: { to: string }) => e.to)).toEqual(["unverified", "verified"]);

    demo.sellers.flaky.control.mode = "fail";
    await until("failing", async () => (await get(`/v1/listings/${flaky}`)).status === "failing");
    const changes = await get("/v1/changes");
    const mine = changes.changes.filter((c: { listing_id: string }) => [good, flaky].includes(c.listing_id));
    expect(mine.map((c: { to: string }) => c.to)).toEqual(expect.arrayContaining(["verified", "failing"]));
    const stats = await get("/v1/stats");
    expect(stats.verified).toBeGreaterThanOrEqual(1);
    expect(stats.probes_24h).toBeGreaterThan(16);
  });
});
