import type { serve } from "@hono/node-server";
import { type Chain, createLocalFacilitator, signPaymentFor, startChain } from "@tollgate/devnet";
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
 * A settlement broadcast but not mined within the facilitator's confirmation wait (a congested chain, or a
 * buyer who times it so). The authorization is then still unused on chain, but the transaction that uses it
 * is on its way: answering 402 "failed" would let the money go with no answer, and invite the buyer to sign
 * and pay again. Real api over HTTP, real Postgres, real facilitator, anvil with its automine switched off.
 */

let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
let listingId: string;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json().catch(() => null);
const operator = () => chain.wallets.operator.address;
const rpc = (method: string, params: unknown[] = []) =>
  chain.publicClient.request({ method, params } as never) as Promise<unknown>;

beforeAll(async () => {
  chain = await startChain();
  t = await startTestApi({
    payments: chainPayments(chain, {
      facilitator: createLocalFacilitator(chain, { confirmationTimeoutMs: 1500 }),
      settleTimeoutMs: 20_000,
    }),
  });
  ({ server, base } = await serveTestApi(t));
  listingId = (await (await t.req("POST", "/v1/listings", validListing())).json()).id;
  await markVerified(t.tdb.db, [listingId]);
});
afterAll(async () => {
  await rpc("evm_setAutomine", [true]).catch(() => undefined);
  server?.close();
  await t?.tdb.drop();
  await chain?.stop();
});

describe("a settlement sent but not mined in time", () => {
  it("is never answered 402: 502 indeterminate, then the same request gets its answer once it is mined, charged once", async () => {
    const url = `${base}/v1/listings/${listingId}/verdict`;
    const header = await signPaymentFor(chain, chain.wallets.buyers[1]!, url);
    const before = await chain.balanceOf(operator());
    await rpc("evm_setAutomine", [false]);
    let first: Response;
    try {
      first = await fetch(url, { headers: { "payment-signature": header } });
    } finally {
      await rpc("evm_setAutomine", [true]);
    }
    const firstBody = await json(first);
    // Whatever the first answer, it carries no verdict unless paid, and it never says the payment failed.
    expect(first.status).not.toBe(402);
    expect(first.status).toBe(502);
    expect(firstBody).toMatchObject({ error: "settlement_indeterminate" });
    expect(firstBody).not.toHaveProperty("verdict");
    // The pending transfer is mined now.
    await rpc("evm_mine");
    expect(await chain.balanceOf(operator())).toBe(before + 5000n);
    const again = await fetch(url, { headers: { "payment-signature": header } });
    expect(again.status).toBe(200);
    expect(await json(again)).toHaveProperty("verdict");
    expect(again.headers.get("payment-response")).toBeTruthy();
    await rpc("evm_mine");
    expect(await chain.balanceOf(operator())).toBe(before + 5000n);
    const rows = await t.tdb.db.selectFrom("payments").select(["status", "tx_hash"]).execute();
    expect(rows.filter((r) => r.status === "settled")).toHaveLength(1);
  });
});
