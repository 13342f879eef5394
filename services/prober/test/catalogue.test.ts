import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  startChain,
  startDemoSellers,
} from "@tollgate/devnet";
import { createLogger, createSafeHttpClient, hostCheckFrom, type SafeHttpClient } from "@tollgate/platform";
import { createListing, importCatalogue, itemToSubmission, validateSubmission } from "@tollgate/registry";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCatalogueImports } from "../src/catalogue.js";

// Listings from outside: the devnet's Bazaar-style catalogue, read through the SSRF-safe client, becomes
// claimable listings with origin `indexed`, deduplicated by canonical endpoint, and nothing else.
let chain: Chain;
let demo: DemoSellers;
let tdb: TestDatabase;
let client: SafeHttpClient;
let redis: Redis;

beforeAll(async () => {
  chain = await startChain();
  demo = await startDemoSellers({
    payTo: chain.wallets.sellers[0]!.address,
    facilitator: createLocalFacilitator(chain),
  });
  tdb = await createTestDatabase();
  client = createSafeHttpClient({
    verifiedBy: "tollgate-test",
    timeoutMs: 5000,
    allowance: { hosts: demo.allowance, cidrs: [] },
    allowHttp: true,
  });
  redis = new Redis("redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  redis?.disconnect();
  await client?.close();
  await tdb?.drop();
  await demo?.stop();
  await chain?.stop();
});

const policy = () => ({ checkHost: hostCheckFrom(client.resolver), allowHttp: true });
const fetchJson = async (url: string) => (await client.request(url)).json();

describe("catalogue import (origin indexed)", () => {
  it("imports every USDC-on-Base resource once, as claimable indexed listings; skips what is listed", async () => {
    // The honest seller is already listed by its owner: the import leaves it alone.
    const own = await validateSubmission(
      tdb.db,
      {
        name: "Weather",
        description: "Hourly weather",
        endpoint_url: demo.sellers["x402-hono"].url,
        category: "data.weather",
        price_amount: 0.01,
      },
      policy(),
    );
    const owned = await createListing(tdb.db, own);
    // Small pages: the import follows the catalogue's pagination.
    const r = await importCatalogue(tdb.db, {
      url: demo.catalogueUrl,
      fetchJson,
      policy: policy(),
      pageSize: 2,
    });
    expect(r).toMatchObject({
      items: 5,
      created: 3,
      duplicates: 1,
      rejected: { no_usdc_on_base_offer: 1 },
      error: null,
    });
    expect(r.pages).toBe(3);
    const rows = await tdb.db
      .selectFrom("listings")
      .select(["id", "endpoint_url", "origin", "status", "price_amount", "category", "name"])
      .where("origin", "=", "indexed")
      .orderBy("endpoint_url")
      .execute();
    expect(rows.map((x) => x.endpoint_url)).toEqual(
      ["cheat-500", "over-price", "rotate-after-pay"].map((n) => demo.sellers[n as "cheat-500"].url),
    );
    expect(rows.every((x) => x.status === "unverified")).toBe(true);
    expect(rows.find((x) => x.endpoint_url.includes("over-price"))).toMatchObject({
      price_amount: 0.05,
      category: "data.weather",
      name: "Marine weather",
    });
    expect(rows.find((x) => x.endpoint_url.includes("rotate-after-pay"))?.category).toBe("data.finance");
    // Claimable: a credential exists that nobody holds (the claim flow issues the owner's), and the change
    // feed says where it came from.
    const creds = await tdb.db
      .selectFrom("claim_credentials")
      .select("listing_id")
      .where(
        "listing_id",
        "in",
        rows.map((x) => x.id),
      )
      .execute();
    expect(creds).toHaveLength(3);
    const changes = await tdb.db
      .selectFrom("status_changes")
      .select("reasons")
      .where("listing_id", "=", rows[0]!.id)
      .execute();
    expect(changes).toEqual([{ reasons: ["indexed"] }]);
    expect(
      (await tdb.db.selectFrom("listings").select("origin").where("id", "=", owned.id).executeTakeFirst())
        ?.origin,
    ).toBe("submitted");

    // Again: nothing new.
    const again = await importCatalogue(tdb.db, { url: demo.catalogueUrl, fetchJson, policy: policy() });
    expect(again).toMatchObject({ created: 0, duplicates: 4 });
  });

  it("a catalogue at a private address is never fetched; nothing is created", async () => {
    const before = await tdb.db.selectFrom("listings").select("id").execute();
    const r = await importCatalogue(tdb.db, {
      url: `http://127.0.0.1:${demo.port}/discovery/resources`,
      fetchJson,
      policy: policy(),
    });
    expect(r.created).toBe(0);
    expect(r.error).toMatch(/offset 0/);
    expect(await tdb.db.selectFrom("listings").select("id").execute()).toEqual(before);
  });

  it("an item is a submission only with an http resource paid in USDC on Base", () => {
    const base = {
      resource: "https://api.example.com/v1/quote",
      type: "http",
      x402Version: 1,
      accepts: [{ network: "base", asset: chain.usdc, maxAmountRequired: "250000" }],
      description: "Crypto token prices",
    };
    expect(itemToSubmission(base)).toMatchObject({
      ok: true,
      input: { price_amount: 0.25, category: "data.crypto", endpoint_url: base.resource },
    });
    expect(itemToSubmission({ ...base, type: "mcp" })).toEqual({ ok: false, reason: "not_http" });
    expect(itemToSubmission({ ...base, accepts: [{ network: "base", asset: chain.usdc }] })).toEqual({
      ok: false,
      reason: "no_usdc_on_base_offer",
    });
    expect(itemToSubmission({ ...base, resource: "not a url" })).toEqual({
      ok: false,
      reason: "invalid_url",
    });
    expect(itemToSubmission(null)).toEqual({ ok: false, reason: "not_an_object" });
  });

  it("a catalogue's name that wraps lines is imported as one line; a description keeps its lines", () => {
    const base = {
      resource: "https://api.example.com/v1/quote",
      type: "http",
      accepts: [{ network: "base", asset: chain.usdc, maxAmountRequired: "250000" }],
    };
    expect(
      itemToSubmission({ ...base, serviceName: "Token\r\n\tprices", description: "a\nb" }),
    ).toMatchObject({
      ok: true,
      input: { name: "Token prices", description: "a\nb" },
    });
    expect(itemToSubmission({ ...base, description: "Token prices\nby the minute" })).toMatchObject({
      ok: true,
      input: { name: "Token prices by the minute" },
    });
    expect(itemToSubmission({ ...base, serviceName: "Prices \u202emoc.elgoog" })).toMatchObject({
      ok: false,
    });
  });

  it("a name or description cut to its limit is never cut inside a character", () => {
    const base = {
      resource: "https://api.example.com/v1/quote",
      type: "http",
      accepts: [{ network: "base", asset: chain.usdc, maxAmountRequired: "250000" }],
    };
    // The emoji's two UTF-16 halves straddle the 200th and 4000th code unit: a plain slice keeps a lone half.
    const r = itemToSubmission({
      ...base,
      serviceName: `${"n".repeat(199)}\u{1F600} more`,
      description: `${"d".repeat(3999)}\u{1F600} more`,
    });
    expect(r).toMatchObject({ ok: true, input: { name: "n".repeat(199), description: "d".repeat(3999) } });
    const whole = itemToSubmission({ ...base, serviceName: `${"n".repeat(198)}\u{1F600}` });
    expect(whole).toMatchObject({ ok: true, input: { name: `${"n".repeat(198)}\u{1F600}` } });
  });

  it("an item with text Postgres cannot store is refused alone; the items after it are imported", async () => {
    const item = (resource: string, serviceName: string) => ({
      resource,
      type: "http",
      accepts: [{ network: "eip155:8453", asset: chain.usdc, amount: "10000" }],
      serviceName,
      description: "Hourly weather forecast",
    });
    const items = [
      item("https://nul.example.com/a", "Weather\u0000 feed"),
      item("https://surrogate.example.com/a", "Weather \ud800 feed"),
      item("https://fine.example.com/a", "Weather feed"),
    ];
    const r = await importCatalogue(tdb.db, {
      url: "https://catalogue.example.com/resources",
      fetchJson: async () => ({ items }),
      policy: { checkHost: async () => ({ ok: true as const }) },
    });
    expect(r).toMatchObject({ items: 3, created: 1, rejected: { invalid_fields: 2 }, error: null });
    const names = await tdb.db
      .selectFrom("listings")
      .select("name")
      .where("endpoint_url", "like", "%.example.com/a")
      .execute();
    expect(names).toEqual([{ name: "Weather feed" }]);
  });

  it("the prober's import loop takes one round per interval across replicas", async () => {
    const prefix = `test-cat-${process.pid}-${Date.now()}`;
    const reports: { replica: string }[] = [];
    const replica = (name: string) =>
      startCatalogueImports({
        db: tdb.db,
        log: createLogger("catalogue-test", "silent"),
        client,
        redis,
        prefix,
        urls: [demo.catalogueUrl],
        everyMs: 60_000,
        firstDelayMs: 300,
        allowHttp: true,
        onReport: () => reports.push({ replica: name }),
      });
    const a = replica("a");
    const b = replica("b");
    await new Promise((r) => setTimeout(r, 2500));
    await Promise.all([a.close(), b.close()]);
    // One of the two took the round (the Redis key, for the interval); the other ran none.
    expect(reports).toHaveLength(1);
    expect(await redis.pttl(`${prefix}:catalogue-import`)).toBeGreaterThan(50_000);
    await redis.del(`${prefix}:catalogue-import`);
  });
});
