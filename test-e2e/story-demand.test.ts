import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type Chain, payingFetch, startChain } from "@tollgate/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// Demand, end to end with every service a separate process: agents search through REST and MCP (each
// from its own client address, given by X-Forwarded-For from a trusted proxy), the searches wait in the
// queue while the aggregator is down, show up in the free feed once the window has moved past them, and a
// paid report is bought with the official x402 client. Nothing under the privacy floor ever shows.
const DELAY_S = 12;
let chain: Chain;
let world: World;
let api: string;
let mcpEndpoint: URL;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();
const from = (ip: string) => ({ "x-forwarded-for": ip });
const NEED = "extract text from scanned invoices";
const PRIVATE = "payroll export for one company";

beforeAll(async () => {
  chain = await startChain();
  world = createWorld({
    OPERATOR_PAY_TO: chain.wallets.operator.address,
    FACILITATOR_RPC_URL: chain.rpcUrl,
    FACILITATOR_PRIVATE_KEY: chain.wallets.facilitator.privateKey,
    SIGNING_KEY_FILE: `/tmp/tollgate-e2e-key-${process.pid}.json`,
    SSRF_ALLOW_HOSTS: "ocr.demandstory.test=203.0.113.8",
    TRUSTED_PROXIES: "127.0.0.1",
    DEMAND_DELAY_HOURS: String(DELAY_S / 3600),
    DEMAND_K_FLOOR: "3",
    DEMAND_FEED_CACHE_MS: "0",
    PAID_DEMAND_LIVE: "true",
    DEMAND_SNAPSHOT_EVERY_MS: "2000",
  });
  await world.start("api");
  await world.start("mcp");
  api = world.url("api");
  mcpEndpoint = new URL(String(world.services.get("mcp")!.ready.endpoint));
});
afterAll(async () => {
  await world.stop();
  await chain.stop();
});

async function mcpClient(ip: string) {
  const client = new Client({ name: `agent-${ip}`, version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(mcpEndpoint, { requestInit: { headers: from(ip) } }),
  );
  return client;
}

async function until<T>(what: string, f: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe("demand story", () => {
  let listingId = "";
  let lastSearchAt = 0;
  it("searches through REST and MCP are queued while the aggregator is down, and none is lost", async () => {
    const created = await fetch(`${api}/v1/listings`, {
      method: "POST",
      headers: { "content-type": "application/json", ...from("198.51.100.9") },
      body: JSON.stringify({
        name: "Invoice OCR",
        description: "Extract text and totals from scanned invoices, paid per page",
        endpoint_url: "https://ocr.demandstory.test/v1/invoices",
        category: "compute.image",
        price_amount: 0.02,
      }),
    });
    expect(created.status).toBe(201);
    listingId = (await json(created)).id;

    // The aggregator runs, then goes down before the searches: they must wait in the queue.
    await world.start("demand-aggregator");
    await world.services.get("demand-aggregator")!.stop();

    for (const ip of ["203.0.113.1", "203.0.113.2"]) {
      const res = await fetch(`${api}/v1/discover?q=${encodeURIComponent(NEED)}`, { headers: from(ip) });
      expect(res.status).toBe(200);
      expect((await json(res)).results.map((r: { id: string }) => r.id)).toContain(listingId);
    }
    const agent = await mcpClient("203.0.113.3");
    const found = await agent.callTool({ name: "find_paid_service", arguments: { query: NEED } });
    expect(found.isError).toBeFalsy();
    await agent.close();
    for (const ip of ["203.0.113.1", "203.0.113.2"])
      await fetch(`${api}/v1/discover?q=${encodeURIComponent(PRIVATE)}`, { headers: from(ip) });
    // The seller checks their own rank: self-monitoring, not demand.
    await fetch(`${api}/v1/discover?q=${encodeURIComponent(NEED)}`, { headers: from("198.51.100.9") });
    lastSearchAt = Date.now();

    // Just asked: the feed's window ends DELAY_S behind live, so nothing shows yet.
    const early = await json(await fetch(`${api}/v1/demand`));
    expect(early.delay_hours).toBeCloseTo(DELAY_S / 3600, 6);
    expect(early.top_needs).toEqual([]);

    await world.start("demand-aggregator");
  });

  it("once the window has moved past them they are in the free feed, over REST and MCP, with the floor applied", async () => {
    // The searches were asked over a few hundred milliseconds: wait until the window's end has passed
    // the last of them, then until all six are in (a lost search times this out).
    const feed = await until("all six searches in the feed", async () => {
      if (Date.now() < lastSearchAt + DELAY_S * 1000) return undefined;
      const f = await json(await fetch(`${api}/v1/demand`));
      return f.total_queries >= 6 ? f : undefined;
    });
    expect(feed.top_needs.find((n: { need: string }) => n.need === NEED)).toMatchObject({
      searches: 3,
      client_ips: 3,
    });
    expect(feed.total_queries).toBe(6);
    expect(feed.self_monitoring_searches).toBe(1);
    expect(JSON.stringify(feed)).not.toContain(PRIVATE);
    expect(feed.withheld.identifying_terms).toBe(1);

    const agent = await mcpClient("203.0.113.50");
    const viaMcp = await agent.callTool({ name: "what_agents_are_asking_for", arguments: {} });
    await agent.close();
    expect((viaMcp.structuredContent as { top_needs: { need: string }[] }).top_needs[0]).toMatchObject({
      need: NEED,
      client_ips: 3,
    });
  });

  it("a paid report, bought with the official x402 client, carries the need and the directory's answer", async () => {
    await until("a sellable report", async () => {
      const res = await fetch(`${api}/v1/demand/report`);
      if (res.status === 503) return undefined;
      expect(res.status).toBe(402);
      return true;
    });
    const before = await chain.balanceOf(chain.wallets.operator.address);
    const res = await until("a report that holds the need", async () => {
      const r = await payingFetch(chain, chain.wallets.buyers[3]!)(`${api}/v1/demand/report`);
      expect(r.status).toBe(200);
      const body = await json(r);
      // The need, with the directory's answer once the listing is in the aggregator's index.
      const n = body.needs.find((x: { need: string }) => x.need === NEED);
      return n?.answered_now?.top_ids?.includes(listingId) ? body : undefined;
    });
    const need = res.needs.find((n: { need: string }) => n.need === NEED);
    expect(need).toMatchObject({ client_ips: 3, searches: 3, seller_self_checks: 1 });
    expect(need.answered_now).toMatchObject({ top_ids: [listingId] });
    expect(JSON.stringify(res)).not.toContain(PRIVATE);
    expect(await chain.balanceOf(chain.wallets.operator.address)).toBeGreaterThanOrEqual(before + 2_000_000n);
  });
});
