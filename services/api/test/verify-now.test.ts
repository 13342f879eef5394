import type { serve } from "@hono/node-server";
import { type Chain, payingFetch, signPaymentFor, startChain } from "@tollgate/devnet";
import { lockPlans } from "@tollgate/registry";
import { decodePaymentResponseHeader } from "@x402/fetch";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainPayments, serveTestApi, startTestApi, type TestApi, validListing } from "./helpers.js";

// Verify-now over x402 v2 on the local chain, paid with the official client: every refusal comes before any
// charge, the owner's token is required on the paid request, a plan opens only once its payment settled,
// one open plan per listing, and a payment buys exactly the offer it was asked for.
let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
const operator = () => chain.wallets.operator.address;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();

async function listing(over: Record<string, unknown> = {}): Promise<{ id: string; token: string }> {
  const n = Math.random().toString(36).slice(2, 10);
  const res = await t.req(
    "POST",
    "/v1/listings",
    validListing({ endpoint_url: `https://pub-${n}.example${n}.com/v1/weather`, ...over }),
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

describe("verify-now", () => {
  it("the unpaid request (anyone) answers 402 with both offers, the asked plan's first", async () => {
    const { id } = await listing();
    for (const method of ["GET", "POST"]) {
      const res = await fetch(url(id), { method });
      expect(res.status).toBe(402);
      const header = JSON.parse(Buffer.from(res.headers.get("payment-required")!, "base64").toString());
      expect(await json(res)).toMatchObject(header);
      expect(header.accepts.map((a: { amount: string; payTo: string }) => [a.amount, a.payTo])).toEqual([
        ["2000000", operator()],
        ["5000000", operator()],
      ]);
    }
    const pack = JSON.parse(
      Buffer.from((await fetch(url(id, "?plan=pack"))).headers.get("payment-required")!, "base64").toString(),
    );
    expect(pack.accepts.map((a: { amount: string }) => a.amount)).toEqual(["5000000", "2000000"]);
  });

  it("refuses before any charge: unknown plan, unknown listing, quote above the cap, missing or wrong token", async () => {
    const { id, token } = await listing();
    const before = await chain.balanceOf(operator());
    const unknownPlan = await fetch(url(id, "?plan=gold"), { method: "POST" });
    expect(unknownPlan.status).toBe(400);
    const up = await json(unknownPlan);
    expect(up.error).toBe("unknown_plan");
    expect(up.plans.map((p: { plan: string; price_usd: number }) => [p.plan, p.price_usd])).toEqual([
      ["single", 2],
      ["pack", 5],
    ]);

    const ghost = await fetch(url("lst_00000000000000000000"), {
      method: "POST",
      headers: { "payment-signature": await signPaymentFor(chain, chain.wallets.buyers[0]!, url(id)) },
    });
    expect(ghost.status).toBe(402);
    expect((await json(ghost)).error).toBe("listing_not_found");

    const dear = await listing({ price_amount: 0.75 });
    const capped = await fetch(url(dear.id), { method: "POST", headers: { "x-claim-token": dear.token } });
    expect(capped.status).toBe(400);
    expect(await json(capped)).toMatchObject({ error: "quote_above_plan_cap", cap_usd: 0.5 });

    // A real payment without the owner's token, or with another's: 401, naming the claim flow.
    const noToken = await payingFetch(chain, chain.wallets.buyers[0]!)(url(id), { method: "POST" });
    expect(noToken.status).toBe(401);
    expect(await json(noToken)).toMatchObject({
      error: "claim_token_required",
      claim_flow: `/v1/listings/${id}/claim`,
    });
    const wrong = await payingFetch(chain, chain.wallets.buyers[0]!)(url(id), {
      method: "POST",
      headers: { "x-claim-token": dear.token },
    });
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).error).toBe("claim_token_invalid");
    // The token's owner only reads progress with it.
    expect((await fetch(url(id, "?view=status"))).status).toBe(401);
    expect((await fetch(url(id, "?view=status"), { headers: { "x-claim-token": token } })).status).toBe(200);

    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await settledFor(id)).toHaveLength(0);
    expect(await plansOf(id)).toHaveLength(0);
  });

  it("a plan given twice is an unknown plan (400 with both plans) on GET and POST, paid or not, never charged", async () => {
    const { id, token } = await listing();
    const before = await chain.balanceOf(operator());
    const q = "?plan=pack&plan=single";
    const signed = await signPaymentFor(chain, chain.wallets.buyers[0]!, url(id, "?plan=pack"), {
      method: "POST",
    });
    for (const [method, headers] of [
      ["GET", {}],
      ["POST", {}],
      ["POST", { "payment-signature": signed, "x-claim-token": token }],
    ] as const) {
      const res = await fetch(url(id, q), { method, headers });
      expect({ method, status: res.status }).toEqual({ method, status: 400 });
      const body = await json(res);
      expect(body.error).toBe("unknown_plan");
      expect(body.plans.map((p: { plan: string }) => p.plan)).toEqual(["single", "pack"]);
      expect(res.headers.get("payment-response")).toBeNull();
    }
    // A view given twice is not the status view (GET); POST has no views and offers the plans as usual.
    const views = await fetch(url(id, "?view=status&view=status"), { headers: { "x-claim-token": token } });
    expect(views.status).toBe(400);
    expect((await json(views)).error).toBe("validation_failed");
    expect((await fetch(url(id, "?view=a&view=b"), { method: "POST" })).status).toBe(402);
    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await settledFor(id)).toHaveLength(0);
    expect(await plansOf(id)).toHaveLength(0);
  });

  it("the owner pays with the official client: 200 queued, the settlement on-chain, the plan opened with it", async () => {
    const { id, token } = await listing();
    const before = await chain.balanceOf(operator());
    const res = await payingFetch(chain, chain.wallets.buyers[1]!)(url(id, "?plan=pack"), {
      method: "POST",
      headers: { "x-claim-token": token },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      listing_id: id,
      plan: "pack",
      purchases: 3,
      purchases_done: 0,
      status: "queued",
      fee_usdc: 5,
      record: `http://tollgate.test/v1/listings/${id}/purchases`,
    });
    expect(body.request_id).toBe(res.headers.get("x-request-id"));
    const receipt = decodePaymentResponseHeader(res.headers.get("payment-response")!);
    expect(receipt.success).toBe(true);
    const tx = await chain.publicClient.getTransactionReceipt({ hash: receipt.transaction as `0x${string}` });
    expect(tx.status).toBe("success");
    expect(await chain.balanceOf(operator())).toBe(before + 5_000_000n);
    const plans = await plansOf(id);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ kind: "pack", state: "open", payment_tx: receipt.transaction });

    const status = await json(await fetch(url(id, "?view=status"), { headers: { "x-claim-token": token } }));
    expect(status).toMatchObject({
      listing_id: id,
      plan: "pack",
      status: "queued",
      purchases_done: 0,
      purchases_total: 3,
      settlement_tx: receipt.transaction,
    });
    expect(status.purchases).toHaveLength(3);

    // One open plan per listing: the next one is refused before anything is offered or charged.
    const again = await fetch(url(id), { method: "POST", headers: { "x-claim-token": token } });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({
      error: "plan_in_progress",
      purchases_done: 0,
      purchases_total: 3,
    });
    const paidAgain = await payingFetch(chain, chain.wallets.buyers[1]!)(url(id), {
      method: "POST",
      headers: { "x-claim-token": token },
    });
    expect(paidAgain.status).toBe(409);
    expect(await chain.balanceOf(operator())).toBe(before + 5_000_000n);
  });

  it("the same payment presented again gets the same answer, charged once; a payment for the other offer is refused", async () => {
    const { id, token } = await listing();
    const before = await chain.balanceOf(operator());
    // Signed for the pack (5 USD) but presented on a single request: refused, uncharged.
    const packPayment = await signPaymentFor(chain, chain.wallets.buyers[2]!, url(id, "?plan=pack"), {
      method: "POST",
    });
    const mismatch = await fetch(url(id), {
      method: "POST",
      headers: { "x-claim-token": token, "payment-signature": packPayment },
    });
    expect(mismatch.status).toBe(402);
    expect((await json(mismatch)).error).toBe("invalid_payment");
    expect(await chain.balanceOf(operator())).toBe(before);

    const single = await signPaymentFor(chain, chain.wallets.buyers[2]!, url(id), { method: "POST" });
    const send = () =>
      fetch(url(id), { method: "POST", headers: { "x-claim-token": token, "payment-signature": single } });
    const first = await send();
    expect(first.status).toBe(200);
    const second = await send();
    expect(second.status).toBe(200);
    expect(await json(second)).toEqual(await json(first));
    expect(second.headers.get("payment-response")).toBe(first.headers.get("payment-response"));
    expect(await chain.balanceOf(operator())).toBe(before + 2_000_000n);
    expect(await plansOf(id)).toHaveLength(1);
  });

  it("two owners' payments racing for one listing: one plan, one charge, the other refused uncharged", async () => {
    const { id, token } = await listing();
    const before = await chain.balanceOf(operator());
    const payments = await Promise.all(
      [3, 4].map((b) => signPaymentFor(chain, chain.wallets.buyers[b]!, url(id), { method: "POST" })),
    );
    const answers = await Promise.all(
      payments.map((p) =>
        fetch(url(id), { method: "POST", headers: { "x-claim-token": token, "payment-signature": p } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await chain.balanceOf(operator())).toBe(before + 2_000_000n);
    expect(await plansOf(id)).toHaveLength(1);
    expect(await settledFor(id)).toHaveLength(1);
  });

  it("an owner replaced by a claim while the payment waits for the plan lock is refused there, uncharged", async () => {
    const { id, token } = await listing();
    const other = await listing();
    const before = await chain.balanceOf(operator());
    const payment = await signPaymentFor(chain, chain.wallets.buyers[0]!, url(id), { method: "POST" });
    // The test holds the listing's plan lock, so the paid request (owner checked, payment verified) waits on it.
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
    const pending = fetch(url(id), {
      method: "POST",
      headers: { "x-claim-token": token, "payment-signature": payment },
    });
    // Wait until the request is blocked on the advisory lock, then let a claim replace the owner's token.
    for (let i = 0; i < 200; i++) {
      const waiting = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`.execute(
        t.tdb.db,
      );
      if (waiting.rows[0]!.n > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const theirs = await t.tdb.db
      .selectFrom("claim_credentials")
      .select("token_sha256")
      .where("listing_id", "=", other.id)
      .executeTakeFirstOrThrow();
    await t.tdb.db
      .updateTable("claim_credentials")
      .set({ token_sha256: theirs.token_sha256 })
      .where("listing_id", "=", id)
      .execute();
    release();
    await holder;
    const res = await pending;
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({
      error: "claim_token_invalid",
      claim_flow: `/v1/listings/${id}/claim`,
    });
    expect(res.headers.get("payment-response")).toBeNull();
    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await plansOf(id)).toHaveLength(0);
    expect(await settledFor(id)).toHaveLength(0);
    // The new owner's token buys the plan.
    const paid = await payingFetch(chain, chain.wallets.buyers[0]!)(url(id), {
      method: "POST",
      headers: { "x-claim-token": other.token },
    });
    expect(paid.status).toBe(200);
    expect(await chain.balanceOf(operator())).toBe(before + 2_000_000n);
  });
});
