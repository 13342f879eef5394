import type { serve } from "@hono/node-server";
import { type Chain, signPaymentFor, startChain } from "@tollgate/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chainPayments,
  markVerified,
  serveTestApi,
  startTestApi,
  type TestApi,
  validListing,
} from "./helpers.js";

/**
 * Round 4 of hostile input, paid routes on the local chain: a HEAD request carrying a real, valid payment.
 * HEAD is served by the GET route, so it used to be sold like the GET — settled on-chain, answered 200 with
 * the body stripped, and the same payment then refused with GET as `payment_already_used` (another request):
 * the buyer paid for an answer nobody could read. A HEAD now presents no payment: the 402 terms, uncharged,
 * and the payment stays good for the GET.
 */
let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
let listingId = "";
let token = "";

beforeAll(async () => {
  chain = await startChain();
  t = await startTestApi({ payments: chainPayments(chain) });
  ({ server, base } = await serveTestApi(t));
  const created = await (await t.req("POST", "/v1/listings", validListing())).json();
  listingId = created.id;
  token = created.claim_token;
  await markVerified(t.tdb.db, [listingId]);
}, 60_000);
afterAll(async () => {
  server.close();
  await t.tdb.drop();
  await chain.stop();
});

const ledger = () => t.tdb.db.selectFrom("payments").selectAll().execute();
const plans = () => t.tdb.db.selectFrom("verify_plans").selectAll().execute();

describe("a HEAD request is never charged, whatever payment it carries", () => {
  it.each([
    ["verdict", "/verdict", {}],
    ["purchases", "/purchases", {}],
    ["verify-now (the owner's token too)", "/verify-now", { "x-claim-token": "TOKEN" }],
  ])(
    "%s: 402 terms, no receipt, no USDC moved, no ledger row; the payment still buys the GET",
    async (_what, route, extra) => {
      const url = `${base}/v1/listings/${listingId}${route}`;
      const buyer = chain.wallets.buyers[1]!;
      const headers = Object.fromEntries(
        Object.entries(extra as Record<string, string>).map(([k, v]) => [k, v.replace("TOKEN", token)]),
      );
      const payment = await signPaymentFor(chain, buyer, url);
      const balance = await chain.balanceOf(buyer.address);
      const rowsBefore = (await ledger()).length;
      const plansBefore = (await plans()).length;

      const head = await fetch(url, {
        method: "HEAD",
        headers: { ...headers, "payment-signature": payment },
      });
      expect(head.status).toBe(402);
      expect(head.headers.get("payment-response")).toBeNull();
      const terms = JSON.parse(Buffer.from(head.headers.get("payment-required") ?? "", "base64").toString());
      expect(terms).toMatchObject({
        x402Version: 2,
        accepts: expect.arrayContaining([expect.objectContaining({ scheme: "exact" })]),
      });
      expect(await head.text()).toBe("");
      expect(await chain.balanceOf(buyer.address)).toBe(balance);
      expect((await ledger()).length).toBe(rowsBefore);
      expect((await plans()).length).toBe(plansBefore);

      // The payment was not spent: the GET (POST for verify-now) it was signed for is sold with it, once.
      const method = route === "/verify-now" ? "POST" : "GET";
      const paid = await fetch(url, { method, headers: { ...headers, "payment-signature": payment } });
      expect(paid.status).toBe(200);
      expect(paid.headers.get("payment-response")).toBeTruthy();
      expect(await chain.balanceOf(buyer.address)).toBeLessThan(balance);
    },
    60_000,
  );
});
