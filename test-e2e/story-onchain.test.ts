import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  payingFetch,
  personalSign,
  startChain,
  startDemoSellers,
} from "@tollgate/devnet";
import { decodePaymentResponseHeader } from "@x402/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// On-chain evidence, end to end with every service its own process: a seller is listed and probed (the
// prober records its payTo), buyers pay it through the official x402 client on the local chain, the
// chain-indexer reads the USDC Transfer logs, and the listing's onchain_* fields and the paid verdict's
// onchain_30d show the payments.
let chain: Chain;
let demo: DemoSellers;
let world: World;
let api: string;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const get = async (path: string): Promise<any> => (await fetch(`${api}${path}`)).json();
async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

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
    OPERATOR_PAY_TO: chain.wallets.operator.address,
    FACILITATOR_RPC_URL: chain.rpcUrl,
    FACILITATOR_PRIVATE_KEY: chain.wallets.facilitator.privateKey,
    SIGNING_KEY_FILE: `/tmp/tollgate-e2e-key-${process.pid}.json`,
    CHAIN_RPC_URL: chain.rpcUrl,
    INDEXER_CONFIRMATIONS: "0",
    INDEXER_POLL_MS: "200",
  });
  await world.start("api");
  await world.start("prober");
  await world.start("chain-indexer");
  api = world.url("api");
});
afterAll(async () => {
  await world?.stop();
  await demo?.stop();
  await chain?.stop();
});

describe("on-chain story", () => {
  let id = "";
  const payTo = () => chain.wallets.sellers[0]!.address.toLowerCase();

  it("a listed seller's payTo is indexed: known, and zero before anyone pays", async () => {
    const res = await fetch(`${api}/v1/listings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Weather by the hour",
        description: "Hourly weather forecast for any city, paid per call",
        endpoint_url: demo.sellers["x402-hono"].url,
        category: "data.weather",
        price_amount: 0.01,
      }),
    });
    expect(res.status).toBe(201);
    id = ((await res.json()) as { id: string }).id;
    const before = await until("the payTo indexed", async () => {
      const d = await get(`/v1/listings/${id}`);
      return d.onchain_source === "index" && d;
    });
    expect(before).toMatchObject({
      obs_pay_to: chain.wallets.sellers[0]!.address,
      onchain_tx_count_30d: 0,
      onchain_unique_payers_30d: 0,
      onchain_volume_usd_30d: 0,
      onchain_scope: "own payTo",
      onchain_payto_shared_listings: 1,
      onchain_payto_checked: payTo(),
    });
  });

  it("payments through x402 show in the onchain_* fields and the verdict's onchain_30d", async () => {
    for (const b of [0, 1, 0]) {
      const r = await payingFetch(chain, chain.wallets.buyers[b]!)(demo.sellers["x402-hono"].directUrl);
      expect(r.status).toBe(200);
    }
    const d = await until("the payments indexed", async () => {
      const x = await get(`/v1/listings/${id}`);
      return x.onchain_tx_count_30d === 3 && x.onchain_shape?.sample_n === 3 && x;
    });
    expect(d).toMatchObject({
      onchain_unique_payers_30d: 2,
      onchain_volume_usd_30d: 0.03,
      onchain_count_capped: false,
      onchain_shape: { sample_n: 3, eip3009: 3, plain: 0, other: 0 },
      onchain_wallet: { pay_to: payTo(), tx_count_30d: 3, unique_payers_30d: 2, volume_usd_30d: 0.03 },
    });
    expect(d.onchain_daily).toHaveLength(31);
    expect(d.onchain_daily.at(-1)).toMatchObject({ tx: 3, payers: 2, usd: 0.03 });
    // The stats carry the ledger's totals (served from memory for up to STATS_CACHE_MS).
    const stats = await until("the stats", async () => {
      const st = await get("/v1/stats");
      return st.onchain_30d?.payments === 3 && st;
    });
    expect(stats.onchain_30d).toMatchObject({
      payments: 3,
      unique_payers: 2,
      volume_usd: 0.03,
      pay_tos_paid: 1,
    });
    // The summary in the listing index carries the same figures.
    const index = await get("/v1/listings?limit=50");
    expect(index.results.find((r: { id: string }) => r.id === id)).toMatchObject({ onchain_tx_count_30d: 3 });

    const res = await payingFetch(chain, chain.wallets.buyers[4]!)(`${api}/v1/listings/${id}/verdict`);
    expect(res.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: asserted field by field
    const verdict: any = await res.json();
    expect(verdict.onchain_30d).toMatchObject({
      known: true,
      tx_count: 3,
      unique_payers: 2,
      volume_usd: 0.03,
    });
    expect(verdict.reasons.some((r: string) => r.startsWith("onchain_30d: 3 USDC payments"))).toBe(true);
  });

  it("a payer signs an outcome report for its payment: distinct_payers and the evidence tier move", async () => {
    const payer = chain.wallets.buyers[2]!;
    const r = await payingFetch(chain, payer)(demo.sellers["x402-hono"].directUrl);
    expect(r.status).toBe(200);
    const tx = decodePaymentResponseHeader(r.headers.get("payment-response")!).transaction.toLowerCase();
    const before = await get(`/v1/listings/${id}`);
    expect(before).toMatchObject({ distinct_payers: 0 });
    expect(before.evidence_tier).not.toBe("payer_reported");
    const send = (body: unknown) =>
      fetch(`${api}/v1/reports`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    // Unsigned first: the service says exactly what to sign.
    const hint = await send({ listing_id: id, ok: true, tx_hash: tx });
    expect(hint.status).toBe(400);
    const { message_to_sign } = (await hint.json()) as { message_to_sign: string };
    expect(message_to_sign).toBe(`tollgate report v1\nlisting_id: ${id}\ntx_hash: ${tx}\nok: true`);
    const res = await send({
      listing_id: id,
      ok: true,
      tx_hash: tx,
      payer_signature: await personalSign(payer, message_to_sign),
    });
    expect(res.status).toBe(201);
    const after = await get(`/v1/listings/${id}`);
    expect(after).toMatchObject({ distinct_payers: 1, evidence_tier: "payer_reported" });
    expect(after.report_outcome).toMatchObject({ distinct_payers_reported: 1 });
  });
});
