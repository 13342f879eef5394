import { createDb, type Db } from "@tollgate/db";
import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  FORECAST_SCHEMA,
  payingFetch,
  type RunningService,
  startChain,
  startDemoSellers,
  startService,
} from "@tollgate/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// The scout at work, every part its own process on the local chain: two sellers are submitted and probed to
// verified; two scout replicas buy from them with the scout's own wallet; the honest seller earns its first
// rung and a paid verdict of `pay`, the one that took the money and answered nothing gets `avoid`; and the
// purchase history, bought with the official client, lists settlements that exist on the chain.
let chain: Chain;
let demo: DemoSellers;
let world: World;
let api: string;
let db: Db;
const extraScouts: RunningService[] = [];
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
    CHAIN_RPC_URL: chain.rpcUrl,
    OPERATOR_PAY_TO: chain.wallets.operator.address,
    FACILITATOR_RPC_URL: chain.rpcUrl,
    FACILITATOR_PRIVATE_KEY: chain.wallets.facilitator.privateKey,
    SIGNING_KEY_FILE: `/tmp/tollgate-e2e-scout-key-${process.pid}.json`,
    SCOUT_TICK_MS: "300",
    SCOUT_TIMEOUT_MS: "5000",
  });
  await world.start("api");
  await world.start("prober");
  api = world.url("api");
  db = createDb(world.databaseUrl, { max: 2 });
});
afterAll(async () => {
  await Promise.all(extraScouts.map((s) => s.stop()));
  await db?.destroy();
  await world.stop();
  await demo.stop();
  await chain.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const get = async (path: string): Promise<any> => (await fetch(`${api}${path}`)).json();
async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
const submit = async (url: string, name: string) => {
  const res = await fetch(`${api}/v1/listings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name,
      description: `${name}: hourly weather forecast`,
      endpoint_url: url,
      category: "data.weather",
      price_amount: 0.01,
      response_schema: FORECAST_SCHEMA,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
};

describe("scout story", () => {
  let honest = "";
  let cheat = "";
  it("submitted sellers are probed to verified", async () => {
    honest = await submit(demo.sellers["x402-hono"].url, "Honest seller");
    cheat = await submit(demo.sellers["cheat-empty"].url, "Seller that answers nothing");
    for (const id of [honest, cheat])
      await until(`${id} verified`, async () => (await get(`/v1/listings/${id}`)).status === "verified");
  });

  it("two scout replicas buy from both, each once, and the rungs move", async () => {
    const scoutBefore = await chain.balanceOf(chain.wallets.scout.address);
    await world.start("scout-buyer");
    extraScouts.push(await startService("scout-buyer", world.env));
    const h = await until("honest bought", async () => {
      const d = await get(`/v1/listings/${honest}`);
      return d.paid_verification_latest ? d : null;
    });
    const c = await until("cheat bought", async () => {
      const d = await get(`/v1/listings/${cheat}`);
      return d.paid_verification_latest ? d : null;
    });
    expect(h).toMatchObject({
      paid_verified: true,
      evidence_tier: "paid_verified",
      paid_depth: { rung: "paid_verified", deliveries: 1 },
      paid_verification: { verified: true, schema_validated: true },
    });
    expect(c).toMatchObject({ paid_verified: false, paid_verification_latest: { delivered: false } });
    expect(c.paid_verification_latest.tx_hash).toMatch(/^0x[0-9a-f]{64}$/); // it took the money
    // Two replicas, one purchase each (re-buys wait SCOUT_REBUY_AFTER_S, three days by default).
    const rows = await db.selectFrom("purchases").select(["listing_id", "state"]).execute();
    expect(rows.filter((r) => r.listing_id === honest)).toHaveLength(1);
    expect(rows.filter((r) => r.listing_id === cheat)).toHaveLength(1);
    expect(await chain.balanceOf(chain.wallets.scout.address)).toBe(scoutBefore - 20_000n);
  });

  it("a paid verdict says pay for the honest seller and avoid for the one that delivered nothing", async () => {
    // The payTo has been served for a month (the verdict's payto_recent rule wants 7 days of history).
    await db
      .updateTable("listings")
      .set({ obs_first_seen_at: new Date(Date.now() - 30 * 86_400_000) })
      .where("id", "in", [honest, cheat])
      .execute();
    // and enough clean probes have come in for a score of at least 0.9.
    await until("score 0.9", async () => (await get(`/v1/listings/${honest}`)).score >= 0.9);
    const buyer = payingFetch(chain, chain.wallets.buyers[1]!);
    const good = await json(await buyer(`${api}/v1/listings/${honest}/verdict`));
    const bad = await json(await buyer(`${api}/v1/listings/${cheat}/verdict`));
    expect(good.reasons).toContain("paid_delivery_ok: the latest real purchase delivered");
    expect(good.verdict).toBe("pay");
    expect(bad.verdict).toBe("avoid");
    expect(bad.reasons.join(" ")).toMatch(/paid_delivery_failed/);
  });

  it("the purchase history, paid with the official client, lists transactions that exist on the chain", async () => {
    const res = await payingFetch(chain, chain.wallets.buyers[1]!)(`${api}/v1/listings/${honest}/purchases`);
    expect(res.status).toBe(200);
    const history = await json(res);
    expect(history.purchases).toHaveLength(1);
    const [p] = history.purchases;
    expect(p).toMatchObject({ outcome: "delivered", delivered: true, schema_valid: true, amount_usdc: 0.01 });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: p.tx_hash });
    expect(receipt.status).toBe("success");
  });
});
