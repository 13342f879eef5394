import type { serve } from "@hono/node-server";
import { type Chain, signPaymentFor, startChain } from "@tollgate/devnet";
import { lockPlans } from "@tollgate/registry";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chainPayments,
  markVerified,
  serveTestApi,
  startTestApi,
  type TestApi,
  validListing,
} from "./helpers.js";

// Attack round 6 on verify-now, as an owner who races their own payment: the listing changed between the
// offer (or the owner check) and the sale must be read again where the sale is decided, so a plan is never
// sold, nor charged, for a listing that cannot be sold one (quoting above 0.50 USD, or delisted).
let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
const operator = () => chain.wallets.operator.address;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();

async function listing(): Promise<{ id: string; token: string }> {
  const n = Math.random().toString(36).slice(2, 10);
  const res = await t.req(
    "POST",
    "/v1/listings",
    validListing({ endpoint_url: `https://pub-${n}.example${n}.com/v1/weather`, price_amount: 0.4 }),
  );
  expect(res.status).toBe(201);
  const body = await json(res);
  return { id: body.id, token: body.claim_token };
}

const url = (id: string, q = "") => `${base}/v1/listings/${id}/verify-now${q}`;
const plansOf = (id: string) =>
  t.tdb.db.selectFrom("verify_plans").selectAll().where("listing_id", "=", id).execute();
const settledFor = (id: string) =>
  t.tdb.db
    .selectFrom("payments")
    .selectAll()
    .where("listing_id", "=", id)
    .where("status", "=", "settled")
    .execute();

beforeAll(async () => {
  chain = await startChain();
  t = await startTestApi({ payments: chainPayments(chain) });
  ({ server, base } = await serveTestApi(t));
});
afterAll(async () => {
  server.close();
  await t.tdb.drop();
  await chain.stop();
});

/**
 * Hold the listing's plan lock while the paid request (owner checked, payment verified) reaches it, run
 * `meanwhile`, then let the request decide. Returns its answer.
 */
async function whileTheSaleWaits(
  id: string,
  token: string,
  payment: string,
  meanwhile: () => Promise<void>,
  q = "",
): Promise<Response> {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let locked!: () => void;
  const lockHeld = new Promise<void>((r) => {
    locked = r;
  });
  const holder = t.tdb.db.transaction().execute(async (trx) => {
    await lockPlans(trx as never, id);
    locked();
    await released;
  });
  await lockHeld;
  const pending = fetch(url(id, q), {
    method: "POST",
    headers: { "x-claim-token": token, "payment-signature": payment },
  });
  let waited = false;
  for (let i = 0; i < 400 && !waited; i++) {
    const waiting = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`.execute(t.tdb.db);
    waited = waiting.rows[0]!.n > 0;
    if (!waited) await new Promise((r) => setTimeout(r, 25));
  }
  expect(waited).toBe(true);
  await meanwhile();
  release();
  await holder;
  return pending;
}

describe("verify-now is decided on the listing as it is when the sale is decided", () => {
  it("the price raised above 0.50 USD while the payment waits: 400 quote_above_plan_cap, never charged", async () => {
    const { id, token } = await listing();
    const before = await chain.balanceOf(operator());
    const payment = await signPaymentFor(chain, chain.wallets.buyers[0]!, url(id), { method: "POST" });
    const res = await whileTheSaleWaits(id, token, payment, async () => {
      const patched = await t.req(
        "PATCH",
        `/v1/listings/${id}`,
        { price_amount: 3 },
        { "x-claim-token": token },
      );
      expect(patched.status).toBe(200);
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ error: "quote_above_plan_cap", cap_usd: 0.5, price_usd: 3 });
    expect(res.headers.get("payment-response")).toBeNull();
    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await plansOf(id)).toHaveLength(0);
    expect(await settledFor(id)).toHaveLength(0);
    // Back under the cap, the same payment buys the plan, once.
    await t.req("PATCH", `/v1/listings/${id}`, { price_amount: 0.5 }, { "x-claim-token": token });
    const paid = await fetch(url(id), {
      method: "POST",
      headers: { "x-claim-token": token, "payment-signature": payment },
    });
    expect(paid.status).toBe(200);
    expect(await chain.balanceOf(operator())).toBe(before + 2_000_000n);
    expect(await plansOf(id)).toHaveLength(1);
  });

  it("the listing delisted while the payment waits: 402 listing_not_found, never charged, no plan", async () => {
    const { id, token } = await listing();
    const before = await chain.balanceOf(operator());
    const payment = await signPaymentFor(chain, chain.wallets.buyers[1]!, url(id, "?plan=pack"), {
      method: "POST",
    });
    const pending = await whileTheSaleWaits(
      id,
      token,
      payment,
      async () => {
        const del = await t.req("DELETE", `/v1/listings/${id}`, undefined, { "x-claim-token": token });
        expect(del.status).toBe(200);
      },
      "?plan=pack",
    );
    expect(pending.status).toBe(402);
    expect((await json(pending)).error).toBe("listing_not_found");
    expect(pending.headers.get("payment-response")).toBeNull();
    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await plansOf(id)).toHaveLength(0);
    expect(await settledFor(id)).toHaveLength(0);
  });

  it("raised above the cap after the offer, before paying: 400 before the payment is looked at, never charged", async () => {
    const { id, token } = await listing();
    const offer = await fetch(url(id), { method: "POST" });
    expect(offer.status).toBe(402);
    const payment = await signPaymentFor(chain, chain.wallets.buyers[2]!, url(id), { method: "POST" });
    await t.req("PATCH", `/v1/listings/${id}`, { price_amount: 0.51 }, { "x-claim-token": token });
    const before = await chain.balanceOf(operator());
    const res = await fetch(url(id), {
      method: "POST",
      headers: { "x-claim-token": token, "payment-signature": payment },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe("quote_above_plan_cap");
    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await plansOf(id)).toHaveLength(0);
  });
});

describe("the cap is 0.50 USD: a quote in another currency is not under it", () => {
  it("0.40 ETH per call: 400 quote_above_plan_cap, unpaid and paid, never charged; back in USDC it sells", async () => {
    const { id, token } = await listing();
    const owner = { "x-claim-token": token };
    // Signed on the offer while the listing still quoted 0.40 USDC.
    const payment = await signPaymentFor(chain, chain.wallets.buyers[4]!, url(id), { method: "POST" });
    expect((await t.req("PATCH", `/v1/listings/${id}`, { price_currency: "ETH" }, owner)).status).toBe(200);
    const unpaid = await fetch(url(id), { method: "POST" });
    expect(unpaid.status).toBe(400);
    expect(await json(unpaid)).toMatchObject({ error: "quote_above_plan_cap", cap_usd: 0.5 });
    const before = await chain.balanceOf(operator());
    const paid = await fetch(url(id), {
      method: "POST",
      headers: { ...owner, "payment-signature": payment },
    });
    expect(paid.status).toBe(400);
    expect((await json(paid)).error).toBe("quote_above_plan_cap");
    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await plansOf(id)).toHaveLength(0);
    // Switched to another currency while the payment waits: refused where the sale is decided.
    expect((await t.req("PATCH", `/v1/listings/${id}`, { price_currency: "USDC" }, owner)).status).toBe(200);
    const raced = await whileTheSaleWaits(id, token, payment, async () => {
      expect((await t.req("PATCH", `/v1/listings/${id}`, { price_currency: "EURC" }, owner)).status).toBe(
        200,
      );
    });
    expect(raced.status).toBe(400);
    expect((await json(raced)).error).toBe("quote_above_plan_cap");
    expect(await chain.balanceOf(operator())).toBe(before);
    expect((await t.req("PATCH", `/v1/listings/${id}`, { price_currency: "USDC" }, owner)).status).toBe(200);
    const sold = await fetch(url(id), {
      method: "POST",
      headers: { ...owner, "payment-signature": payment },
    });
    expect(sold.status).toBe(200);
    expect(await chain.balanceOf(operator())).toBe(before + 2_000_000n);
  });
});

describe("one payment, one resource", () => {
  it("a verify-now payment presented for the verdict, and a verdict payment for verify-now: neither buys", async () => {
    const { id, token } = await listing();
    await markVerified(t.tdb.db, [id]);
    const before = await chain.balanceOf(operator());
    const planPayment = await signPaymentFor(chain, chain.wallets.buyers[3]!, url(id), { method: "POST" });
    const verdictUrl = `${base}/v1/listings/${id}/verdict`;
    const onVerdict = await fetch(verdictUrl, { headers: { "payment-signature": planPayment } });
    expect(onVerdict.status).toBe(402);
    expect(onVerdict.headers.get("payment-response")).toBeNull();
    const verdictPayment = await signPaymentFor(chain, chain.wallets.buyers[3]!, verdictUrl);
    const onPlan = await fetch(url(id), {
      method: "POST",
      headers: { "x-claim-token": token, "payment-signature": verdictPayment },
    });
    expect(onPlan.status).toBe(402);
    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await plansOf(id)).toHaveLength(0);
    // Each on its own resource buys it, once.
    expect(
      (
        await fetch(url(id), {
          method: "POST",
          headers: { "x-claim-token": token, "payment-signature": planPayment },
        })
      ).status,
    ).toBe(200);
    expect((await fetch(verdictUrl, { headers: { "payment-signature": verdictPayment } })).status).toBe(200);
    expect(await chain.balanceOf(operator())).toBe(before + 2_000_000n + 5_000n);
  });
});
