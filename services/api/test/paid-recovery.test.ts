import { randomBytes } from "node:crypto";
import type { serve } from "@hono/node-server";
import {
  type Chain,
  createLocalFacilitator,
  localWallet,
  payingFetch,
  signPaymentFor,
  startChain,
} from "@tollgate/devnet";
import { parseCidrList } from "@tollgate/platform";
import type { Seller } from "@tollgate/x402";
import type { FacilitatorClient } from "@x402/core/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainPayments, serveTestApi, startTestApi, type TestApi, validListing } from "./helpers.js";

// The money holes of the outside review, against a real chain, real Postgres and the api over HTTP:
// a paid listing exists only once its fee settled; a payer whose settlement was lost gets the same answer
// by repeating the request; no attestation is published for a verdict that was not paid.
let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
let seller: Seller;
let listingId: string;
/** How the facilitator behaves for the next settlement. */
let mode: "ok" | "fail" | "slow" = "ok";
// Long enough that a real settlement beside 19 others on a loaded machine (CI) never outlives it: one that did
// would answer 502 in the race tests and stay indeterminate for the reconciler's tests to find.
const SETTLE_TIMEOUT_MS = 2500;
const operator = () => chain.wallets.operator.address;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Wait until the operator's balance shows a late settlement (a loaded machine makes it later). */
async function landed(balance: bigint) {
  for (let i = 0; i < 100 && (await chain.balanceOf(operator())) < balance; i++) await sleep(100);
  expect(await chain.balanceOf(operator())).toBe(balance);
}

beforeAll(async () => {
  chain = await startChain();
  const real = createLocalFacilitator(chain);
  const facilitator: FacilitatorClient = {
    ...real,
    settle: async (p, r) => {
      if (mode === "fail")
        return {
          success: false,
          errorReason: "unexpected_settle_error",
          transaction: "",
          network: r.network,
        };
      // The facilitator answers after our bound: the transfer still lands on-chain, later.
      if (mode === "slow") await sleep(SETTLE_TIMEOUT_MS + 500);
      return real.settle(p, r);
    },
  };
  t = await startTestApi({
    limits: { submissionsPerHour: 10_000 },
    // Behind a trusted loopback proxy: a test can speak as several clients (X-Forwarded-For).
    trustedProxies: parseCidrList("127.0.0.1"),
    payments: chainPayments(chain, {
      facilitator,
      settleTimeoutMs: SETTLE_TIMEOUT_MS,
      leaseMs: SETTLE_TIMEOUT_MS + 1500,
      onSeller: (s) => {
        seller = s;
      },
    }),
  });
  ({ server, base } = await serveTestApi(t));
  listingId = (await (await t.req("POST", "/v1/listings", validListing())).json()).id;
});
afterAll(async () => {
  server.close();
  await t.tdb.drop();
  await chain.stop();
});

/** A fresh wallet holding exactly `atomic` USDC. */
async function walletWith(atomic: bigint) {
  const wallet = localWallet(`fresh-${randomBytes(8).toString("hex")}`);
  await chain.mint(wallet.address, atomic);
  return wallet;
}

const signFor = (url: string, init: RequestInit = {}, wallet = chain.wallets.buyers[1]!) =>
  signPaymentFor(chain, wallet, url, init);

const postListing = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const listingsOn = async (domain: string) =>
  t.tdb.db.selectFrom("listings").selectAll().where("registered_domain", "=", domain).execute();
const attestationCount = async () =>
  Number(
    (
      await t.tdb.db
        .selectFrom("attestations")
        .select((e) => e.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
async function fillFreeAllowance(domain: string) {
  for (let i = 0; i < 5; i++)
    expect(
      (await t.req("POST", "/v1/listings", validListing({ endpoint_url: `https://${domain}/free/${i}` })))
        .status,
    ).toBe(201);
}

describe("paid submissions exist only once their fee settled", () => {
  it("20 parallel paid submissions backed by one fee's balance: one payment, one listing", async () => {
    const domain = "pub-race.com";
    await fillFreeAllowance(domain);
    const payer = await walletWith(250_000n);
    const before = await chain.balanceOf(operator());
    const pay = payingFetch(chain, payer);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pay(
          `${base}/v1/listings`,
          postListing(validListing({ endpoint_url: `https://${domain}/paid/${i}` })),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 402)).toEqual([]);
    expect(await listingsOn(domain)).toHaveLength(6);
    expect(await chain.balanceOf(operator())).toBe(before + 250_000n);
    const paid = (await listingsOn(domain)).filter((l) => l.fee_payment_id);
    expect(paid).toHaveLength(1);
    const payment = await t.tdb.db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", paid[0]!.fee_payment_id!)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "settled", route: "submission" });
  });

  it("the same, spread over 20 fresh domains at once: still one payment and one paid listing", async () => {
    const domains = Array.from({ length: 20 }, (_, i) => `pub-spread${i}.com`);
    for (const d of domains) await fillFreeAllowance(d);
    const payer = await walletWith(250_000n);
    const before = await chain.balanceOf(operator());
    const pay = payingFetch(chain, payer);
    const answers = await Promise.all(
      domains.map((d) =>
        pay(`${base}/v1/listings`, postListing(validListing({ endpoint_url: `https://${d}/paid` }))),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    let paid = 0;
    for (const d of domains) paid += (await listingsOn(d)).filter((l) => l.fee_payment_id).length;
    expect(paid).toBe(1);
    expect(await chain.balanceOf(operator())).toBe(before + 250_000n);
  });

  it("a failed settlement leaves nothing: no listing, no credential, nothing charged", async () => {
    const domain = "pub-failfee.com";
    await fillFreeAllowance(domain);
    const before = await chain.balanceOf(operator());
    mode = "fail";
    try {
      const res = await payingFetch(chain, chain.wallets.buyers[2]!)(
        `${base}/v1/listings`,
        postListing(validListing({ endpoint_url: `https://${domain}/paid` })),
      );
      expect(res.status).toBe(402);
      expect((await json(res)).claim_token).toBeUndefined();
    } finally {
      mode = "ok";
    }
    expect(await listingsOn(domain)).toHaveLength(5);
    expect(await chain.balanceOf(operator())).toBe(before);
  });

  it("an indeterminate settlement: invisible until settled, endpoint reserved, the same request gets the same answer", async () => {
    const domain = "pub-slowfee.com";
    await fillFreeAllowance(domain);
    const body = validListing({ endpoint_url: `https://${domain}/paid` });
    const url = `${base}/v1/listings`;
    const header = await signFor(url, postListing(body), chain.wallets.buyers[3]!);
    const before = await chain.balanceOf(operator());
    mode = "slow";
    let first: Response;
    try {
      first = await fetch(url, postListing(body, { "payment-signature": header }));
    } finally {
      mode = "ok";
    }
    expect(first.status).toBe(502);
    expect(await json(first)).toMatchObject({ error: "settlement_indeterminate" });
    // Not a listing for any reader while its fee is unsettled, and nobody else can take the endpoint.
    expect(await listingsOn(domain)).toHaveLength(5);
    const resolved = await json(
      await t.req("GET", `/v1/resolve?url=${encodeURIComponent(body.endpoint_url)}`),
    );
    expect(resolved.match).toBe("not_listed");
    const rival = await t.req("POST", "/v1/listings", body);
    expect(rival.status).toBe(409);
    expect((await rival.json()).error).toBe("submission_pending");

    await landed(before + 250_000n); // the late transfer lands
    const again = await fetch(url, postListing(body, { "payment-signature": header }));
    expect(again.status).toBe(201);
    const created = await json(again);
    expect(created.claim_token).toMatch(/^[0-9a-f]{64}$/);
    // Presented again once answered: the same listing and receipt, the claim token not shown a second time
    // (the header and body are no secret once the settlement is on-chain).
    const third = await fetch(url, postListing(body, { "payment-signature": header }));
    expect(third.status).toBe(201);
    const replayed = await json(third);
    expect(replayed).toMatchObject({ id: created.id, status: "unverified", claim_token: null });
    expect(replayed.note).toContain(`/v1/listings/${created.id}/claim`);
    expect(JSON.stringify(replayed)).not.toContain(created.claim_token);
    expect(third.headers.get("payment-response")).toBe(again.headers.get("payment-response"));
    const stored = (await listingsOn(domain)).find((l) => l.id === created.id);
    expect(stored?.fee_payment_id).toBeTruthy();
    expect(await chain.balanceOf(operator())).toBe(before + 250_000n);
    // The kept answer is sealed: the claim token is not readable from the ledger.
    const rows = await t.tdb.db
      .selectFrom("payments")
      .selectAll()
      .where("route", "=", "submission")
      .execute();
    expect(JSON.stringify(rows)).not.toContain(created.claim_token);
    // And the token works.
    const patched = await t.req(
      "PATCH",
      `/v1/listings/${created.id}`,
      { description: "edited by the payer" },
      { "x-claim-token": created.claim_token },
    );
    expect(patched.status).toBe(200);
  });

  it("a paid submission the reconciler settled: the payer's next request gets the claim token, later ones not", async () => {
    const domain = "pub-reconciled.com";
    await fillFreeAllowance(domain);
    const body = validListing({ endpoint_url: `https://${domain}/paid` });
    const url = `${base}/v1/listings`;
    const header = await signFor(url, postListing(body), await walletWith(250_000n));
    const before = await chain.balanceOf(operator());
    mode = "slow";
    try {
      expect((await fetch(url, postListing(body, { "payment-signature": header }))).status).toBe(502);
    } finally {
      mode = "ok";
    }
    await landed(before + 250_000n);
    expect(await seller.reconcile()).toMatchObject({ settled: 1 });
    // Listed by the reconciler, its token never shown: the payer coming back gets it, exactly once.
    const send = () => fetch(url, postListing(body, { "payment-signature": header }));
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const bodies = await Promise.all(answers.map(json));
    const shown = bodies.filter((b) => b.claim_token !== null);
    expect(shown).toHaveLength(1);
    expect(shown[0].claim_token).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect((await json(await send())).claim_token).toBeNull();
    const patched = await t.req(
      "PATCH",
      `/v1/listings/${shown[0].id}`,
      { description: "edited by the payer" },
      { "x-claim-token": shown[0].claim_token },
    );
    expect(patched.status).toBe(200);
    expect(await chain.balanceOf(operator())).toBe(before + 250_000n);
  });

  it("after a 502, a chain watcher rebuilding the settled payment gets no claim token; the payer still gets it", async () => {
    const domain = "pub-watched.com";
    await fillFreeAllowance(domain);
    const body = validListing({ endpoint_url: `https://${domain}/paid` });
    const url = `${base}/v1/listings`;
    const header = await signFor(url, postListing(body), await walletWith(250_000n));
    const before = await chain.balanceOf(operator());
    const as = (xff: string) =>
      fetch(url, postListing(body, { "payment-signature": header, "x-forwarded-for": xff }));
    mode = "slow";
    try {
      expect((await as("198.51.100.20")).status).toBe(502);
    } finally {
      mode = "ok";
    }
    await landed(before + 250_000n); // on-chain now: its calldata is public
    const watcher = await as("203.0.113.66");
    expect(watcher.status).toBe(201);
    const seen = await json(watcher);
    expect(seen.claim_token).toBeNull();
    // The payer's own address, coming back, gets the token exactly once.
    const payer = await json(await as("198.51.100.20"));
    expect(payer).toMatchObject({ id: seen.id });
    expect(payer.claim_token).toMatch(/^[0-9a-f]{64}$/);
    expect((await json(await as("198.51.100.20"))).claim_token).toBeNull();
    // Handed over now: another address gets nothing at all.
    const late = await as("203.0.113.66");
    expect(late.status).toBe(402);
    expect((await json(late)).error).toBe("payment_already_used");
    expect(await chain.balanceOf(operator())).toBe(before + 250_000n);
  });

  it("after a 502, the same submission retried re-serialised (keys reordered, spaced) gets its answer, charged once", async () => {
    const domain = "pub-reserialised.com";
    await fillFreeAllowance(domain);
    const body = validListing({ endpoint_url: `https://${domain}/paid` });
    const url = `${base}/v1/listings`;
    const header = await signFor(url, postListing(body), await walletWith(250_000n));
    const before = await chain.balanceOf(operator());
    mode = "slow";
    try {
      expect((await fetch(url, postListing(body, { "payment-signature": header }))).status).toBe(502);
    } finally {
      mode = "ok";
    }
    await landed(before + 250_000n);
    // Another JSON library: the keys in reverse order, two-space indentation, an escaped slash.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const text = JSON.stringify(reordered, null, 2).replaceAll("/", "\\/");
    expect(text).not.toBe(JSON.stringify(body));
    const retry = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "payment-signature": header },
      body: text,
    });
    expect(retry.status).toBe(201);
    const answer = await json(retry);
    expect(answer.claim_token).toMatch(/^[0-9a-f]{64}$/);
    expect((await listingsOn(domain)).filter((l) => l.endpoint_url === body.endpoint_url)).toHaveLength(1);
    expect(await chain.balanceOf(operator())).toBe(before + 250_000n);
  });

  it("the same payment presented for another submission buys nothing", async () => {
    const domain = "pub-swap.com";
    await fillFreeAllowance(domain);
    const a = validListing({ endpoint_url: `https://${domain}/a` });
    const url = `${base}/v1/listings`;
    const header = await signFor(url, postListing(a), chain.wallets.buyers[4]!);
    expect((await fetch(url, postListing(a, { "payment-signature": header }))).status).toBe(201);
    const b = validListing({ endpoint_url: `https://${domain}/b` });
    const other = await fetch(url, postListing(b, { "payment-signature": header }));
    expect(other.status).toBe(402);
    expect(await json(other)).toMatchObject({ error: "payment_already_used" });
    expect((await listingsOn(domain)).map((l) => l.endpoint_url)).not.toContain(b.endpoint_url);
  });
});

describe("paid but not answered", () => {
  it("a settlement that outlives its bound answers 502, then the same request gets the answer, charged once", async () => {
    const url = `${base}/v1/listings/${listingId}/verdict`;
    const header = await signFor(url);
    const before = await chain.balanceOf(operator());
    const attestationsBefore = await attestationCount();
    mode = "slow";
    let first: Response;
    try {
      first = await fetch(url, { headers: { "payment-signature": header } });
    } finally {
      mode = "ok";
    }
    expect(first.status).toBe(502);
    expect((await json(first)).verdict).toBeUndefined();
    // Not paid yet as far as we know: nothing is published.
    expect(await attestationCount()).toBe(attestationsBefore);
    await landed(before + 5000n); // the late transfer lands
    const again = await fetch(url, { headers: { "payment-signature": header } });
    expect(again.status).toBe(200);
    const verdict = await json(again);
    expect(verdict.listing_id).toBe(listingId);
    expect(again.headers.get("payment-response")).toBeTruthy();
    expect(await chain.balanceOf(operator())).toBe(before + 5000n);
    const published = await t.tdb.db
      .selectFrom("attestations")
      .select("id")
      .where("id", "=", verdict.verification.attestation_id)
      .execute();
    expect(published).toHaveLength(1);
  });

  it("the reconciler settles from the chain what nobody came back for, and publishes its work once", async () => {
    const url = `${base}/v1/listings/${listingId}/verdict`;
    const header = await signFor(url);
    const before = await chain.balanceOf(operator());
    mode = "slow";
    try {
      expect((await fetch(url, { headers: { "payment-signature": header } })).status).toBe(502);
    } finally {
      mode = "ok";
    }
    const attestationsBefore = await attestationCount();
    await landed(before + 5000n); // the late transfer lands
    expect(await seller.reconcile()).toMatchObject({ settled: 1 });
    expect(await attestationCount()).toBe(attestationsBefore + 1);
    // A second pass settles and publishes nothing more (indeterminate rows of other tests may be looked at again).
    expect((await seller.reconcile()).settled).toBeUndefined();
    expect(await attestationCount()).toBe(attestationsBefore + 1);
    const again = await fetch(url, { headers: { "payment-signature": header } });
    expect(again.status).toBe(200);
    expect(await attestationCount()).toBe(attestationsBefore + 1);
  });

  it("a failed settlement publishes no attestation and a crash-abandoned reservation is closed uncharged", async () => {
    const attestationsBefore = await attestationCount();
    mode = "fail";
    try {
      const res = await payingFetch(
        chain,
        chain.wallets.buyers[0]!,
      )(`${base}/v1/listings/${listingId}/verdict`);
      expect(res.status).toBe(402);
    } finally {
      mode = "ok";
    }
    expect(await attestationCount()).toBe(attestationsBefore);
    // A process that died after reserving (before any answer was kept) never sent a settlement.
    const row = await t.tdb.db
      .insertInto("payments")
      .values({
        route: "verdict",
        resource: "/v1/listings/x/verdict",
        payer: "0x00000000000000000000000000000000000000aa",
        nonce: `0x${"ab".repeat(32)}`,
        amount_atomic: "5000",
        asset: chain.usdc,
        network: "eip155:8453",
        pay_to: operator(),
        status: "verified",
        lease_until: new Date(Date.now() - 1000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await seller.reconcile()).toMatchObject({ not_charged: 1 });
    const closed = await t.tdb.db
      .selectFrom("payments")
      .select("status")
      .where("id", "=", row.id)
      .executeTakeFirst();
    expect(closed?.status).toBe("not_charged");
  });
});

describe("the five-free rule holds against deletes, races and floods", () => {
  it("deleting a listing frees no slot; re-listing the same endpoint stays free", async () => {
    const domain = "pub-churn.com";
    const made: { id: string; claim_token: string }[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await (
          await t.req("POST", "/v1/listings", validListing({ endpoint_url: `https://${domain}/e/${i}` }))
        ).json(),
      );
    const gone = made[0]!;
    expect(
      (await t.req("DELETE", `/v1/listings/${gone.id}`, undefined, { "x-claim-token": gone.claim_token }))
        .status,
    ).toBe(200);
    const fresh = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: `https://${domain}/e/new` }),
    );
    expect(fresh.status).toBe(402);
    const relisted = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: `https://${domain}/e/0` }),
    );
    expect(relisted.status).toBe(201);
  });

  it("a trailing dot is the same host: it opens no new allowance and is stored without it", async () => {
    await fillFreeAllowance("pub-dot.com");
    const dotted = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "https://pub-dot.com./x" }),
    );
    expect(dotted.status).toBe(402);
    const host = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "https://pub-dotless.com./y" }),
    );
    const stored = await t.tdb.db
      .selectFrom("listings")
      .select(["host", "registered_domain"])
      .where("id", "=", (await host.json()).id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ host: "pub-dotless.com", registered_domain: "pub-dotless.com" });
  });

  it("12 concurrent submissions on a fresh domain: exactly five are free", async () => {
    const domain = "pub-burst.com";
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.req("POST", "/v1/listings", validListing({ endpoint_url: `https://${domain}/b/${i}` })),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(402)]);
    expect(await listingsOn(domain)).toHaveLength(5);
  });

  it("submissions are rate-limited per client: 429 in the error format with Retry-After, nothing stored", async () => {
    const limited = await startTestApi({ limits: { submissionsPerHour: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await limited.req(
              "POST",
              "/v1/listings",
              validListing({ endpoint_url: `https://pub-flood.com/f/${i}` }),
              { "x-forwarded-for": `198.51.100.${i}` }, // not from a trusted proxy: ignored
            )
          ).status,
        );
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await limited.req(
        "POST",
        "/v1/listings",
        validListing({ endpoint_url: "https://pub-flood.com/x" }),
      );
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ error: "rate_limited" });
      const stored = await limited.tdb.db.selectFrom("listings").select("id").execute();
      expect(stored).toHaveLength(3);
    } finally {
      await limited.tdb.drop();
    }
  });
});

describe("paid routes take nothing from the request they should not", () => {
  it("key_url and attestation_url come from PUBLIC_BASE_URL, never from the Host header", async () => {
    const res = await payingFetch(
      chain,
      chain.wallets.buyers[0]!,
    )(`${base}/v1/listings/${listingId}/verdict`);
    expect(res.status).toBe(200);
    const verdict = await json(res);
    expect(verdict.verification.key_url).toBe("http://tollgate.test/.well-known/jwks.json");
    expect(verdict.verification.attestation_url).toBe(
      `http://tollgate.test/v1/attestations/${verdict.verification.attestation_id}`,
    );
    const forged = await t.app.request(
      `http://evil.example/v1/attestations/${verdict.verification.attestation_id}`,
      {
        headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      },
    );
    expect(((await forged.json()) as { key_url: string }).key_url).toBe(
      "http://tollgate.test/.well-known/jwks.json",
    );

    // The 402 terms name the resource on the public origin; a huge query (the verdict takes none) is
    // refused before any offer, never echoed into a header.
    const terms = await t.app.request(`http://evil.example/v1/listings/${listingId}/verdict`, {
      headers: { host: "evil.example" },
    });
    expect(terms.status).toBe(402);
    const header = terms.headers.get("payment-required")!;
    expect(header.length).toBeLessThan(2000);
    const offered = JSON.parse(Buffer.from(header, "base64").toString());
    expect(offered.resource.url).toBe(`http://tollgate.test/v1/listings/${listingId}/verdict`);
    const padded = await t.app.request(
      `http://evil.example/v1/listings/${listingId}/verdict?pad=${"x".repeat(12_000)}`,
      { headers: { host: "evil.example" } },
    );
    expect(padded.status).toBe(400);
    expect(padded.headers.get("payment-required")).toBeNull();
    expect(((await padded.json()) as { error: string }).error).toBe("unknown_query_parameter");
  });

  it.each([
    ["an overlong id", `lst_${"a".repeat(5000)}`],
    ["a NUL byte", "lst_%00"],
    ["a non-id", "constructor"],
  ])("a verdict or purchases for %s is refused as unknown, never charged", async (_what, id) => {
    const before = await chain.balanceOf(operator());
    const header = await signFor(`${base}/v1/listings/${listingId}/verdict`);
    for (const path of ["verdict", "purchases"])
      for (const headers of [{}, { "payment-signature": header }] as Record<string, string>[]) {
        const res = await fetch(`${base}/v1/listings/${id}/${path}`, { headers });
        expect(res.status).toBe(402);
        const body = await json(res);
        expect(body.error).toBe("listing_not_found");
        expect(body.message.length).toBeLessThan(300);
      }
    expect(await chain.balanceOf(operator())).toBe(before);
  });
});
