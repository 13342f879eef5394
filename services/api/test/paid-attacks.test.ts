import type { serve } from "@hono/node-server";
import {
  authorizationOnChain,
  BASE_USDC,
  type Chain,
  signAuthorizationWith,
  startChain,
  USDC_DOMAIN,
  type Wallet,
} from "@tollgate/devnet";
import { parseCidrList } from "@tollgate/platform";
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
 * A buyer against the paid routes: hand-made payment authorizations that each break one term of the offer
 * (amount, payee, asset, network, validity window, nonce, signer), and valid ones replayed, raced and moved
 * to another resource. Real api over HTTP, real Postgres, real facilitator settling on anvil. Whatever is
 * tried, no paid data leaves without the exact price reaching the operator once.
 */

let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
let listingA: string;
let listingB: string;
const VERDICT = 5000n;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json().catch(() => null);
const operator = () => chain.wallets.operator.address;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  chain = await startChain();
  // Behind a trusted loopback proxy, so a test can speak as several clients (X-Forwarded-For).
  t = await startTestApi({ payments: chainPayments(chain), trustedProxies: parseCidrList("127.0.0.1") });
  ({ server, base } = await serveTestApi(t));
  const make = async (path: string) =>
    (
      await (
        await t.req("POST", "/v1/listings", validListing({ endpoint_url: `https://api.example.com/${path}` }))
      ).json()
    ).id as string;
  listingA = await make("a");
  listingB = await make("b");
  await markVerified(t.tdb.db, [listingA, listingB]);
});
afterAll(async () => {
  server.close();
  await t.tdb.drop();
  await chain.stop();
});

interface Craft {
  from?: Wallet;
  /** Who actually signs (default: `from`). */
  signer?: Wallet;
  to?: `0x${string}`;
  value?: bigint;
  validAfter?: bigint;
  validBefore?: bigint;
  nonce?: Hex;
  /** The nonce the signature covers (default: `nonce`). */
  signedNonce?: Hex;
  chainId?: number;
  verifyingContract?: `0x${string}`;
  domain?: { name: string; version: string };
  /** The offer the payload says it accepted (default: the verdict's, as served). */
  accepted?: Record<string, unknown>;
}

type Hex = `0x${string}`;
const randomNonce = (): Hex => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex")}`;

/** A PAYMENT-SIGNATURE header built by hand: an EIP-3009 authorization signed with exactly the given terms. */
async function craft(c: Craft = {}): Promise<{ header: string; nonce: Hex }> {
  const from = c.from ?? chain.wallets.buyers[0]!;
  const nonce = c.nonce ?? randomNonce();
  const signed = await signAuthorizationWith({
    from,
    ...(c.signer ? { signer: c.signer } : {}),
    to: c.to ?? operator(),
    value: c.value ?? VERDICT,
    validAfter: c.validAfter ?? 0n,
    validBefore: c.validBefore ?? BigInt(now() + 60),
    nonce,
    ...(c.signedNonce ? { signedNonce: c.signedNonce } : {}),
    ...(c.chainId ? { chainId: c.chainId } : {}),
    ...(c.verifyingContract ? { verifyingContract: c.verifyingContract } : {}),
    ...(c.domain ? { domain: c.domain } : {}),
  });
  const accepted = c.accepted ?? {
    scheme: "exact",
    network: "eip155:8453",
    amount: String(c.value ?? VERDICT),
    asset: BASE_USDC,
    payTo: operator(),
    maxTimeoutSeconds: 60,
    extra: { ...USDC_DOMAIN },
  };
  return { header: headerOf(accepted, signed), nonce };
}

const headerOf = (accepted: Record<string, unknown>, signed: unknown) =>
  Buffer.from(JSON.stringify({ x402Version: 2, accepted, payload: signed })).toString("base64");

const verdictUrl = (id: string) => `${base}/v1/listings/${id}/verdict`;
const pay = (url: string, header: string) => fetch(url, { headers: { "payment-signature": header } });
const settledRows = () =>
  t.tdb.db.selectFrom("payments").selectAll().where("status", "=", "settled").execute();
const noPaidData = (body: unknown) => {
  expect(body).not.toHaveProperty("verdict");
  expect(body).not.toHaveProperty("reasons");
};

describe("a payment that breaks one term of the offer buys nothing and moves nothing", () => {
  const other = () => chain.wallets.buyers[4]!;
  const cases: [string, () => Craft][] = [
    ["one atomic unit short", () => ({ value: VERDICT - 1n })],
    ["one atomic unit over", () => ({ value: VERDICT + 1n })],
    ["the purchases price paid for a verdict", () => ({ value: 10_000n })],
    ["paid to another address (the buyer's own)", () => ({ to: other().address })],
    [
      "signed for another token (its own EIP-712 domain) while claiming USDC",
      () => ({ verifyingContract: "0x000000000000000000000000000000000000dEaD" }),
    ],
    ["signed for another chain (Base Sepolia's id)", () => ({ chainId: 84532 })],
    [
      "offered on another network",
      () => ({
        chainId: 84532,
        accepted: {
          scheme: "exact",
          network: "eip155:84532",
          amount: String(VERDICT),
          asset: BASE_USDC,
          payTo: operator(),
          maxTimeoutSeconds: 60,
          extra: { ...USDC_DOMAIN },
        },
      }),
    ],
    ["signed under another EIP-712 domain name", () => ({ domain: { name: "USDC", version: "2" } })],
    ["expired (validBefore in the past)", () => ({ validBefore: BigInt(now() - 10) })],
    ["about to expire (validBefore 2 s ahead)", () => ({ validBefore: BigInt(now() + 2) })],
    ["not yet valid (validAfter an hour ahead)", () => ({ validAfter: BigInt(now() + 3600) })],
    ["a signature over another nonce", () => ({ signedNonce: randomNonce() })],
    ["signed by another wallet than `from`", () => ({ signer: other() })],
  ];
  for (const [name, over] of cases)
    it(name, async () => {
      const opBefore = await chain.balanceOf(operator());
      const settledBefore = (await settledRows()).length;
      const { header, nonce } = await craft(over());
      const r = await pay(verdictUrl(listingA), header);
      expect(r.status).toBe(402);
      expect(r.headers.get("payment-response")).toBeNull();
      noPaidData(await json(r));
      // Presented again, it still buys nothing.
      const again = await pay(verdictUrl(listingA), header);
      expect(again.status).not.toBe(200);
      noPaidData(await json(again));
      expect(await chain.balanceOf(operator())).toBe(opBefore);
      expect((await settledRows()).length).toBe(settledBefore);
      const row = await t.tdb.db
        .selectFrom("payments")
        .select("status")
        .where("nonce", "=", nonce.toLowerCase())
        .executeTakeFirst();
      expect(row?.status ?? "none").not.toBe("settled");
    });
});

describe("a valid payment is spent once, on the resource it was first presented for", () => {
  it("ten concurrent presentations of one header for one verdict: one charge, every 200 the same answer", async () => {
    const opBefore = await chain.balanceOf(operator());
    const { header, nonce } = await craft({ from: chain.wallets.buyers[1]! });
    const rs = await Promise.all(Array.from({ length: 10 }, () => pay(verdictUrl(listingA), header)));
    const bodies = await Promise.all(rs.map(json));
    const ok = rs.map((r, i) => [r.status, bodies[i]] as const).filter(([s]) => s === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const [s, b] of rs.map((r, i) => [r.status, bodies[i]] as const))
      if (s !== 200) {
        expect([409, 402]).toContain(s);
        noPaidData(b);
      }
    for (const [, b] of ok) expect(b).toEqual(ok[0]![1]);
    expect(await chain.balanceOf(operator())).toBe(opBefore + VERDICT);
    const rows = await t.tdb.db
      .selectFrom("payments")
      .selectAll()
      .where("nonce", "=", nonce.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("settled");
  });

  it("one header raced across two listings' verdicts (same price): one listing is sold, the other gets nothing", async () => {
    const opBefore = await chain.balanceOf(operator());
    const { header } = await craft({ from: chain.wallets.buyers[2]! });
    const urls = [verdictUrl(listingA), verdictUrl(listingB), verdictUrl(listingA), verdictUrl(listingB)];
    const rs = await Promise.all(urls.map((u) => pay(u, header)));
    const bodies = await Promise.all(rs.map(json));
    const soldFor = new Set(
      rs.flatMap((r, i) => (r.status === 200 ? [(bodies[i] as { listing_id: string }).listing_id] : [])),
    );
    expect(soldFor.size).toBe(1);
    rs.forEach((r, i) => {
      if (r.status !== 200) noPaidData(bodies[i]);
    });
    expect(await chain.balanceOf(operator())).toBe(opBefore + VERDICT);
    // Afterwards, sequentially: the other listing still gets nothing for it.
    const otherId = soldFor.has(listingA) ? listingB : listingA;
    const late = await pay(verdictUrl(otherId), header);
    expect(late.status).toBe(402);
    expect(await json(late)).toMatchObject({ error: "payment_already_used" });
  });

  it("a malleated signature of a spent authorization (s → n − s) buys nothing more", async () => {
    const from = chain.wallets.buyers[3]!;
    const { header } = await craft({ from });
    const first = await pay(verdictUrl(listingA), header);
    expect(first.status).toBe(200);
    const opAfter = await chain.balanceOf(operator());
    const p = JSON.parse(Buffer.from(header, "base64").toString("utf8"));
    const sig: string = p.payload.signature;
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const r = sig.slice(2, 66);
    const s = BigInt(`0x${sig.slice(66, 130)}`);
    const v = Number.parseInt(sig.slice(130, 132), 16);
    p.payload.signature = `0x${r}${(n - s).toString(16).padStart(64, "0")}${(v === 27 ? 28 : 27).toString(16)}`;
    const malleated = Buffer.from(JSON.stringify(p)).toString("base64");
    for (const url of [verdictUrl(listingA), verdictUrl(listingB)]) {
      const again = await pay(url, malleated);
      expect(again.status).not.toBe(200);
      noPaidData(await json(again));
    }
    // The nonce spelled in capitals is the same authorization.
    p.payload.signature = sig;
    p.payload.authorization.nonce = `0x${p.payload.authorization.nonce.slice(2).toUpperCase()}`;
    const shouted = await pay(verdictUrl(listingB), Buffer.from(JSON.stringify(p)).toString("base64"));
    expect(shouted.status).not.toBe(200);
    noPaidData(await json(shouted));
    expect(await chain.balanceOf(operator())).toBe(opAfter);
  });

  it("a verdict payment presented for the purchases route or for an unknown id is never charged", async () => {
    const opBefore = await chain.balanceOf(operator());
    const { header } = await craft({ from: chain.wallets.buyers[1]! });
    const purchases = await pay(`${base}/v1/listings/${listingA}/purchases`, header);
    expect(purchases.status).toBe(402);
    const unknown = await pay(verdictUrl("lst_00000000000000000000"), header);
    expect(unknown.status).toBe(402);
    expect(await json(unknown)).toMatchObject({ error: "listing_not_found" });
    expect(await chain.balanceOf(operator())).toBe(opBefore);
    // Still unspent: it buys the verdict it was made for, once.
    const ok = await pay(verdictUrl(listingA), header);
    expect(ok.status).toBe(200);
    expect(await chain.balanceOf(operator())).toBe(opBefore + VERDICT);
  });
});

describe("a chain watcher rebuilding a settled payment gets nothing", () => {
  it("the header rebuilt from the calldata and the public offer is answered only to the client that paid", async () => {
    const buyer = chain.wallets.buyers[2]!;
    const opBefore = await chain.balanceOf(operator());
    const { header } = await craft({ from: buyer });
    const asBuyer = { "payment-signature": header, "x-forwarded-for": "198.51.100.7" };
    const paid = await fetch(verdictUrl(listingA), { headers: asBuyer });
    expect(paid.status).toBe(200);
    const answer = await json(paid);
    const tx = JSON.parse(
      Buffer.from(paid.headers.get("payment-response")!, "base64").toString(),
    ).transaction;

    // What anyone reads: the authorization in the calldata; the offer is the unpaid 402's own.
    const offer = JSON.parse(
      Buffer.from((await fetch(verdictUrl(listingA))).headers.get("payment-required")!, "base64").toString(),
    ).accepts[0];
    const rebuilt = headerOf(offer, await authorizationOnChain(chain.publicClient, tx));
    // Exact: presented by the buyer's own address it is the same payment, the same answer.
    const again = await fetch(verdictUrl(listingA), {
      headers: { "payment-signature": rebuilt, "x-forwarded-for": "198.51.100.7" },
    });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(answer);
    // From any other address: refused, nothing paid shown.
    for (const xff of ["203.0.113.9", "2001:db8:9::1"]) {
      const watcher = await fetch(verdictUrl(listingA), {
        headers: { "payment-signature": rebuilt, "x-forwarded-for": xff },
      });
      expect({ xff, status: watcher.status }).toEqual({ xff, status: 402 });
      const body = await json(watcher);
      expect(body.error).toBe("payment_already_used");
      noPaidData(body);
      expect(watcher.headers.get("payment-response")).toBeNull();
    }
    expect(await chain.balanceOf(operator())).toBe(opBefore + VERDICT);
  });
});
