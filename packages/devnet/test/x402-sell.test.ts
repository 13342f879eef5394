import { serve } from "@hono/node-server";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { createLogger } from "@tollgate/platform";
import { createSeller, type PaidAnswer, type Seller } from "@tollgate/x402";
import type { FacilitatorClient } from "@x402/core/server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Chain, createLocalFacilitator, payingFetch, signPaymentFor, startChain } from "../src/index.js";

// The x402 seller (packages/x402) against the local chain and the in-process facilitator. It lives here, not in
// packages/x402, because devnet depends on x402: x402 (production code) never depends on the local world.

let chain: Chain;
let tdb: TestDatabase;
let base: string;
let server: ReturnType<typeof serve>;
let handlerRuns = 0;
let okSeller: Seller;

/** Routes whose handler answers the status in the path; one seller with a facilitator that fails on purpose. */
beforeAll(async () => {
  chain = await startChain();
  tdb = await createTestDatabase();
  const real = createLocalFacilitator(chain);
  const failing: FacilitatorClient = {
    ...real,
    settle: async (_p, r) => ({
      success: false,
      errorReason: "unexpected_settle_error",
      transaction: "",
      network: r.network,
    }),
  };
  const throwing: FacilitatorClient = {
    ...real,
    settle: async () => {
      throw new Error("facilitator unreachable after broadcast");
    },
  };
  const log = createLogger("sell-test", "silent");
  const sellers = {
    ok: createSeller({ db: tdb.db, log, facilitator: real, payTo: chain.wallets.operator.address }),
    failing: createSeller({ db: tdb.db, log, facilitator: failing, payTo: chain.wallets.operator.address }),
    throwing: createSeller({ db: tdb.db, log, facilitator: throwing, payTo: chain.wallets.operator.address }),
  };
  okSeller = sellers.ok;
  const app = new Hono();
  app.get("/:seller/:status", async (c) => {
    const seller = sellers[c.req.param("seller") as keyof typeof sellers];
    const status = Number(c.req.param("status"));
    const a: PaidAnswer = await seller.sell(
      { url: c.req.url, paymentHeader: c.req.header("payment-signature") ?? null },
      {
        route: "test",
        amountAtomic: "7000",
        description: "test",
        successStatus: status === 201 ? 201 : 200,
        readOnly: c.req.query("ro") === "1",
      },
      async () => {
        handlerRuns++;
        return { status, body: { content: "secret", status } };
      },
    );
    return c.json(a.body as object, a.status as 200, a.headers);
  });
  server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.close();
  await tdb.drop();
  await chain.stop();
});

const operator = () => chain.wallets.operator.address;

const modes = [
  ["", "reserve, then answer"],
  ["?ro=1", "read-only: answer, then reserve with it"],
] as const;

describe.each(modes)("selling (%s: %s): payment only on the success status", (ro) => {
  it.each([200, 201])("%i is charged once, with a receipt", async (status) => {
    const before = await chain.balanceOf(operator());
    const res = await payingFetch(chain, chain.wallets.buyers[0]!)(`${base}/ok/${status}${ro}`);
    expect(res.status).toBe(status);
    expect(res.headers.get("payment-response")).toBeTruthy();
    expect(await chain.balanceOf(operator())).toBe(before + 7000n);
  });

  it("concurrent buyers are all served and each charged once (one facilitator wallet)", async () => {
    const before = await chain.balanceOf(operator());
    const buyers = chain.wallets.buyers.slice(0, 4);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        payingFetch(chain, buyers[i % buyers.length]!)(`${base}/ok/200${ro}`),
      ),
    );
    const failures = await Promise.all(answers.filter((r) => r.status !== 200).map((r) => r.text()));
    expect(failures).toEqual([]);
    expect(await chain.balanceOf(operator())).toBe(before + 12n * 7000n);
  });

  it("a payment settled by another request after this one looked it up gets that answer, never a 402", async () => {
    const url = `${base}/ok/200${ro}`;
    const header = await signPaymentFor(chain, chain.wallets.buyers[0]!, url);
    const route = {
      route: "test",
      amountAtomic: "7000",
      description: "test",
      successStatus: 200 as const,
      readOnly: ro !== "",
    };
    const late = { url, paymentHeader: header };
    expect(await okSeller.prior(late, route)).toBeNull(); // nothing seen yet: sell takes this look-up over
    const before = await chain.balanceOf(operator());
    const first = await fetch(url, { headers: { "payment-signature": header } });
    expect(first.status).toBe(200);
    const answer = await okSeller.sell(late, route, async () => ({ status: 200, body: { other: true } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(await first.json());
    expect(answer.headers?.["PAYMENT-RESPONSE"]).toBeTruthy();
    expect(await chain.balanceOf(operator())).toBe(before + 7000n);
  });

  it.each([400, 404, 409, 500, 503])("a %i answer is never charged", async (status) => {
    const before = await chain.balanceOf(operator());
    const res = await payingFetch(chain, chain.wallets.buyers[1]!)(`${base}/ok/${status}${ro}`);
    expect(res.status).toBe(status);
    expect(res.headers.get("payment-response")).toBeNull();
    expect(await chain.balanceOf(operator())).toBe(before);
    const row = await tdb.db
      .selectFrom("payments")
      .selectAll()
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "not_charged", tx_hash: null, error: `status_${status}` });
  });

  it("the same payment sent twice at once is answered the same to both and charged once", async () => {
    const url = `${base}/ok/200${ro}`;
    const header = await signPaymentFor(chain, chain.wallets.buyers[4]!, url);
    const before = await chain.balanceOf(operator());
    const both = await Promise.all(
      [0, 1].map(() => fetch(url, { headers: { "payment-signature": header } })),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(both.map((r) => r.json()));
    expect(a).toEqual(b);
    expect(both.every((r) => r.headers.get("payment-response"))).toBe(true);
    expect(await chain.balanceOf(operator())).toBe(before + 7000n);
  });

  it("a failing facilitator serves no content and takes no money", async () => {
    const before = await chain.balanceOf(operator());
    const buyerBefore = await chain.balanceOf(chain.wallets.buyers[2]!.address);
    const res = await payingFetch(chain, chain.wallets.buyers[2]!)(`${base}/failing/200`);
    expect(res.status).toBe(402);
    const body = (await res.json()) as { content?: unknown; error?: string };
    expect(body.content).toBeUndefined();
    expect(body.error).toBe("unexpected_settle_error");
    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await chain.balanceOf(chain.wallets.buyers[2]!.address)).toBe(buyerBefore);
  });

  it("an indeterminate settlement is not answered 402 and serves no content", async () => {
    const runs = handlerRuns;
    const res = await payingFetch(chain, chain.wallets.buyers[3]!)(`${base}/throwing/200`);
    expect(res.status).toBe(502);
    const body = (await res.json()) as { content?: unknown; error?: string };
    expect(body).toMatchObject({ error: "settlement_indeterminate" });
    expect(body.content).toBeUndefined();
    expect(handlerRuns).toBe(runs + 1);
    const row = await tdb.db
      .selectFrom("payments")
      .selectAll()
      .where("status", "=", "indeterminate")
      .executeTakeFirst();
    expect(row).toBeDefined();
  });
});

describe("a read-only route", () => {
  const route = (readOnly: boolean) => ({
    route: "test",
    amountAtomic: "7000",
    description: "test",
    successStatus: 200 as const,
    readOnly,
  });
  const rows = async () =>
    Number(
      (
        await tdb.db
          .selectFrom("payments")
          .select((e) => e.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    [false, 1],
    [true, 0],
  ])(
    "readOnly %s: rows written before the handler runs: %i; charged once, answer kept",
    async (readOnly, early) => {
      const url = `${base}/ok/200?direct=${readOnly}`;
      const header = await signPaymentFor(chain, chain.wallets.buyers[1]!, url);
      const start = await rows();
      let seen = -1;
      const before = await chain.balanceOf(operator());
      const answer = await okSeller.sell({ url, paymentHeader: header }, route(readOnly), async () => {
        seen = (await rows()) - start;
        return { status: 200, body: { n: 1 } };
      });
      expect(seen).toBe(early);
      expect(answer.status).toBe(200);
      expect(await chain.balanceOf(operator())).toBe(before + 7000n);
      const row = await tdb.db
        .selectFrom("payments")
        .selectAll()
        .where("resource", "=", url)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "settled", answer_status: 200 });
      // The same payment again: the kept answer, not the handler, and no second charge.
      const again = await okSeller.sell({ url, paymentHeader: header }, route(readOnly), async () => {
        throw new Error("must not run");
      });
      expect(again.body).toEqual({ n: 1 });
      expect(await chain.balanceOf(operator())).toBe(before + 7000n);
    },
  );

  it("a handler that throws leaves the payment uncharged and recorded", async () => {
    const url = `${base}/ok/200?direct=throws`;
    const header = await signPaymentFor(chain, chain.wallets.buyers[1]!, url);
    const before = await chain.balanceOf(operator());
    await expect(
      okSeller.sell({ url, paymentHeader: header }, route(true), async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await chain.balanceOf(operator())).toBe(before);
    const row = await tdb.db
      .selectFrom("payments")
      .selectAll()
      .where("resource", "=", url)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "not_charged", error: "handler_error", tx_hash: null });
  });
});
