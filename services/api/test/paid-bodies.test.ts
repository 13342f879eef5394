import { randomBytes } from "node:crypto";
import { createLogger } from "@tollgate/platform";
import { buildDemandSnapshots, ingestSearch } from "@tollgate/registry";
import {
  DemandClusters,
  DemandFeed,
  DemandReport,
  ListingDetail,
  PurchaseHistory,
  Verdict,
  type z,
} from "@tollgate/schema";
import { createSeller, generateSigningKey } from "@tollgate/x402";
import type { FacilitatorClient } from "@x402/core/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAID_WORK } from "../src/payments.js";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// Paid answers are the schemas' shapes (the ones /openapi.json documents and the MCP tools declare): each
// body parses with its schema and nothing in it is unknown to the schema. The facilitator accepts every
// payment here; the money rules themselves are paid.test.ts and paid-recovery.test.ts.
let t: TestApi;
let listingId: string;

const facilitator = {
  verify: async () => ({ isValid: true }),
  settle: async (_p: unknown, r: { network: string }) => ({
    success: true,
    transaction: `0x${randomBytes(32).toString("hex")}`,
    network: r.network,
  }),
  getSupported: async () => ({ kinds: [], extensions: [], signers: {} }),
} as unknown as FacilitatorClient;

/** A fresh x402 v2 exact payment header for `value` atomic USDC (a new EIP-3009 nonce each time). */
const payment = (value: string) =>
  Buffer.from(
    JSON.stringify({
      x402Version: 2,
      accepted: { scheme: "exact", network: "eip155:8453" },
      payload: {
        signature: "0x00",
        authorization: {
          from: `0x${"a1".repeat(20)}`,
          to: `0x${"b2".repeat(20)}`,
          value,
          validAfter: "0",
          validBefore: String(Math.floor(Date.now() / 1000) + 600),
          nonce: `0x${randomBytes(32).toString("hex")}`,
        },
      },
    }),
  ).toString("base64");

/** The body parses with the schema, and parsing drops nothing: no field the schema does not know. */
async function shapedAs<S extends z.ZodType>(schema: S, res: Response): Promise<z.output<S>> {
  expect(res.status).toBe(200);
  const body = await res.json();
  const parsed = schema.parse(body);
  expect(parsed).toEqual(body);
  return parsed;
}

/** Each paid route's price in atomic USDC (the contract's price list). */
const PRICE_ATOMIC: [RegExp, string][] = [
  [/\/verdict$/, "5000"],
  [/\/purchases$/, "10000"],
  [/\/demand\/clusters$/, "250000"],
  [/\/demand\/report$/, "2000000"],
];
const paid = (path: string) =>
  t.req("GET", path, undefined, {
    "payment-signature": payment(PRICE_ATOMIC.find(([p]) => p.test(path))![1]),
  });

beforeAll(async () => {
  t = await startTestApi({
    demand: { paidTierLive: true, kFloor: 1 },
    payments: async (db) => ({
      seller: createSeller({
        db,
        log: createLogger("seller", "silent"),
        facilitator,
        payTo: "0x1111111111111111111111111111111111111111",
        finalizers: PAID_WORK,
      }),
      signingKey: (await generateSigningKey()).key,
    }),
  });
  listingId = (await (await t.req("POST", "/v1/listings", validListing())).json()).id;
  for (const [delivered, body] of [
    [true, "a".repeat(64)],
    [false, null],
  ] as const)
    await t.tdb.db
      .insertInto("purchases")
      .values({
        listing_id: listingId,
        outcome: delivered ? "delivered" : "paid_but_status_500",
        delivered,
        tx_hash: `0x${"b".repeat(64)}`,
        amount_usdc: 0.01,
        quote_amount_atomic: "10000",
        listed_price: 0.01,
        http_status: delivered ? 200 : 500,
        json_valid: delivered,
        schema_valid: null,
        fresh: delivered,
        body_sha256: body,
        failure_reason: delivered ? null : "status_500",
        note: null,
      })
      .execute();
  for (const client of ["c1", "c2"])
    await ingestSearch(t.tdb.db, {
      eventId: randomBytes(8).toString("hex"),
      at: new Date(Date.now() - 60_000).toISOString(),
      source: "rest",
      query: "hourly weather forecast",
      category: null,
      clientHash: client,
      resultIds: [listingId],
      params: {},
    });
  await buildDemandSnapshots(t.tdb.db, { kFloor: 1 });
});
afterAll(() => t.tdb.drop());

describe("paid answers have their schema's shape", () => {
  it("verdict", async () => shapedAs(Verdict, await paid(`/v1/listings/${listingId}/verdict`)));
  it("purchase history", async () => {
    const history = await shapedAs(PurchaseHistory, await paid(`/v1/listings/${listingId}/purchases`));
    expect(history.pairs).toHaveLength(1);
  });
  it("demand clusters", async () => {
    const snapshot = await shapedAs(DemandClusters, await paid("/v1/demand/clusters"));
    expect(snapshot.clusters.length).toBeGreaterThan(0);
  });
  it("demand report", async () => shapedAs(DemandReport, await paid("/v1/demand/report")));
});

describe("free answers the MCP tools share have their schema's shape", () => {
  it("listing detail", async () => shapedAs(ListingDetail, await t.req("GET", `/v1/listings/${listingId}`)));
  it("demand feed", async () => {
    const feed = await shapedAs(DemandFeed, await t.req("GET", "/v1/demand"));
    expect(feed.top_needs.length).toBeGreaterThan(0);
  });
});
