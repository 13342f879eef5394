import type { serve } from "@hono/node-server";
import { type Chain, createLocalFacilitator, signPaymentFor, startChain } from "@tollgate/devnet";
import { buildDemandSnapshots } from "@tollgate/registry";
import type { FacilitatorClient } from "@x402/core/server";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainPayments, serveTestApi, startTestApi, type TestApi } from "./helpers.js";

/**
 * Round 5 of hostile input, the paid demand report (2 USD) on the local chain: a payment presented where it
 * does not belong (the clusters route, an unknown query, HEAD), presented on the site address, and a snapshot
 * that goes stale while the payment is being verified. Whatever happens, the report leaves only against its
 * exact price, once, and a refusal leaves the payment good for the request it was signed for.
 */
let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
/** Set by a test: runs once the facilitator verified a payment, before the api answers. */
let afterVerify: (() => Promise<void>) | null = null;

const REPORT = 2_000_000n;
const operator = () => chain.wallets.operator.address;
const ledger = () => t.tdb.db.selectFrom("payments").selectAll().execute();
const settled = async () => (await ledger()).filter((r) => r.status === "settled");
const snapshots = () => t.tdb.db.updateTable("demand_snapshots");

beforeAll(async () => {
  chain = await startChain();
  const local = createLocalFacilitator(chain);
  // The real local facilitator; a test may act between its verify and the api's answer.
  const facilitator: FacilitatorClient = {
    ...local,
    verify: async (...args: Parameters<FacilitatorClient["verify"]>) => {
      const v = await local.verify(...args);
      const hook = afterVerify;
      afterVerify = null;
      if (hook) await hook();
      return v;
    },
    settle: (...args: Parameters<FacilitatorClient["settle"]>) => local.settle(...args),
    getSupported: () => local.getSupported(),
  };
  t = await startTestApi({
    payments: chainPayments(chain, { facilitator }),
    demand: { paidTierLive: true, delayHours: 0 },
  });
  ({ server, base } = await serveTestApi(t));
  await buildDemandSnapshots(t.tdb.db, { kFloor: 3 });
}, 60_000);
afterAll(async () => {
  server.close();
  await t.tdb.drop();
  await chain.stop();
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${base}${path}`, { method, headers });
/** The error code of a refusal body. */
const codeOf = async (r: Response) => ((await r.json()) as { error?: string }).error;

describe("a report payment presented where it does not belong buys nothing there and stays good", () => {
  it("at the clusters route, with an unknown query, as HEAD: refused uncharged; then the report, once", async () => {
    const buyer = chain.wallets.buyers[2]!;
    const header = await signPaymentFor(chain, buyer, `${base}/v1/demand/report`);
    const paid = { "payment-signature": header };
    const balance = await chain.balanceOf(buyer.address);
    const before = (await ledger()).length;

    const clusters = await get("/v1/demand/clusters", paid);
    expect(clusters.status).toBe(402);
    expect(await codeOf(clusters)).toBe("invalid_payment");
    for (const q of [
      "?edition=1",
      "?policy_epoch=2026-12-04.1",
      "?limit=1",
      "?x=%00",
      "?report=1&report=1",
    ]) {
      const r = await get(`/v1/demand/report${q}`, paid);
      expect({ q, status: r.status }).toEqual({ q, status: 400 });
      expect(await codeOf(r)).toMatch(/unknown_query_parameter|validation_failed/);
      expect(r.headers.get("payment-response")).toBeNull();
    }
    const head = await get("/v1/demand/report", paid, "HEAD");
    expect(head.status).toBe(402);
    expect(head.headers.get("payment-response")).toBeNull();
    expect(await chain.balanceOf(buyer.address)).toBe(balance);
    expect((await ledger()).length).toBe(before);

    const bought = await get("/v1/demand/report", paid);
    expect(bought.status).toBe(200);
    expect(bought.headers.get("payment-response")).toBeTruthy();
    expect(await chain.balanceOf(buyer.address)).toBe(balance - REPORT);
  });
});

describe("the site address sells the same report", () => {
  it("paid on {site_url}, presented again on {base_url}: the same report, charged once", async () => {
    const buyer = chain.wallets.buyers[3]!;
    const operatorBefore = await chain.balanceOf(operator());
    const header = await signPaymentFor(chain, buyer, `${base}/v1/demand/report`);
    const onSite = await request(`${base}/v1/demand/report`, {
      headers: { host: "site.tollgate.test", "payment-signature": header },
    });
    const siteBody = await onSite.body.json();
    expect(onSite.statusCode).toBe(200);
    const again = await get("/v1/demand/report", { "payment-signature": header });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(siteBody);
    expect(await chain.balanceOf(operator())).toBe(operatorBefore + REPORT);
  });
});

describe("a snapshot that goes stale while the payment verifies", () => {
  it("503 with Retry-After, nothing charged; once fresh, the same payment buys the report once", async () => {
    const buyer = chain.wallets.buyers[4]!;
    const header = await signPaymentFor(chain, buyer, `${base}/v1/demand/report`);
    const balance = await chain.balanceOf(buyer.address);
    const settledBefore = (await settled()).length;
    afterVerify = async () => {
      await snapshots()
        .set({ built_at: new Date(Date.now() - 46 * 60_000) })
        .execute();
    };
    const stale = await get("/v1/demand/report", { "payment-signature": header });
    expect(stale.status).toBe(503);
    expect(stale.headers.get("retry-after")).toBe("900");
    expect(stale.headers.get("payment-response")).toBeNull();
    expect(await codeOf(stale)).toBe("demand_snapshot_stale");
    expect(await chain.balanceOf(buyer.address)).toBe(balance);
    expect((await settled()).length).toBe(settledBefore);

    await snapshots().set({ built_at: new Date() }).execute();
    const bought = await get("/v1/demand/report", { "payment-signature": header });
    expect(bought.status).toBe(200);
    expect(await chain.balanceOf(buyer.address)).toBe(balance - REPORT);
    const repeat = await get("/v1/demand/report", { "payment-signature": header });
    expect(repeat.status).toBe(200);
    expect(await chain.balanceOf(buyer.address)).toBe(balance - REPORT);
    expect((await settled()).length).toBe(settledBefore + 1);
  });
});

describe("one report payment raced", () => {
  it("ten concurrent presentations (the read-only sale computes first): one charge, one report, never a 5xx", async () => {
    const buyer = chain.wallets.buyers[0]!;
    const header = await signPaymentFor(chain, buyer, `${base}/v1/demand/report`);
    const balance = await chain.balanceOf(buyer.address);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => get("/v1/demand/report", { "payment-signature": header })),
    );
    const bodies = await Promise.all(answers.map((a) => a.text()));
    // 409 payment_in_progress (retry the same payment) is the only other answer a duplicate may get.
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const reports = bodies.filter((_, i) => answers[i]!.status === 200);
    expect(reports.length).toBeGreaterThan(0);
    expect(new Set(reports).size).toBe(1);
    expect(await chain.balanceOf(buyer.address)).toBe(balance - REPORT);
  });
});

describe("an underpaid report", () => {
  it("a clusters payment (0.25 USD) presented for the report (2 USD): 402 naming both amounts, uncharged; it still buys the clusters", async () => {
    const buyer = chain.wallets.buyers[1]!;
    const header = await signPaymentFor(chain, buyer, `${base}/v1/demand/clusters`);
    const balance = await chain.balanceOf(buyer.address);
    const rows = (await ledger()).length;
    for (let i = 0; i < 2; i++) {
      const r = await get("/v1/demand/report", { "payment-signature": header });
      expect(r.status).toBe(402);
      expect(r.headers.get("payment-response")).toBeNull();
      const body = (await r.json()) as { error?: string; message?: string; needs?: unknown };
      expect(body.error).toBe("invalid_payment");
      expect(body.message).toMatch(/250000.*2000000/);
      expect(body.needs).toBeUndefined();
    }
    expect(await chain.balanceOf(buyer.address)).toBe(balance);
    expect((await ledger()).length).toBe(rows);
    const clusters = await get("/v1/demand/clusters", { "payment-signature": header });
    expect(clusters.status).toBe(200);
    expect(await chain.balanceOf(buyer.address)).toBe(balance - 250_000n);
  });
});
