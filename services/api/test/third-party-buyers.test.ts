import type { serve } from "@hono/node-server";
import {
  type Chain,
  createLocalFacilitator,
  signAuthorizationWith,
  startChain,
  type Wallet,
} from "@tollgate/devnet";
import { buildDemandSnapshots } from "@tollgate/registry";
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
 * Buyers that are not @x402/fetch: a hand-written x402 v2 client that reads the terms from the 402 (its
 * header or its body), picks an offer, signs the EIP-3009 authorization itself and builds the
 * PAYMENT-SIGNATURE envelope its own way (key order, optional fields, address and hex spelling, signature
 * form, validity window). Real api over HTTP, real Postgres, the local facilitator settling on anvil. What a
 * correct client may send is sold, charged exactly once; what it may not is refused with a 402 that says why,
 * and moves nothing.
 */

let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
let listingA: string;
let listingB: string;
const VERDICT = 5000n;
const PURCHASES = 10_000n;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json().catch(() => null);
const operator = () => chain.wallets.operator.address;
const now = () => Math.floor(Date.now() / 1000);
const decode = (h: string) => JSON.parse(Buffer.from(h, "base64").toString("utf8"));
const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");
type Hex = `0x${string}`;
const randomNonce = (): Hex => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex")}`;

beforeAll(async () => {
  chain = await startChain();
  t = await startTestApi({ payments: chainPayments(chain), limits: { submissionsPerHour: 1000 } });
  ({ server, base } = await serveTestApi(t));
  const make = async (path: string) =>
    (
      await (
        await t.req("POST", "/v1/listings", validListing({ endpoint_url: `https://api.example.com/${path}` }))
      ).json()
    ).id as string;
  listingA = await make("tp-a");
  listingB = await make("tp-b");
  await markVerified(t.tdb.db, [listingA, listingB]);
});
afterAll(async () => {
  server.close();
  await t.tdb.drop();
  await chain.stop();
});

interface Offer {
  scheme: string;
  network: string;
  asset: Hex;
  amount: string;
  payTo: Hex;
  maxTimeoutSeconds: number;
  extra: { name: string; version: string };
}
interface Terms {
  x402Version: number;
  resource: { url: string; description?: string; mimeType?: string };
  accepts: Offer[];
}

/** What a hand-written client does differently from the official one. */
interface Client {
  from?: Wallet;
  /** Where the PaymentRequired is read (default: the header). */
  source?: "header" | "body";
  /** Which acceptable offer is chosen (default: the first). */
  pick?: "first" | "last";
  /** The offer as echoed in `accepted` (re-serialised). */
  accepted?: (o: Offer) => Record<string, unknown>;
  /** The authorization as sent (after signing: the same signed values, spelled differently). */
  authorization?: (a: Record<string, unknown>) => Record<string, unknown>;
  signature?: (sig: Hex) => string;
  /** The whole envelope as sent. */
  envelope?: (p: Record<string, unknown>, terms: Terms) => Record<string, unknown>;
  validAfter?: bigint;
  validBefore?: bigint;
  init?: RequestInit;
}

/** The 402 terms, read as a third-party client reads them. */
async function termsOf(url: string, source: "header" | "body", init: RequestInit = {}): Promise<Terms> {
  const r = await fetch(url, init);
  expect(r.status).toBe(402);
  const header = r.headers.get("payment-required");
  expect(header).toBeTruthy();
  const body = await json(r);
  return source === "header" ? decode(header!) : body;
}

/** A PAYMENT-SIGNATURE built by hand from the served terms. */
async function thirdParty(
  url: string,
  c: Client = {},
): Promise<{ header: string; nonce: Hex; offer: Offer }> {
  const terms = await termsOf(url, c.source ?? "header", c.init);
  expect(terms.x402Version).toBe(2);
  const offers = terms.accepts.filter((o) => o.scheme === "exact" && o.network === "eip155:8453");
  const offer = (c.pick === "last" ? offers.at(-1) : offers[0])!;
  const nonce = randomNonce();
  const signed = await signAuthorizationWith({
    from: c.from ?? chain.wallets.buyers[0]!,
    to: offer.payTo,
    value: BigInt(offer.amount),
    validAfter: c.validAfter ?? 0n,
    validBefore: c.validBefore ?? BigInt(now() + offer.maxTimeoutSeconds),
    nonce,
    chainId: Number(offer.network.split(":")[1]),
    verifyingContract: offer.asset,
    domain: { name: offer.extra.name, version: offer.extra.version },
  });
  const payload = {
    authorization: c.authorization
      ? c.authorization({ ...signed.authorization })
      : { ...signed.authorization },
    signature: c.signature ? c.signature(signed.signature) : signed.signature,
  };
  const envelope = {
    x402Version: 2,
    resource: terms.resource,
    accepted: c.accepted ? c.accepted(offer) : offer,
    payload,
  };
  return { header: encode(c.envelope ? c.envelope(envelope, terms) : envelope), nonce, offer };
}

const verdictUrl = (id = listingA) => `${base}/v1/listings/${id}/verdict`;
const pay = (url: string, header: string, init: RequestInit = {}, name = "payment-signature") =>
  fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), [name]: header } });
const rowsOf = (nonce: Hex) =>
  t.tdb.db.selectFrom("payments").selectAll().where("nonce", "=", nonce.toLowerCase()).execute();
const noPaidData = (body: unknown) => {
  expect(body).not.toHaveProperty("verdict");
  expect(body).not.toHaveProperty("reasons");
};

/** PAYMENT-RESPONSE decoded by hand: exactly the x402 v2 SettleResponse fields of a success. */
function receiptOf(r: Response, payer: Wallet) {
  const h = r.headers.get("payment-response");
  expect(h).toBeTruthy();
  const receipt = decode(h!);
  expect(Object.keys(receipt).sort()).toEqual(["network", "payer", "success", "transaction"]);
  expect(receipt).toEqual({
    success: true,
    transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    network: "eip155:8453",
    payer: payer.address,
  });
  return receipt as { transaction: Hex };
}

/** Pays once with `c`, expecting the sale: 200, the receipt, exactly the price moved once, one settled row. */
async function sold(c: Client, price = VERDICT, url = verdictUrl()) {
  const from = c.from ?? chain.wallets.buyers[0]!;
  const before = await chain.balanceOf(operator());
  const payerBefore = await chain.balanceOf(from.address);
  const { header, nonce } = await thirdParty(url, { ...c, from });
  const r = await pay(url, header);
  const body = await json(r);
  expect({ status: r.status, error: body?.error, message: body?.message }).toEqual({
    status: 200,
    error: undefined,
    message: undefined,
  });
  const receipt = receiptOf(r, from);
  const tx = await chain.publicClient.getTransactionReceipt({ hash: receipt.transaction });
  expect(tx.status).toBe("success");
  expect(await chain.balanceOf(operator())).toBe(before + price);
  expect(await chain.balanceOf(from.address)).toBe(payerBefore - price);
  const rows = await rowsOf(nonce);
  expect(rows.map((x) => [x.status, String(x.amount_atomic), x.tx_hash])).toEqual([
    ["settled", String(price), receipt.transaction],
  ]);
  return { header, nonce, body, receipt, r };
}

/** Pays once with `c`, expecting a 402 refusal with `error` and nothing moved or recorded as settled. */
async function refused(c: Client, error: string | RegExp, url = verdictUrl()) {
  const before = await chain.balanceOf(operator());
  const { header, nonce } = await thirdParty(url, c);
  const r = await pay(url, header);
  const body = await json(r);
  expect(r.status).toBe(402);
  if (typeof error === "string") expect(body.error).toBe(error);
  else expect(body.error).toMatch(error);
  expect(r.headers.get("payment-response")).toBeNull();
  // A refused payment's 402 still carries the terms, so the client can sign a correct one.
  expect(decode(r.headers.get("payment-required")!).accepts[0].amount).toBeTruthy();
  noPaidData(body);
  expect(await chain.balanceOf(operator())).toBe(before);
  expect((await rowsOf(nonce)).filter((x) => x.status === "settled")).toEqual([]);
  return { header, nonce, body };
}

describe("where the terms are read and which offer is taken", () => {
  it("terms read from the 402 body (not the header): the header and the body are the same PaymentRequired", async () => {
    const r = await fetch(verdictUrl());
    expect(decode(r.headers.get("payment-required")!)).toEqual(await json(r));
    await sold({ source: "body" });
  });

  it("terms read from the header only", async () => {
    await sold({ source: "header" });
  });

  it("the last acceptable offer of a one-offer route is its only offer: sold", async () => {
    await sold({ source: "body", pick: "last" });
  });

  it("purchases, terms from the body: sold at its own price", async () => {
    await sold(
      { source: "body", from: chain.wallets.buyers[1]! },
      PURCHASES,
      `${base}/v1/listings/${listingA}/purchases`,
    );
  });
});

describe("the accepted offer re-serialised by the client", () => {
  it("keys reordered, extra with more fields, amount as a number, maxTimeoutSeconds as a string", async () => {
    await sold({
      accepted: (o) => ({
        extra: { version: o.extra.version, name: o.extra.name, assetTransferMethod: "eip3009", note: "x" },
        maxTimeoutSeconds: String(o.maxTimeoutSeconds),
        payTo: o.payTo,
        amount: Number(o.amount),
        asset: o.asset,
        network: o.network,
        scheme: o.scheme,
      }),
    });
  });

  it("asset and payTo lowercased, then all-uppercase hex, in the echoed offer", async () => {
    await sold({ accepted: (o) => ({ ...o, asset: o.asset.toLowerCase(), payTo: o.payTo.toLowerCase() }) });
    const upper = (a: string) => `0x${a.slice(2).toUpperCase()}`;
    await sold({ accepted: (o) => ({ ...o, asset: upper(o.asset), payTo: upper(o.payTo) }) });
  });

  it("the echo cut to scheme and network is enough; an echo of another scheme or an empty one: 402 invalid scheme, nothing recorded", async () => {
    await sold({ accepted: (o) => ({ scheme: o.scheme, network: o.network }) });
    for (const accepted of [() => ({}), (o: Offer) => ({ ...o, scheme: "upto" })]) {
      const { nonce } = await refused({ accepted }, "invalid_exact_evm_scheme");
      expect(await rowsOf(nonce)).toEqual([]);
    }
  });

  it("an echoed offer that claims another amount or payee buys nothing more than the signed authorization", async () => {
    // The echo is informational: what is verified and settled is the served offer against the signature.
    const { header } = await thirdParty(verdictUrl(), {
      accepted: (o) => ({ ...o, amount: "1", payTo: chain.wallets.buyers[4]!.address }),
    });
    const before = await chain.balanceOf(operator());
    const r = await pay(verdictUrl(), header);
    expect(r.status).toBe(200);
    expect(await chain.balanceOf(operator())).toBe(before + VERDICT);
  });
});

describe("the payment envelope as other clients build it", () => {
  it("without `resource`, with `extensions`, an unknown field, payload keys in another order", async () => {
    await sold({
      envelope: (p) => ({
        payload: {
          signature: (p.payload as { signature: string }).signature,
          authorization: (p.payload as { authorization: unknown }).authorization,
        },
        extensions: { bazaar: { info: {} } },
        accepted: p.accepted,
        client: "hand-written/1.0",
        x402Version: 2,
      }),
    });
  });

  it("authorization keys reordered, addresses lowercase", async () => {
    await sold({
      authorization: (a) => ({
        nonce: a.nonce,
        validBefore: a.validBefore,
        validAfter: a.validAfter,
        value: a.value,
        to: String(a.to).toLowerCase(),
        from: String(a.from).toLowerCase(),
      }),
    });
  });

  it("authorization addresses in all-uppercase hex (valid EIP-55 input, not checksummed): sold, not 503", async () => {
    const upper = (a: unknown) => `0x${String(a).slice(2).toUpperCase()}`;
    await sold({
      from: chain.wallets.buyers[2]!,
      authorization: (a) => ({ ...a, from: upper(a.from), to: upper(a.to) }),
    });
  });

  it("nonce and signature in uppercase hex", async () => {
    await sold({
      authorization: (a) => ({ ...a, nonce: `0x${String(a.nonce).slice(2).toUpperCase()}` }),
      signature: (s) => `0x${s.slice(2).toUpperCase()}`,
    });
  });

  it("signature with v as yParity (0/1) instead of 27/28", async () => {
    await sold({
      signature: (s) => {
        const v = Number.parseInt(s.slice(130, 132), 16);
        return `${s.slice(0, 130)}${(v - 27).toString(16).padStart(2, "0")}`;
      },
    });
  });

  it("signatures the exact scheme does not take (EIP-2098 compact 64 bytes, no 0x, 66 bytes, not hex, empty) and a malformed payee: 402 invalid signature, nothing recorded", async () => {
    const compact = (sig: string) => {
      const v = BigInt(Number.parseInt(sig.slice(130, 132), 16) - 27);
      return `0x${sig.slice(2, 66)}${((v << 255n) | BigInt(`0x${sig.slice(66, 130)}`)).toString(16).padStart(64, "0")}`;
    };
    const signatures = [
      compact,
      (s: string) => s.slice(2),
      (s: string) => `${s}00`,
      (s: string) => `${s.slice(0, 131)}z`,
      () => "0x",
    ];
    for (const signature of signatures) {
      const { nonce } = await refused({ signature }, "invalid_exact_evm_signature");
      expect(await rowsOf(nonce)).toEqual([]);
    }
    const payees = [
      (a: Record<string, unknown>) => ({ ...a, to: "0x1234" }),
      (a: Record<string, unknown>) => ({ ...a, to: 42 }),
      (a: Record<string, unknown>) => ({ ...a, to: String(a.to).slice(2) }),
    ];
    for (const authorization of payees) {
      const { nonce } = await refused({ authorization }, "invalid_exact_evm_signature");
      expect(await rowsOf(nonce)).toEqual([]);
    }
  });

  it("an address with a broken EIP-55 checksum is the payer's mistake: 402 invalid_payment, never 503", async () => {
    // Mixed case with one letter's case flipped: not an address any EIP-55 reader accepts.
    const broken = (a: string) => {
      const i = a.slice(2).search(/[a-fA-F]/) + 2;
      const ch = a[i]!;
      return `${a.slice(0, i)}${ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()}${a.slice(i + 1)}`;
    };
    for (const field of ["from", "to"] as const) {
      const { body } = await refused(
        { authorization: (a) => ({ ...a, [field]: broken(String(a[field])) }) },
        "invalid_payment",
      );
      expect(body.message).toMatch(/checksum/i);
    }
  });

  it("x402Version as a string, or amounts as JSON numbers (the exact scheme's fields are strings): 402 invalid_payment", async () => {
    await refused({ envelope: (p) => ({ ...p, x402Version: "2" }) }, "invalid_payment");
    await refused({ envelope: (p) => ({ ...p, x402Version: 1 }) }, "invalid_payment");
    await refused({ authorization: (a) => ({ ...a, value: Number(a.value) }) }, "invalid_payment");
    await refused(
      { authorization: (a) => ({ ...a, validBefore: Number(a.validBefore) }) },
      "invalid_payment",
    );
  });
});

describe("the v1 header name", () => {
  it("a v2 payment under X-PAYMENT is refused with a 402 naming PAYMENT-SIGNATURE, uncharged; under PAYMENT-SIGNATURE it then buys", async () => {
    const before = await chain.balanceOf(operator());
    const { header, nonce } = await thirdParty(verdictUrl(), { from: chain.wallets.buyers[3]! });
    for (const url of [verdictUrl(), `${base}/v1/listings/${listingA}/purchases`]) {
      const r = await pay(url, header, {}, "x-payment");
      expect(r.status).toBe(402);
      const body = await json(r);
      expect(body.error).toBe("invalid_payment");
      expect(body.message).toMatch(/PAYMENT-SIGNATURE/);
      expect(body.accepts).toHaveLength(1);
      expect(decode(r.headers.get("payment-required")!).accepts).toEqual(body.accepts);
      noPaidData(body);
    }
    expect(await chain.balanceOf(operator())).toBe(before);
    expect(await rowsOf(nonce)).toEqual([]);
    const ok = await pay(verdictUrl(), header);
    expect(ok.status).toBe(200);
    expect(await chain.balanceOf(operator())).toBe(before + VERDICT);
  });

  it("both headers: PAYMENT-SIGNATURE is the payment", async () => {
    const before = await chain.balanceOf(operator());
    const { header } = await thirdParty(verdictUrl());
    const r = await fetch(verdictUrl(), { headers: { "payment-signature": header, "x-payment": "garbage" } });
    expect(r.status).toBe(200);
    expect(await chain.balanceOf(operator())).toBe(before + VERDICT);
  });
});

describe("retries and receipts", () => {
  it("a client that gives up (timeout) and retries the same payment: the same answer and receipt, charged once", async () => {
    const from = chain.wallets.buyers[1]!;
    const before = await chain.balanceOf(operator());
    const { header, nonce } = await thirdParty(verdictUrl(), { from });
    const ac = new AbortController();
    const first = pay(verdictUrl(), header, { signal: ac.signal }).catch((e: Error) => e);
    setTimeout(() => ac.abort(), 5);
    expect(await first).toBeInstanceOf(Error);
    // Retried until the first attempt's settlement is done (409 payment_in_progress meanwhile).
    let r = await pay(verdictUrl(), header);
    for (let i = 0; i < 50 && r.status === 409; i++) {
      expect((await json(r)).error).toBe("payment_in_progress");
      await new Promise((ok) => setTimeout(ok, 200));
      r = await pay(verdictUrl(), header);
    }
    expect(r.status).toBe(200);
    const body = await json(r);
    const receipt = receiptOf(r, from);
    const again = await pay(verdictUrl(), header);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(body);
    expect(receiptOf(again, from)).toEqual(receipt);
    expect(await chain.balanceOf(operator())).toBe(before + VERDICT);
    expect((await rowsOf(nonce)).map((x) => x.status)).toEqual(["settled"]);
  });
});

describe("a retry rebuilt by the client", () => {
  it("the same authorization re-enveloped on retry (keys reordered, resource and extensions dropped or added, addresses in another case): the same answer, charged once", async () => {
    const from = chain.wallets.buyers[3]!;
    const { header, nonce, body, receipt } = await sold({ from });
    const p = decode(header);
    const a = p.payload.authorization;
    const rebuilt = [
      { payload: { signature: p.payload.signature, authorization: a }, accepted: p.accepted, x402Version: 2 },
      { ...p, extensions: { note: "retry" }, resource: undefined },
      {
        ...p,
        payload: {
          ...p.payload,
          authorization: { ...a, from: a.from.toLowerCase(), to: `0x${a.to.slice(2).toUpperCase()}` },
        },
      },
    ];
    const before = await chain.balanceOf(operator());
    for (const again of rebuilt) {
      const r = await pay(verdictUrl(), encode(again));
      expect(r.status).toBe(200);
      expect(await json(r)).toEqual(body);
      expect(receiptOf(r, from)).toEqual(receipt);
    }
    expect(await chain.balanceOf(operator())).toBe(before);
    expect((await rowsOf(nonce)).map((x) => x.status)).toEqual(["settled"]);
  });

  it("the header in base64url without padding (a lenient decoder's spelling): sold", async () => {
    const from = chain.wallets.buyers[4]!;
    const before = await chain.balanceOf(operator());
    const { header } = await thirdParty(verdictUrl(), { from });
    const url64 = Buffer.from(header, "base64").toString("base64url");
    const r = await pay(verdictUrl(), url64);
    expect(r.status).toBe(200);
    receiptOf(r, from);
    expect(await chain.balanceOf(operator())).toBe(before + VERDICT);
  });
});

describe("a settlement the facilitator refuses", () => {
  let refusing: TestApi;
  let refusingBase: string;
  let refusingServer: ReturnType<typeof serve>;
  let listing: string;
  beforeAll(async () => {
    // Verifies on the chain as usual, then refuses every settlement (the payer's balance gone meanwhile).
    const local = createLocalFacilitator(chain);
    const facilitator = {
      verify: local.verify.bind(local),
      getSupported: local.getSupported.bind(local),
      settle: async (p: { payload: unknown }) => ({
        success: false as const,
        errorReason: "invalid_exact_evm_insufficient_balance" as const,
        transaction: "",
        network: "eip155:8453" as const,
        payer: (p.payload as { authorization: { from: string } }).authorization.from,
      }),
    };
    refusing = await startTestApi({ payments: chainPayments(chain, { facilitator: facilitator as never }) });
    ({ server: refusingServer, base: refusingBase } = await serveTestApi(refusing));
    listing = (await (await refusing.req("POST", "/v1/listings", validListing())).json()).id;
    await markVerified(refusing.tdb.db, [listing]);
  });
  afterAll(async () => {
    refusingServer.close();
    await refusing.tdb.drop();
  });

  it("402 with the terms and a PAYMENT-RESPONSE the client decodes: success false, the reason, the payer; nothing moved", async () => {
    const from = chain.wallets.buyers[0]!;
    const url = `${refusingBase}/v1/listings/${listing}/verdict`;
    const before = await chain.balanceOf(operator());
    const { header } = await thirdParty(url, { from, source: "body" });
    const r = await pay(url, header);
    expect(r.status).toBe(402);
    const body = await json(r);
    expect(body.error).toBe("invalid_exact_evm_insufficient_balance");
    noPaidData(body);
    expect(decode(r.headers.get("payment-required")!).accepts[0].amount).toBe("5000");
    expect(decode(r.headers.get("payment-response")!)).toEqual({
      success: false,
      errorReason: "invalid_exact_evm_insufficient_balance",
      transaction: "",
      network: "eip155:8453",
      payer: from.address,
    });
    expect(await chain.balanceOf(operator())).toBe(before);
    const rows = await refusing.tdb.db.selectFrom("payments").select("status").execute();
    expect(rows.map((x) => x.status)).toEqual(["failed"]);
  });
});

describe("the validity window", () => {
  it("validBefore an hour ahead (past maxTimeoutSeconds): sold once, as the exact scheme's verify allows; spent for any other request", async () => {
    const { header, nonce, body } = await sold({
      from: chain.wallets.buyers[2]!,
      validBefore: BigInt(now() + 3600),
    });
    const before = await chain.balanceOf(operator());
    const again = await pay(verdictUrl(), header);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(body);
    const elsewhere = await pay(verdictUrl(listingB), header);
    expect(elsewhere.status).toBe(402);
    expect((await json(elsewhere)).error).toBe("payment_already_used");
    expect(await chain.balanceOf(operator())).toBe(before);
    const [row] = await rowsOf(nonce);
    expect(row!.valid_before?.getTime()).toBeGreaterThan(Date.now() + 3500_000);
  });

  it("validBefore at the uint256 maximum (never expires): sold once", async () => {
    await sold({ validBefore: 2n ** 256n - 1n });
  });

  it("validAfter 10 minutes in the past (a client's clock-skew allowance): sold", async () => {
    await sold({ validAfter: BigInt(now() - 600) });
  });

  it("validAfter a few seconds ahead (the client's clock runs fast): 402 valid_after, uncharged; the same header buys once it is valid", async () => {
    const validAfter = now() + 5;
    const { header } = await refused(
      { from: chain.wallets.buyers[3]!, validAfter: BigInt(validAfter) },
      "invalid_exact_evm_payload_authorization_valid_after",
    );
    await new Promise((ok) => setTimeout(ok, Math.max(0, (validAfter + 1.5) * 1000 - Date.now())));
    // The token checks the window by block time: Base makes a block every 2 s, anvil only when asked.
    await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_mine", params: [] }),
    });
    const before = await chain.balanceOf(operator());
    const r = await pay(verdictUrl(), header);
    expect(r.status).toBe(200);
    expect(await chain.balanceOf(operator())).toBe(before + VERDICT);
  });

  it("validBefore under 6 s ahead: 402 valid_before, uncharged", async () => {
    await refused({ validBefore: BigInt(now() + 3) }, "invalid_exact_evm_payload_authorization_valid_before");
  });
});

describe("other paid routes, paid by hand", () => {
  it("verify-now: the last offer (the other plan) is refused uncharged, naming the price; the asked plan's offer buys", async () => {
    const n = Math.random().toString(36).slice(2, 10);
    const created = await json(
      await t.req(
        "POST",
        "/v1/listings",
        validListing({ endpoint_url: `https://pub-${n}.example${n}.com/v1/w` }),
      ),
    );
    const init = { method: "POST", headers: { "x-claim-token": created.claim_token } };
    const url = `${base}/v1/listings/${created.id}/verify-now`;
    const terms = await termsOf(url, "body", { method: "POST" });
    expect(terms.accepts.map((o) => o.amount)).toEqual(["2000000", "5000000"]);
    const before = await chain.balanceOf(operator());
    const last = await thirdParty(url, {
      pick: "last",
      init: { method: "POST" },
      from: chain.wallets.buyers[4]!,
    });
    const r = await pay(url, last.header, init);
    expect(r.status).toBe(402);
    const body = await json(r);
    expect(body.error).toBe("invalid_payment");
    expect(body.message).toMatch(/authorizes 5000000 .*costs 2000000/);
    expect(await chain.balanceOf(operator())).toBe(before);
    const first = await thirdParty(url, {
      source: "body",
      init: { method: "POST" },
      from: chain.wallets.buyers[4]!,
    });
    const misnamed = await pay(url, first.header, init, "x-payment");
    expect(misnamed.status).toBe(402);
    expect(await json(misnamed)).toMatchObject({
      error: "invalid_payment",
      message: expect.stringMatching(/PAYMENT-SIGNATURE/),
    });
    const ok = await pay(url, first.header, init);
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ plan: "single", status: "queued" });
    receiptOf(ok, chain.wallets.buyers[4]!);
    expect(await chain.balanceOf(operator())).toBe(before + 2_000_000n);
  });

  it("a paid submission (beyond the free allowance), terms from the body: 201 with the claim token, the fee once", async () => {
    const on = (i: number) =>
      JSON.stringify(validListing({ endpoint_url: `https://pub-tp.com/api/${i}`, name: `tp ${i}` }));
    const post = (body: string, headers: Record<string, string> = {}) => ({
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    for (let i = 0; i < 5; i++) expect((await fetch(`${base}/v1/listings`, post(on(i)))).status).toBe(201);
    const from = chain.wallets.buyers[0]!;
    const before = await chain.balanceOf(operator());
    const { header } = await thirdParty(`${base}/v1/listings`, {
      source: "body",
      init: post(on(5)),
      from,
      envelope: (p) => ({ ...p, extensions: {} }),
    });
    const misnamed = await fetch(`${base}/v1/listings`, post(on(5), { "x-payment": header }));
    expect(misnamed.status).toBe(402);
    expect(await json(misnamed)).toMatchObject({
      error: "invalid_payment",
      message: expect.stringMatching(/PAYMENT-SIGNATURE/),
    });
    expect(await chain.balanceOf(operator())).toBe(before);
    const r = await fetch(`${base}/v1/listings`, post(on(5), { "payment-signature": header }));
    expect(r.status).toBe(201);
    expect((await json(r)).claim_token).toMatch(/^[0-9a-f]{64}$/);
    receiptOf(r, from);
    expect(await chain.balanceOf(operator())).toBe(before + 250_000n);
  });

  it("a paid submission retried after the client gave up: the same listing, its token shown once, the fee once", async () => {
    // The domain's free allowance used up first, so this submission is paid.
    for (let i = 0; i < 5; i++)
      expect(
        (await t.req("POST", "/v1/listings", validListing({ endpoint_url: `https://pub-tpr.com/f/${i}` })))
          .status,
      ).toBe(201);
    const body = JSON.stringify(
      validListing({ endpoint_url: "https://pub-tpr.com/api/retry", name: "tp retry" }),
    );
    const init = (headers: Record<string, string> = {}) => ({
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    const from = chain.wallets.buyers[2]!;
    const before = await chain.balanceOf(operator());
    const { header } = await thirdParty(`${base}/v1/listings`, { init: init(), from });
    const ac = new AbortController();
    const first = fetch(`${base}/v1/listings`, {
      ...init({ "payment-signature": header }),
      signal: ac.signal,
    });
    setTimeout(() => ac.abort(), 5);
    await first.catch(() => undefined);
    let r = await fetch(`${base}/v1/listings`, init({ "payment-signature": header }));
    for (let i = 0; i < 50 && r.status === 409; i++) {
      await new Promise((ok) => setTimeout(ok, 200));
      r = await fetch(`${base}/v1/listings`, init({ "payment-signature": header }));
    }
    expect(r.status).toBe(201);
    const created = await json(r);
    receiptOf(r, from);
    const again = await fetch(`${base}/v1/listings`, init({ "payment-signature": header }));
    expect(again.status).toBe(201);
    const replayed = await json(again);
    expect(replayed.id).toBe(created.id);
    // Shown once: whichever response carried it first, no later one does (the claim flow recovers it).
    expect(replayed.claim_token).toBeNull();
    expect(await chain.balanceOf(operator())).toBe(before + 250_000n);
    const listings = await t.tdb.db
      .selectFrom("listings")
      .select("id")
      .where("name", "=", "tp retry")
      .execute();
    expect(listings).toEqual([{ id: created.id }]);
  });

  it("the demand report (2 USD), terms from the body, last offer: sold once", async () => {
    t.demand.paidTierLive = true;
    try {
      expect(await buildDemandSnapshots(t.tdb.db, { kFloor: 3 })).toMatchObject({ skipped: false });
      const { body } = await sold(
        { source: "body", pick: "last", from: chain.wallets.buyers[1]! },
        2_000_000n,
        `${base}/v1/demand/report`,
      );
      expect(body).toHaveProperty("generated_at");
    } finally {
      t.demand.paidTierLive = false;
    }
  });
});
