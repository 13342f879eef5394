import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  payingFetch,
  personalSign,
  startChain,
  startDemoSellers,
  type Wallet,
} from "@tollgate/devnet";
import { createTransactionProofReader } from "@tollgate/x402";
import { decodePaymentResponseHeader } from "@x402/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// POST /v1/reports against the local chain: devnet buyers pay devnet sellers through the official x402 client,
// then report with an EIP-191 signature. Good, forged, tampered, replayed and wrong-payTo proofs; the effect
// on distinct_payers, the evidence tier, and ranking from the third distinct payer.
let chain: Chain;
let demoA: DemoSellers;
let demoB: DemoSellers;
let t: TestApi;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();
const payToA = () => chain.wallets.sellers[0]!.address;
const payToB = () => chain.wallets.sellers[1]!.address;

/** A real payment: the official client pays a devnet seller; its settlement transaction. */
async function pay(buyer: Wallet, demo: DemoSellers): Promise<string> {
  const r = await payingFetch(chain, buyer)(demo.sellers["x402-hono"].directUrl);
  expect(r.status).toBe(200);
  return decodePaymentResponseHeader(r.headers.get("payment-response")!).transaction.toLowerCase();
}

const message = (id: string, tx: string, ok: boolean) =>
  `tollgate report v1\nlisting_id: ${id}\ntx_hash: ${tx}\nok: ${ok}`;
const sign = (w: Wallet, m: string) => personalSign(w, m);
const report = (body: unknown, headers: Record<string, string> = {}) =>
  t.req("POST", "/v1/reports", body, { "x-forwarded-for": "ignored", ...headers });

async function listed(name: string, payTo: string, score: number): Promise<string> {
  const n = Math.random().toString(36).slice(2, 10);
  const res = await t.req(
    "POST",
    "/v1/listings",
    validListing({ name, endpoint_url: `https://pub-${n}.example${n}.com/v1/weather` }),
  );
  const id = (await json(res)).id as string;
  // What the prober would have recorded: verified, with the live payTo it saw.
  await t.tdb.db
    .updateTable("listings")
    .set({ status: "verified", score, probe_count: 20, probes_passed: 20, obs_pay_to: payTo })
    .where("id", "=", id)
    .execute();
  return id;
}

let a = "";
let b = "";
beforeAll(async () => {
  chain = await startChain();
  const facilitator = createLocalFacilitator(chain);
  demoA = await startDemoSellers({ payTo: payToA(), facilitator });
  demoB = await startDemoSellers({ payTo: payToB(), facilitator });
  t = await startTestApi({
    reports: { proof: createTransactionProofReader(chain.rpcUrl), usdc: chain.usdc },
  });
  a = await listed("Weather A", payToA(), 0.9);
  b = await listed("Weather B", payToB(), 0.8);
});
afterAll(async () => {
  await t?.tdb.drop();
  await demoA?.stop();
  await demoB?.stop();
  await chain?.stop();
});

describe("POST /v1/reports", () => {
  it("an incomplete attempt answers 400 echoing the exact message_to_sign; nothing is recorded", async () => {
    const tx = `0x${"ab".repeat(32)}`;
    const res = await report({ listing_id: a, ok: true, tx_hash: tx.toUpperCase().replace("0X", "0x") });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error).toBe("validation_failed");
    expect(body.message).toMatch(/payer_signature/);
    expect(body.message_to_sign).toBe(message(a, tx, true));
    const bad = await json(await report({ listing_id: a, ok: "yes", tx_hash: "0x12", detail: 5, extra: 1 }));
    expect(bad.message).toMatch(/ok:.*tx_hash:.*detail:/s);
    expect(bad.message).toMatch(/unknown field/);
    expect(bad.message_to_sign).toBeUndefined();
    expect(await t.tdb.db.selectFrom("outcome_reports").selectAll().execute()).toHaveLength(0);
  });

  it("a payer's signed report of a real payment is recorded once; the listing shows it", async () => {
    const buyer = chain.wallets.buyers[0]!;
    const tx = await pay(buyer, demoA);
    // The receipt reader sees the transfer the indexer would.
    const proof = await createTransactionProofReader(chain.rpcUrl).read(tx);
    expect(proof.found && proof.transfers.some((x) => x.to === payToA().toLowerCase())).toBe(true);
    const body = {
      listing_id: a,
      ok: true,
      tx_hash: tx,
      payer_signature: await sign(buyer, message(a, tx, true)),
      detail: "forecast as promised",
    };
    const res = await report(body);
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({
      listing_id: a,
      tx_hash: tx,
      payer: buyer.address.toLowerCase(),
      pay_to: payToA().toLowerCase(),
      amount_usdc: 0.01,
      ok: true,
      distinct_payers: 1,
      affects_ranking: false,
    });
    const replay = await report(body);
    expect(replay.status).toBe(400);
    expect((await json(replay)).message).toMatch(/already reported/);
    const d = await json(await t.req("GET", `/v1/listings/${a}`));
    expect(d).toMatchObject({ distinct_payers: 1, evidence_tier: "payer_reported" });
    expect(d.report_outcome).toMatchObject({ distinct_payers_reported: 1, distinct_payers_ok: 1 });
  });

  it("forged, tampered, wrong-payTo and unknown-transaction proofs are refused and change nothing", async () => {
    const payer = chain.wallets.buyers[1]!;
    const tx = await pay(payer, demoA);
    const before = await t.tdb.db.selectFrom("outcome_reports").selectAll().execute();
    // Signed by a wallet that did not pay.
    const forged = await report({
      listing_id: a,
      ok: false,
      tx_hash: tx,
      payer_signature: await sign(chain.wallets.buyers[4]!, message(a, tx, false)),
    });
    expect(forged.status).toBe(400);
    const f = await json(forged);
    expect(f.message).toMatch(/no USDC transfer from the signing wallet/);
    expect(f.message_to_sign).toBe(message(a, tx, false));
    // Signed ok: true by the payer, sent as ok: false.
    const tampered = await report({
      listing_id: a,
      ok: false,
      tx_hash: tx,
      payer_signature: await sign(payer, message(a, tx, true)),
    });
    expect(tampered.status).toBe(400);
    // A real payment to another seller, reported against this listing.
    const elsewhere = await pay(payer, demoB);
    const wrongPayTo = await report({
      listing_id: a,
      ok: false,
      tx_hash: elsewhere,
      payer_signature: await sign(payer, message(a, elsewhere, false)),
    });
    expect(wrongPayTo.status).toBe(400);
    expect((await json(wrongPayTo)).message).toMatch(new RegExp(payToA().toLowerCase()));
    // No such transaction.
    const ghost = `0x${"cd".repeat(32)}`;
    const none = await report({
      listing_id: a,
      ok: true,
      tx_hash: ghost,
      payer_signature: await sign(payer, message(a, ghost, true)),
    });
    expect(none.status).toBe(400);
    expect((await json(none)).message).toMatch(/no such transaction/);
    // detail over 500 characters.
    const long = await report({
      listing_id: a,
      ok: true,
      tx_hash: tx,
      payer_signature: await sign(payer, message(a, tx, true)),
      detail: "x".repeat(501),
    });
    expect(long.status).toBe(400);
    // An unknown listing.
    const unknown = await report({
      listing_id: "lst_00000000000000000000",
      ok: true,
      tx_hash: tx,
      payer_signature: await sign(payer, message("lst_00000000000000000000", tx, true)),
    });
    expect(unknown.status).toBe(404);
    expect(await t.tdb.db.selectFrom("outcome_reports").selectAll().execute()).toEqual(before);
  });

  it("ranking moves only from the third distinct payer: then reports weigh 25% beside the probe score", async () => {
    const order = async () =>
      (await json(await t.req("GET", "/v1/discover?category=data.weather"))).results.map(
        (r: { id: string }) => r.id,
      );
    expect(await order()).toEqual([a, b]);
    // buyers[0] already said ok for A; now three payers (1, 2, 3) say it did not deliver.
    for (const i of [1, 2, 3]) {
      const w = chain.wallets.buyers[i]!;
      const tx = await pay(w, demoA);
      const res = await report({
        listing_id: a,
        ok: false,
        tx_hash: tx,
        payer_signature: await sign(w, message(a, tx, false)),
      });
      expect(res.status).toBe(201);
    }
    // 4 distinct payers, 1 ok: 0.75 * 0.9 + 0.25 * 0.25 = 0.7375 < 0.8.
    expect(await order()).toEqual([b, a]);
    const d = await json(await t.req("GET", `/v1/listings/${a}`));
    expect(d).toMatchObject({ distinct_payers: 4, score: 0.9 });
    expect(d.report_outcome.weight).toMatch(/in effect for this listing/);
  });

  it("the blend waits for three distinct payers: two unhappy payers do not move a listing", async () => {
    const c = await listed("Weather C", payToB(), 0.85);
    const order = async () =>
      (await json(await t.req("GET", "/v1/discover?category=data.weather"))).results.map(
        (r: { id: string }) => r.id,
      );
    expect((await order())[0]).toBe(c);
    for (const i of [0, 1]) {
      const w = chain.wallets.buyers[i]!;
      const tx = await pay(w, demoB);
      expect(
        (
          await report({
            listing_id: c,
            ok: false,
            tx_hash: tx,
            payer_signature: await sign(w, message(c, tx, false)),
          })
        ).status,
      ).toBe(201);
    }
    expect((await order())[0]).toBe(c);
  });

  it("reports are rate limited per client (429 with Retry-After)", async () => {
    let last: Response | null = null;
    for (let i = 0; i < 40 && last?.status !== 429; i++) last = await report({});
    expect(last?.status).toBe(429);
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
