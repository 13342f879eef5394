import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  BASE_USDC,
  type Chain,
  createLocalFacilitator,
  startChain,
  startOfficialSeller,
} from "@tollgate/devnet";
import { createSafeHttpClient, type SafeHttpClient } from "@tollgate/platform";
import { createListing, recordProbe, validateSubmission } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProbe } from "../src/probe.js";

// Third-party sellers, written as their authors write them (not our devnet sellers): node http servers and
// the official @x402/hono middleware, on loopback, reached by name through the SSRF guard's host allowance.
// Each test probes one of them and checks what the prober records, value by value.

const PAY_TO = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"; // checksummed (EIP-55)
const PAY_TO_LOWER = PAY_TO.toLowerCase();
const OTHER_TOKEN = "0x4200000000000000000000000000000000000006"; // WETH on Base
const SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const BOMB = gzipSync(Buffer.alloc(64 * 1024 * 1024, " "));
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");

let chain: Chain;
let tdb: TestDatabase;
let client: SafeHttpClient;
let port = 0;
let otherPort = 0;
let honoPort = 0;
let stopHono: () => Promise<void>;
let slot = 1;
const HOST = "third.test";
const OTHER = "elsewhere.test";
const url = (path: string) => `http://${HOST}:${port}${path}`;

const v1Offer = (over: Record<string, unknown> = {}) => ({
  scheme: "exact",
  network: "base",
  maxAmountRequired: "10000",
  resource: url("/v1"),
  description: "a hand-written v1 seller",
  mimeType: "application/json",
  payTo: PAY_TO,
  maxTimeoutSeconds: 60,
  asset: BASE_USDC,
  extra: { name: "USD Coin", version: "2" },
  ...over,
});
const v2Offer = (over: Record<string, unknown> = {}) => ({
  scheme: "exact",
  network: "eip155:8453",
  amount: "10000",
  asset: BASE_USDC,
  payTo: PAY_TO,
  maxTimeoutSeconds: 60,
  extra: { name: "USD Coin", version: "2" },
  ...over,
});
const v2 = (path: string, accepts: unknown[]) => ({
  x402Version: 2,
  error: "Payment required",
  resource: { url: url(path), mimeType: "application/json" },
  accepts,
});

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const json402 =
  (body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(402, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

const routes: Record<string, Handler> = {
  // x402 v1 as the v1 middlewares answered: the terms in the JSON body.
  "/v1": json402({ x402Version: 1, error: "X-PAYMENT header is required", accepts: [v1Offer()] }),
  // v2 terms only in the header, with an empty body, an HTML body, or `{}`.
  "/v2/header-empty": (_req, res) => {
    res.writeHead(402, { "PAYMENT-REQUIRED": b64(v2("/v2/header-empty", [v2Offer()])) });
    res.end();
  },
  "/v2/header-html": (_req, res) => {
    res.writeHead(402, {
      "content-type": "text/html; charset=utf-8",
      "payment-required": b64(v2("/v2/header-html", [v2Offer()])),
    });
    res.end("<!doctype html><html><body><h1>402 Payment Required</h1></body></html>");
  },
  // v2 terms only in the body, no header.
  "/v2/body-only": json402(v2("/v2/body-only", [v2Offer()])),
  // Several offers; Base USDC exact is not the first.
  "/v2/many": (_req, res) => {
    res.writeHead(402, {
      "PAYMENT-REQUIRED": b64(
        v2("/v2/many", [
          v2Offer({
            network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
            asset: SOLANA_USDC,
            payTo: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
          }),
          v2Offer({ network: "eip155:84532", asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e" }),
          v2Offer({
            asset: OTHER_TOKEN,
            amount: "3000000000000",
            extra: { name: "Wrapped Ether", version: "1" },
          }),
          v2Offer({ amount: "25000" }),
        ]),
      ),
    });
    res.end("{}");
  },
  // v1 names, lower-case addresses, a JSON-number amount, fields we do not know.
  "/v1/loose": json402({
    x402Version: 1,
    error: "payment required",
    accepts: [
      v1Offer({
        network: "base-sepolia",
        asset: "0x036cbd53842c5426634e7929541ec2318f3dcf7e",
      }),
      v1Offer({
        maxAmountRequired: 20000,
        payTo: PAY_TO_LOWER,
        asset: BASE_USDC.toLowerCase(),
        outputSchema: { input: { type: "http", method: "GET" } },
        extra: { name: "USD Coin", version: "2", gasLimit: "1000000", feePayer: "none" },
        unknownField: [1, 2, 3],
      }),
    ],
    facilitator: "https://x402.org/facilitator",
  }),
  // v2 in the header naming Base by its v1 name.
  "/v2/base-name": (_req, res) => {
    res.writeHead(402, {
      "PAYMENT-REQUIRED": b64(v2("/v2/base-name", [v2Offer({ network: "base", amount: 7000 })])),
    });
    res.end("{}");
  },
  // The body as frameworks label it: application/json with a charset.
  "/v1/charset": (_req, res) => {
    res.writeHead(402, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify({ x402Version: 1, accepts: [v1Offer({ maxAmountRequired: "15000" })] }));
  },
  // A gzip-compressed body, sent whatever the request asked for.
  "/v1/gzip": (_req, res) => {
    res.writeHead(402, { "content-type": "application/json", "content-encoding": "gzip" });
    res.end(gzipSync(JSON.stringify({ x402Version: 1, accepts: [v1Offer({ maxAmountRequired: "12000" })] })));
  },
  // A gzip bomb: 64 MiB of spaces in about 64 KiB, terms in the header.
  "/v2/gzip-bomb": (_req, res) => {
    res.writeHead(402, {
      "content-type": "application/json",
      "content-encoding": "gzip",
      "PAYMENT-REQUIRED": b64(v2("/v2/gzip-bomb", [v2Offer()])),
    });
    res.end(BOMB);
  },
  // A body with a byte-order mark and the version as a string, as some servers write JSON.
  "/v1/bom": (_req, res) => {
    res.writeHead(402, { "content-type": "application/json; charset=utf-8" });
    res.end(
      `\uFEFF${JSON.stringify({ x402Version: "1", accepts: [v1Offer({ maxAmountRequired: "11000" })] })}`,
    );
  },
  // An amount written as a dollar figure (a JSON number that is not a whole count of atomic units).
  "/v1/dollars": json402({ x402Version: 1, accepts: [v1Offer({ maxAmountRequired: 0.01 })] }),
  // Same-origin redirect to the 402; a redirect to another origin (never followed).
  "/moved": (_req, res) => {
    res.writeHead(301, { location: "/v1" });
    res.end();
  },
  "/moved-away": (_req, res) => {
    res.writeHead(302, { location: `http://${OTHER}:${otherPort}/v1` });
    res.end();
  },
  // Terms in the header, then a body far past the client's cap.
  "/v2/huge": (_req, res) => {
    res.writeHead(402, {
      "content-type": "text/html",
      "PAYMENT-REQUIRED": b64(v2("/v2/huge", [v2Offer()])),
    });
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const more = () => {
      while (sent < 8 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", more);
      }
      res.end();
    };
    res.on("error", () => {});
    more();
  },
  // Malformed base64 in PAYMENT-REQUIRED, with and without the terms in the body.
  "/v2/bad-b64": (_req, res) => {
    res.writeHead(402, { "PAYMENT-REQUIRED": "eyJ4NDAyVmVyc2lvbiI6Mi!!!not base64" });
    res.end();
  },
  "/v2/bad-b64-body": (_req, res) => {
    res.writeHead(402, { "content-type": "application/json", "PAYMENT-REQUIRED": "e30K%%%" });
    res.end(JSON.stringify({ x402Version: 1, accepts: [v1Offer()] }));
  },
  // MPP beside x402 terms.
  "/mpp-and-x402": (_req, res) => {
    const request = Buffer.from(
      JSON.stringify({
        amount: "10000",
        currency: BASE_USDC,
        recipient: PAY_TO,
        methodDetails: { chainId: 8453 },
      }),
    ).toString("base64url");
    res.writeHead(402, {
      "PAYMENT-REQUIRED": b64(v2("/mpp-and-x402", [v2Offer()])),
      "WWW-Authenticate": `Payment id="c1", realm="${HOST}", method="evm", intent="charge", request="${request}"`,
      "content-type": "application/problem+json",
    });
    res.end(JSON.stringify({ type: "https://paymentauth.org/problems/payment-required", status: 402 }));
  },
};

const servers: Server[] = [];
const listen = async (handler: Handler) => {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  return (s.address() as AddressInfo).port;
};

beforeAll(async () => {
  chain = await startChain();
  tdb = await createTestDatabase();
  port = await listen((req, res) => {
    const h = routes[new URL(req.url ?? "/", "http://x").pathname];
    if (h) return h(req, res);
    res.writeHead(404);
    res.end();
  });
  otherPort = await listen(routes["/v1"]!);
  // The official seller: @x402/hono's paymentMiddleware in front of a Hono route.
  const hono = await startOfficialSeller({
    path: "/weather",
    facilitator: createLocalFacilitator(chain),
    accepts: [
      {
        scheme: "exact",
        network: "eip155:8453",
        payTo: PAY_TO,
        price: { amount: "10000", asset: BASE_USDC, extra: { name: "USD Coin", version: "2" } },
      },
    ],
  });
  honoPort = hono.port;
  stopHono = hono.stop;
  client = createSafeHttpClient({
    verifiedBy: "tollgate",
    allowHttp: true,
    timeoutMs: 3000,
    allowance: { hosts: { [HOST]: "127.0.0.1", [OTHER]: "127.0.0.1", "hono.test": "127.0.0.1" }, cidrs: [] },
  });
});
afterAll(async () => {
  await client?.close();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
  await stopHono?.();
  await tdb?.drop();
  await chain?.stop();
});

/** Submits the endpoint, probes it once and records the probe as the prober does; returns the outcome and row. */
async function probe(endpoint: string) {
  const prepared = await validateSubmission(
    tdb.db,
    {
      name: `third party ${endpoint}`,
      description: "a third-party seller",
      endpoint_url: endpoint,
      category: "data.weather",
      price_amount: 0.01,
    },
    { checkHost: async () => ({ ok: true }), allowHttp: true },
  );
  const { id } = await createListing(tdb.db, prepared);
  const target = { id, endpoint_url: endpoint, sample_query: null };
  const outcome = await runProbe(client, target, slot++, { timeoutMs: 3000 });
  await recordProbe(tdb.db, outcome);
  const row = await tdb.db.selectFrom("listings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return { outcome, row };
}

const observed = (row: Record<string, unknown>) => ({
  x402_version: row.x402_version,
  payment_protocols: row.payment_protocols,
  transport: row.transport,
  obs_scheme: row.obs_scheme,
  obs_network: row.obs_network,
  obs_asset: row.obs_asset,
  obs_pay_to: row.obs_pay_to,
  accepts_count: row.accepts_count,
  accepts_index: row.accepts_index,
  amount_atomic: row.amount_atomic,
  amount_usd: row.amount_usd,
  domain_name: row.domain_name,
  domain_version: row.domain_version,
  testnet: row.testnet,
  payto_sentinel: row.payto_sentinel,
});
const baseUsdc = {
  obs_scheme: "exact",
  obs_network: "eip155:8453",
  domain_name: "USD Coin",
  domain_version: "2",
  testnet: false,
  payto_sentinel: false,
};

describe("third-party sellers, as the prober records them", () => {
  it("the official @x402/hono paymentMiddleware seller (v2, PAYMENT-REQUIRED)", async () => {
    const { outcome, row } = await probe(`http://hono.test:${honoPort}/weather`);
    expect(outcome).toMatchObject({ passed: true, failureReason: null, verifiedVia: "GET", httpStatus: 402 });
    expect(observed(row)).toEqual({
      ...baseUsdc,
      x402_version: 2,
      payment_protocols: ["x402"],
      transport: "header",
      obs_asset: BASE_USDC,
      obs_pay_to: PAY_TO,
      accepts_count: 1,
      accepts_index: 0,
      amount_atomic: "10000",
      amount_usd: 0.01,
    });
  });

  it("a hand-written v1 seller: terms in the JSON body, network `base`, maxAmountRequired", async () => {
    const { outcome, row } = await probe(url("/v1"));
    expect(outcome).toMatchObject({ passed: true, verifiedVia: "GET" });
    expect(observed(row)).toEqual({
      ...baseUsdc,
      x402_version: 1,
      payment_protocols: ["x402"],
      transport: "body",
      obs_asset: BASE_USDC,
      obs_pay_to: PAY_TO,
      accepts_count: 1,
      accepts_index: 0,
      amount_atomic: "10000",
      amount_usd: 0.01,
    });
  });

  it.each(["/v2/header-empty", "/v2/header-html"])("v2 terms only in the header (%s)", async (path) => {
    const { outcome, row } = await probe(url(path));
    expect(outcome).toMatchObject({ passed: true, verifiedVia: "GET" });
    expect(observed(row)).toMatchObject({
      ...baseUsdc,
      x402_version: 2,
      transport: "header",
      obs_pay_to: PAY_TO,
      amount_atomic: "10000",
      amount_usd: 0.01,
    });
  });

  it("v2 terms only in the body, no header", async () => {
    const { outcome, row } = await probe(url("/v2/body-only"));
    expect(outcome).toMatchObject({ passed: true, verifiedVia: "GET" });
    expect(observed(row)).toMatchObject({
      ...baseUsdc,
      x402_version: 2,
      transport: "body",
      obs_pay_to: PAY_TO,
      amount_atomic: "10000",
    });
    expect(row.header_bytes).toBe(0);
  });

  it("several offers, Base USDC exact last (Solana, base-sepolia, another token on Base first)", async () => {
    const { outcome, row } = await probe(url("/v2/many"));
    expect(outcome).toMatchObject({ passed: true });
    expect(observed(row)).toEqual({
      ...baseUsdc,
      x402_version: 2,
      payment_protocols: ["x402"],
      transport: "header",
      obs_asset: BASE_USDC,
      obs_pay_to: PAY_TO,
      accepts_count: 4,
      accepts_index: 3,
      amount_atomic: "25000",
      amount_usd: 0.025,
    });
  });

  it("v1 with a testnet offer first, lower-case addresses, a JSON-number amount and unknown fields", async () => {
    const { outcome, row } = await probe(url("/v1/loose"));
    expect(outcome).toMatchObject({ passed: true });
    expect(observed(row)).toEqual({
      ...baseUsdc,
      x402_version: 1,
      payment_protocols: ["x402"],
      transport: "body",
      obs_asset: BASE_USDC.toLowerCase(),
      obs_pay_to: PAY_TO_LOWER,
      accepts_count: 2,
      accepts_index: 1,
      amount_atomic: "20000",
      amount_usd: 0.02,
    });
  });

  it("v2 naming Base `base`, with a JSON-number amount", async () => {
    const { row } = await probe(url("/v2/base-name"));
    expect(observed(row)).toMatchObject({
      ...baseUsdc,
      x402_version: 2,
      obs_pay_to: PAY_TO,
      accepts_index: 0,
      amount_atomic: "7000",
      amount_usd: 0.007,
    });
  });

  it("a 402 labelled application/json; charset=utf-8", async () => {
    const { outcome, row } = await probe(url("/v1/charset"));
    expect(outcome).toMatchObject({ passed: true });
    expect(observed(row)).toMatchObject({ x402_version: 1, transport: "body", amount_atomic: "15000" });
  });

  it("a JSON body with a byte-order mark and x402Version as a string", async () => {
    const { outcome, row } = await probe(url("/v1/bom"));
    expect(outcome).toMatchObject({ passed: true, failureReason: null });
    expect(observed(row)).toMatchObject({
      ...baseUsdc,
      x402_version: 1,
      transport: "body",
      obs_pay_to: PAY_TO,
      amount_atomic: "11000",
      amount_usd: 0.011,
    });
  });

  it("an amount given as a dollar figure is no price at all (never rounded to 0 atomic units)", async () => {
    const { outcome, row } = await probe(url("/v1/dollars"));
    expect(outcome).toMatchObject({ passed: true });
    expect(observed(row)).toMatchObject({
      x402_version: 1,
      obs_pay_to: PAY_TO,
      amount_atomic: null,
      amount_usd: null,
    });
  });

  it("a gzip-compressed 402 body", async () => {
    const { outcome, row } = await probe(url("/v1/gzip"));
    expect(outcome).toMatchObject({ passed: true, failureReason: null });
    expect(observed(row)).toMatchObject({
      ...baseUsdc,
      x402_version: 1,
      transport: "body",
      obs_pay_to: PAY_TO,
      amount_atomic: "12000",
      amount_usd: 0.012,
    });
  });

  it("a gzip bomb is decoded only up to the client's cap; the header's terms are read", async () => {
    const { outcome, row } = await probe(url("/v2/gzip-bomb"));
    expect(outcome).toMatchObject({ passed: true, failureReason: null });
    expect(observed(row)).toMatchObject({ x402_version: 2, transport: "header", obs_pay_to: PAY_TO });
  });

  it("a same-origin redirect to the 402 is followed; a redirect to another origin fails the probe", async () => {
    const same = await probe(url("/moved"));
    expect(same.outcome).toMatchObject({ passed: true, verifiedVia: "GET" });
    expect(same.outcome.detail?.get).toMatchObject({
      status: 402,
      challenge: "valid",
      final_url: url("/v1"),
    });
    expect(same.row.obs_pay_to).toBe(PAY_TO);
    const away = await probe(url("/moved-away"));
    expect(away.outcome).toMatchObject({ passed: false, failureReason: "redirected_off_origin" });
    expect(away.row.obs_pay_to).toBeNull();
  });

  it("terms in the header and a body past the client's cap: the body is cut off, the header is read", async () => {
    const started = performance.now();
    const { outcome, row } = await probe(url("/v2/huge"));
    expect(performance.now() - started).toBeLessThan(3000);
    expect(outcome).toMatchObject({ passed: true, failureReason: null });
    expect(observed(row)).toMatchObject({ x402_version: 2, transport: "header", obs_pay_to: PAY_TO });
  });

  it("malformed base64 in PAYMENT-REQUIRED: invalid without other terms, the body's terms otherwise", async () => {
    const bad = await probe(url("/v2/bad-b64"));
    expect(bad.outcome).toMatchObject({ passed: false, failureReason: "invalid_challenge" });
    expect(bad.outcome.detail?.get).toMatchObject({ status: 402, challenge: "unparseable_challenge" });
    const body = await probe(url("/v2/bad-b64-body"));
    expect(body.outcome).toMatchObject({ passed: true });
    expect(observed(body.row)).toMatchObject({ x402_version: 1, transport: "body", obs_pay_to: PAY_TO });
  });

  it("an MPP evm charge beside x402 terms: both protocols, the x402 offer's terms", async () => {
    const { outcome, row } = await probe(url("/mpp-and-x402"));
    expect(outcome).toMatchObject({ passed: true });
    expect(observed(row)).toEqual({
      ...baseUsdc,
      x402_version: 2,
      payment_protocols: ["x402", "mpp"],
      transport: "header",
      obs_asset: BASE_USDC,
      obs_pay_to: PAY_TO,
      accepts_count: 1,
      accepts_index: 0,
      amount_atomic: "10000",
      amount_usd: 0.01,
    });
    expect(row.mpp_methods).toEqual(["evm"]);
  });
});
