import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type Chain, payingFetch, startChain } from "@tollgate/devnet";
import { compactVerify, createRemoteJWKSet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// Money and agents, against the api and mcp running as their own processes on the local chain:
// five free submissions and a paid sixth, a paid verdict whose attestation verifies from the JWKS,
// and an agent that finds, reads and resolves a service through MCP with the official client.
let chain: Chain;
let world: World;
let api: string;
beforeAll(async () => {
  chain = await startChain();
  world = createWorld({
    SSRF_ALLOW_HOSTS: "s.paystory.test=203.0.113.7",
    OPERATOR_PAY_TO: chain.wallets.operator.address,
    FACILITATOR_RPC_URL: chain.rpcUrl,
    FACILITATOR_PRIVATE_KEY: chain.wallets.facilitator.privateKey,
    SIGNING_KEY_FILE: `/tmp/tollgate-e2e-key-${process.pid}.json`,
  });
  await world.start("api");
  await world.start("mcp");
  api = world.url("api");
});
afterAll(async () => {
  await world.stop();
  await chain.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();
const submit = (i: number, f: typeof fetch = fetch) =>
  f(`${api}/v1/listings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: `Story forecast ${i}`,
      description: "Hourly weather forecast for a city, paid per call",
      endpoint_url: `https://s.paystory.test/v1/forecast/${i}`,
      category: "data.weather",
      price_amount: 0.002,
    }),
  });

describe("payments and agents story", () => {
  let firstId = "";
  it("five free submissions, then a sixth paid with the official x402 client", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await submit(i);
      expect(res.status).toBe(201);
      if (i === 0) firstId = (await json(res)).id;
    }
    expect((await submit(5)).status).toBe(402);
    const before = await chain.balanceOf(chain.wallets.operator.address);
    const paid = await submit(5, payingFetch(chain, chain.wallets.buyers[4]!));
    expect(paid.status).toBe(201);
    expect(await chain.balanceOf(chain.wallets.operator.address)).toBe(before + 250_000n);
  });

  it("a paid verdict, its attestation verified with only /.well-known/jwks.json", async () => {
    const res = await payingFetch(chain, chain.wallets.buyers[4]!)(`${api}/v1/listings/${firstId}/verdict`);
    expect(res.status).toBe(200);
    const verdict = await json(res);
    expect(verdict.verdict).toBe("caution"); // never probed: not enough evidence to say pay
    const { payload } = await compactVerify(
      verdict.verification.jws,
      createRemoteJWKSet(new URL(`${api}/.well-known/jwks.json`)),
    );
    expect(JSON.parse(new TextDecoder().decode(payload)).listing_id).toBe(firstId);
  });

  it("an agent finds a service, reads it and resolves it through MCP", async () => {
    const client = new Client({ name: "story-agent", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(String(world.services.get("mcp")!.ready.endpoint))),
    );
    const found = await client.callTool({
      name: "find_paid_service",
      arguments: { query: "weather forecast", limit: 3 },
    });
    const results = (found.structuredContent as { results: { id: string; endpoint_url: string }[] }).results;
    expect(results.length).toBeGreaterThan(0);
    const details = await client.callTool({ name: "get_service_details", arguments: { id: results[0]!.id } });
    expect((details.structuredContent as { id: string }).id).toBe(results[0]!.id);
    const resolved = await client.callTool({
      name: "resolve_endpoint",
      arguments: { url: results[0]!.endpoint_url },
    });
    expect(resolved.structuredContent).toMatchObject({ match: "active" });
    const rest = await json(
      await fetch(`${api}/v1/discover?q=${encodeURIComponent("weather forecast")}&limit=3`),
    );
    expect(results.map((r) => r.id)).toEqual(rest.results.map((r: { id: string }) => r.id));
    await client.close();
  });
});
