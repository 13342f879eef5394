import type { serve } from "@hono/node-server";
import { type Chain, payingFetch, signPaymentFor, startChain } from "@tollgate/devnet";
import { createMetricsRegistry } from "@tollgate/platform";
import { decodePaymentResponseHeader } from "@x402/fetch";
import { compactVerify, createRemoteJWKSet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFER_FOUND_MS } from "../src/routes/paid/route.js";
import {
  chainPayments,
  markVerified,
  serveTestApi,
  startTestApi,
  type TestApi,
  validListing,
} from "./helpers.js";

let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
let listingId: string;
const operator = () => chain.wallets.operator.address;
const metrics = createMetricsRegistry("api-test");
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();

const signedHeaderFor = (url: string, buyer = 1) => signPaymentFor(chain, chain.wallets.buyers[buyer]!, url);

beforeAll(async () => {
  chain = await startChain();
  t = await startTestApi({ payments: chainPayments(chain, { metrics }), metrics });
  ({ server, base } = await serveTestApi(t));
  listingId = (await (await t.req("POST", "/v1/listings", validListing())).json()).id;
  await markVerified(t.tdb.db, [listingId]);
});
afterAll(async () => {
  server.close();
  await t.tdb.drop();
  await chain.stop();
});

const ledger = () => t.tdb.db.selectFrom("payments").selectAll().orderBy("created_at").execute();

describe("paid routes over x402 v2", () => {
  it("an unpaid verdict answers 402 with the same PaymentRequired in header and body", async () => {
    const res = await fetch(`${base}/v1/listings/${listingId}/verdict`);
    expect(res.status).toBe(402);
    const header = JSON.parse(Buffer.from(res.headers.get("payment-required")!, "base64").toString());
    const body = await json(res);
    expect(body).toMatchObject(header);
    expect(header).toMatchObject({
      x402Version: 2,
      // On the configured public origin (PUBLIC_BASE_URL), whatever host the request named.
      resource: { url: `http://tollgate.test/v1/listings/${listingId}/verdict` },
    });
    expect(header.accepts).toEqual([
      {
        scheme: "exact",
        network: "eip155:8453",
        asset: chain.usdc,
        amount: "5000",
        payTo: operator(),
        maxTimeoutSeconds: 60,
        extra: { name: "USD Coin", version: "2" },
      },
    ]);
  });

  it("the official client pays the verdict: 200, receipt, USDC Transfer on-chain, attestation verifiable from the JWKS alone", async () => {
    const before = await chain.balanceOf(operator());
    const res = await payingFetch(
      chain,
      chain.wallets.buyers[0]!,
    )(`${base}/v1/listings/${listingId}/verdict`);
    expect(res.status).toBe(200);
    const verdict = await json(res);
    expect(verdict).toMatchObject({ listing_id: listingId, verdict: "pay", self_referential: false });
    expect(verdict.reasons.join(" ")).toMatch(/no_paid_delivery_check_yet/);
    const receipt = decodePaymentResponseHeader(res.headers.get("payment-response")!);
    expect(receipt.success).toBe(true);
    const tx = await chain.publicClient.getTransactionReceipt({ hash: receipt.transaction as `0x${string}` });
    const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
    const transfer = tx.logs.find(
      (l) => l.topics[0] === transferTopic && l.address.toLowerCase() === chain.usdc.toLowerCase(),
    );
    expect(transfer?.topics[2]?.toLowerCase()).toBe(
      `0x000000000000000000000000${operator().slice(2).toLowerCase()}`,
    );
    expect(await chain.balanceOf(operator())).toBe(before + 5000n);
    expect((await ledger()).filter((p) => p.status === "settled")).toHaveLength(1);

    const jwks = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`));
    const { payload } = await compactVerify(verdict.verification.jws, jwks);
    const signed = JSON.parse(new TextDecoder().decode(payload));
    expect(signed).toMatchObject({
      listing_id: listingId,
      endpoint_url: "https://api.example.com/v1/weather",
    });
    expect(Object.keys(signed)).toEqual([
      "endpoint_url",
      "issued_at",
      "listing_id",
      "subject",
      "valid_until",
      "verification",
    ]);
    const att = await json(await fetch(`${base}/v1/attestations/${verdict.verification.attestation_id}`));
    expect(att).toMatchObject({
      id: verdict.verification.attestation_id,
      expired: false,
      alg: "EdDSA",
      jws: verdict.verification.jws,
    });
    expect(att.id).toMatch(/^[0-9a-f]{32}$/);
    expect((await fetch(`${base}/v1/attestations/${"0".repeat(32)}`)).status).toBe(404);
    const stats = await json(await fetch(`${base}/v1/stats`));
    expect(stats.verdict_sales).toMatchObject({ total: 1, last_24h: 1, usd_total: 0.005 });
  });

  it("purchases: paid with the official client; unknown id with a payment header is 402 listing_not_found, uncharged", async () => {
    const before = await chain.balanceOf(operator());
    const res = await payingFetch(
      chain,
      chain.wallets.buyers[0]!,
    )(`${base}/v1/listings/${listingId}/purchases`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      listing_id: listingId,
      purchases: [],
      pairs: [],
      summary: { purchases: 0 },
    });
    expect(await chain.balanceOf(operator())).toBe(before + 10_000n);

    const header = await signedHeaderFor(`${base}/v1/listings/${listingId}/purchases`);
    const mid = await chain.balanceOf(operator());
    for (const path of ["purchases", "verdict"]) {
      const unknown = await fetch(`${base}/v1/listings/lst_00000000000000000000/${path}`, {
        headers: { "payment-signature": header },
      });
      expect(unknown.status).toBe(402);
      expect((await json(unknown)).error).toBe("listing_not_found");
    }
    expect(await chain.balanceOf(operator())).toBe(mid);
  });

  it("an unpaid request right after another is offered the terms without the listing read again; a paid one always reads it", async () => {
    const other = (
      await (
        await t.req(
          "POST",
          "/v1/listings",
          validListing({ endpoint_url: "https://api.example.com/v1/offer-cache" }),
        )
      ).json()
    ).id as string;
    const url = `${base}/v1/listings/${other}/verdict`;
    expect((await fetch(url)).status).toBe(402);
    // Delisted just after that offer: the next unpaid request within OFFER_FOUND_MS is still offered the
    // terms (a 402 charges nothing; read again, it would be listing_not_found) …
    await t.tdb.db.updateTable("listings").set({ status: "delisted" }).where("id", "=", other).execute();
    const offered = await fetch(url);
    expect(offered.status).toBe(402);
    expect(offered.headers.get("payment-required")).toBeTruthy();
    expect((await json(offered)).error).toBeUndefined();
    // … while a request with a payment reads the listing itself: refused as unknown, uncharged.
    const header = await signedHeaderFor(`${base}/v1/listings/${listingId}/verdict`, 3);
    const before = await chain.balanceOf(operator());
    const paid = await fetch(url, { headers: { "payment-signature": header } });
    expect(paid.status).toBe(402);
    expect((await json(paid)).error).toBe("listing_not_found");
    expect(await chain.balanceOf(operator())).toBe(before);
    // Once OFFER_FOUND_MS has passed, the unpaid request reads it again.
    await new Promise((r) => setTimeout(r, OFFER_FOUND_MS + 50));
    const later = await fetch(url);
    expect(later.status).toBe(402);
    expect((await json(later)).error).toBe("listing_not_found");
  });

  it("a replayed payment settles once: the same request gets the same answer, another request nothing", async () => {
    const url = `${base}/v1/listings/${listingId}/verdict`;
    const header = await signedHeaderFor(url, 2);
    const before = await chain.balanceOf(operator());
    const first = await fetch(url, { headers: { "payment-signature": header } });
    expect(first.status).toBe(200);
    const firstBody = await json(first);
    const again = await fetch(url, { headers: { "payment-signature": header } });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(firstBody);
    expect(again.headers.get("payment-response")).toBe(first.headers.get("payment-response"));
    // The same authorization presented for another paid request buys nothing.
    const other = await fetch(`${base}/v1/listings/${listingId}/purchases`, {
      headers: { "payment-signature": header },
    });
    expect(other.status).toBe(402);
    expect(await json(other)).toMatchObject({ error: "payment_already_used" });
    expect(await chain.balanceOf(operator())).toBe(before + 5000n);
    const rows = (await ledger()).filter((p) => p.request_sha256 && p.status === "settled");
    expect(new Set(rows.map((r) => r.nonce)).size).toBe(rows.length);
  });

  it("an unknown query parameter on any paid route is 400 unknown_query_parameter, paid or not, before any offer or charge", async () => {
    const buyer = chain.wallets.buyers[1]!.address;
    const balances = async () => [await chain.balanceOf(operator()), await chain.balanceOf(buyer)];
    const header = {
      verdict: await signedHeaderFor(`${base}/v1/listings/${listingId}/verdict`, 1),
      purchases: await signedHeaderFor(`${base}/v1/listings/${listingId}/purchases`, 1),
    };
    const before = await balances();
    const payments = (await ledger()).length;
    const listings = (await t.tdb.db.selectFrom("listings").select("id").execute()).length;
    const submission = JSON.stringify(validListing({ endpoint_url: "https://pub-query.com/v1/x" }));
    const requests: [string, string, string][] = [
      ["GET", `/v1/listings/${listingId}/verdict?x=1`, header.verdict],
      ["GET", `/v1/listings/${listingId}/purchases?x=1`, header.purchases],
      ["GET", "/v1/demand/clusters?x=1", header.verdict],
      ["GET", "/v1/demand/report?x=1", header.verdict],
      ["GET", `/v1/listings/${listingId}/verify-now?plan=pack&x=1`, header.verdict],
      ["POST", `/v1/listings/${listingId}/verify-now?x=1`, header.verdict],
      ["POST", "/v1/listings?x=1", header.verdict],
    ];
    for (const [method, path, payment] of requests)
      for (const headers of [{}, { "payment-signature": payment }] as Record<string, string>[]) {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { "content-type": "application/json", ...headers },
          body: method === "POST" ? submission : undefined,
        });
        const what = `${method} ${path} ${headers["payment-signature"] ? "paid" : "unpaid"}`;
        expect(res.status, what).toBe(400);
        expect(res.headers.get("payment-required"), what).toBeNull();
        expect(res.headers.get("payment-response"), what).toBeNull();
        expect(await json(res), what).toMatchObject({
          error: "unknown_query_parameter",
          message: expect.stringMatching(/\bx\b/),
          request_id: expect.any(String),
        });
      }
    expect(await balances()).toEqual(before);
    expect((await ledger()).length).toBe(payments);
    expect((await t.tdb.db.selectFrom("listings").select("id").execute()).length).toBe(listings);
    // The parameters a paid route does take still work.
    expect((await fetch(`${base}/v1/listings/${listingId}/verdict`)).status).toBe(402);
    expect((await fetch(`${base}/v1/listings/${listingId}/verify-now?plan=pack`)).status).toBe(402);
  });
});

describe("submission fee", () => {
  const on = (i: number) => validListing({ endpoint_url: `https://pub-fee.com/api/${i}`, name: `fee ${i}` });
  it("5 free per registered domain, then 402; validation and duplicates are never charged; paid retry → 201", async () => {
    for (let i = 0; i < 5; i++) expect((await t.req("POST", "/v1/listings", on(i))).status).toBe(201);
    const post = (body: unknown, f: typeof fetch = fetch) =>
      f(`${base}/v1/listings`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const due = await post(on(5));
    expect(due.status).toBe(402);
    const header = JSON.parse(Buffer.from(due.headers.get("payment-required")!, "base64").toString());
    expect(header.accepts[0]).toMatchObject({ amount: "250000", payTo: operator() });
    expect(await json(due)).toMatchObject(header);

    const before = await chain.balanceOf(operator());
    const buyer = payingFetch(chain, chain.wallets.buyers[3]!);
    expect((await post({ ...on(6), category: "nope.nope" }, buyer)).status).toBe(400);
    expect((await post(on(0), buyer)).status).toBe(409);
    expect(await chain.balanceOf(operator())).toBe(before);

    const paid = await post(on(5), buyer);
    expect(paid.status).toBe(201);
    expect((await json(paid)).claim_token).toMatch(/^[0-9a-f]{64}$/);
    expect(paid.headers.get("payment-response")).toBeTruthy();
    expect(await chain.balanceOf(operator())).toBe(before + 250_000n);
  });

  it("metrics: settlements by route and outcome, latency by route pattern (never a raw id)", async () => {
    const text = await metrics.metrics();
    const settled = text
      .split("\n")
      .find((l) => l.startsWith("tollgate_settlements_total{") && l.includes('route="verdict"'));
    expect(settled).toContain('outcome="settled"');
    expect(Number(settled?.split(" ").pop())).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /tollgate_http_request_duration_seconds_count\{[^}]*route="\/v1\/listings\/:id\/verdict"[^}]*status="402"/,
    );
    expect(text).toMatch(
      /tollgate_http_request_duration_seconds_count\{[^}]*route="\/v1\/listings"[^}]*status="201"/,
    );
    expect(text).not.toContain(listingId);
  });
});
