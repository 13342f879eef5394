import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from "node:net";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { BASE_USDC } from "@tollgate/devnet";
import { allowanceFromConfig, createSafeHttpClient, type SafeHttpClient } from "@tollgate/platform";
import { createListing, recordProbe, validateSubmission } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProbe } from "../src/probe.js";

// Round 3 of third-party sellers against the prober: terms split or disagreeing between header and body, odd
// amounts and addresses, and sellers that misbehave on the wire (slowloris headers, trickled bodies, brotli bombs,
// lying Content-Length, 103 Early Hints, HTTP/1.0 without a length) or whose name resolves to loopback. Each is a
// real server on loopback, probed through the SSRF-safe client and recorded as the prober records.

const PAY_TO = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"; // EIP-55
const OTHER_PAY_TO = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"; // EIP-55
const BAD_CHECKSUM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"; // last letter's case flipped
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");
const TIMEOUT_MS = 1500;

let tdb: TestDatabase;
let client: SafeHttpClient;
let port = 0;
let rawPort = 0;
let slot = 1;
const HOST = "third3.test";
const RAW = "raw3.test";
const url = (path: string) => `http://${HOST}:${port}${path}`;
const rawUrl = (path: string) => `http://${RAW}:${rawPort}${path}`;

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
const v1Offer = (over: Record<string, unknown> = {}) => ({
  scheme: "exact",
  network: "base",
  maxAmountRequired: "10000",
  resource: url("/v1"),
  description: "v1",
  mimeType: "application/json",
  payTo: PAY_TO,
  maxTimeoutSeconds: 60,
  asset: BASE_USDC,
  extra: { name: "USD Coin", version: "2" },
  ...over,
});
const v2 = (accepts: unknown[]) => ({
  x402Version: 2,
  error: "Payment required",
  resource: { url: url("/"), mimeType: "application/json" },
  accepts,
});

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const header402 =
  (required: unknown, body = ""): Handler =>
  (_req, res) => {
    res.writeHead(402, { "PAYMENT-REQUIRED": b64(required), "content-type": "application/json" });
    res.end(body);
  };
const amountSeller = (amount: unknown): Handler => header402(v2([v2Offer({ amount })]));

let hits: Record<string, number> = {};
const routes: Record<string, Handler> = {
  // Terms in both places, disagreeing: the header's v2 terms are what an x402 v2 client pays.
  "/both-disagree": header402(
    v2([v2Offer()]),
    JSON.stringify({
      x402Version: 1,
      accepts: [v1Offer({ payTo: OTHER_PAY_TO, maxAmountRequired: "90000" })],
    }),
  ),
  // A v1 object in the header (as some servers send), the v2 object in the body.
  "/v1-header-v2-body": (_req, res) => {
    res.writeHead(402, {
      "Payment-Required": JSON.stringify({
        x402Version: 1,
        accepts: [v1Offer({ maxAmountRequired: "12000" })],
      }),
      "content-type": "application/json",
    });
    res.end(JSON.stringify(v2([v2Offer({ payTo: OTHER_PAY_TO })])));
  },
  "/amount-leading-zeros": amountSeller("0010000"),
  "/amount-number": amountSeller(10000),
  "/amount-decimals": amountSeller("10000.5"),
  "/amount-negative": amountSeller("-10000"),
  "/amount-empty": amountSeller(""),
  "/amount-huge": amountSeller((2n ** 256n).toString()),
  "/amount-max": amountSeller((2n ** 256n - 1n).toString()),
  "/payto-lower": header402(v2([v2Offer({ payTo: PAY_TO.toLowerCase() })])),
  "/payto-bad-checksum": header402(v2([v2Offer({ payTo: BAD_CHECKSUM })])),
  "/payto-not-hex": header402(v2([v2Offer({ payTo: "0xnot-an-address" })])),
  // A NUL character in the seller's strings (Postgres text cannot hold one).
  "/nul": header402(v2([v2Offer({ extra: { name: "USD\u0000Coin", version: "2" } })])),
  // A lone UTF-16 surrogate (escaped in the JSON), which Postgres jsonb refuses.
  "/surrogate": header402(v2([v2Offer({ extra: { name: "USD Coin", version: "2\ud800" } })])),
  // Strings tens of kilobytes long where an address and a network name belong.
  "/long-strings": header402(
    v2([v2Offer({ payTo: `0x${"a".repeat(30_000)}`, extra: { name: "n".repeat(5000), version: "2" } })]),
  ),
  // Other chains and assets beside the good offer; the good one last.
  "/other-chains": header402(
    v2([
      v2Offer({ network: "eip155:1", asset: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", amount: "1" }),
      v2Offer({ network: "eip155:8453", asset: "0x4200000000000000000000000000000000000006", amount: "1" }),
      v2Offer({ network: "eip155:137", asset: BASE_USDC, amount: "1" }),
      v2Offer({ amount: "30000" }),
    ]),
  ),
  // A brotli bomb: 64 MiB of spaces in a few KiB, terms in the header.
  "/br-bomb": (_req, res) => {
    res.writeHead(402, {
      "content-type": "application/json",
      "content-encoding": "br",
      "PAYMENT-REQUIRED": b64(v2([v2Offer()])),
    });
    res.end(BR_BOMB);
  },
  // A trickled body: terms in the header, then a byte every 100 ms forever.
  "/trickle": (_req, res) => {
    res.writeHead(402, { "PAYMENT-REQUIRED": b64(v2([v2Offer()])), "content-type": "text/plain" });
    const t = setInterval(() => res.write("."), 100);
    res.on("close", () => clearInterval(t));
  },
  // A body labelled gzip that is not: terms in the header, or only in the (unreadable) body.
  "/corrupt-gzip": (_req, res) => {
    res.writeHead(402, {
      "content-encoding": "gzip",
      "content-type": "application/json",
      "PAYMENT-REQUIRED": b64(v2([v2Offer()])),
    });
    res.end("this is not gzip at all, whatever the header says");
  },
  "/corrupt-gzip-body-terms": (_req, res) => {
    res.writeHead(402, { "content-encoding": "gzip", "content-type": "application/json" });
    res.end(JSON.stringify(v2([v2Offer()])));
  },
  // The same PAYMENT-REQUIRED header twice (a middleware and its framework both set it), and two that differ.
  "/header-twice": (_req, res) => {
    const h = b64(v2([v2Offer()]));
    res.setHeader("PAYMENT-REQUIRED", [h, h]);
    res.writeHead(402, { "content-type": "application/json" });
    res.end("{}");
  },
  "/header-twice-differing": (_req, res) => {
    res.setHeader("PAYMENT-REQUIRED", [b64(v2([v2Offer()])), b64(v2([v2Offer({ payTo: OTHER_PAY_TO })]))]);
    res.writeHead(402, { "content-type": "application/json" });
    res.end("{}");
  },
  "/loopback-name": (_req, res) => {
    hits["/loopback-name"] = (hits["/loopback-name"] ?? 0) + 1;
    header402(v2([v2Offer()]))(_req, res);
  },
};

let BR_BOMB: Buffer;

/** Raw TCP answers, for what node's http server never writes. */
const rawRoutes: Record<string, (sock: Socket) => void> = {
  // Slowloris headers: the status line, then one header byte every 100 ms, never finished.
  "/slowloris": (sock) => {
    sock.write("HTTP/1.1 402 Payment Required\r\n");
    const line = `PAYMENT-REQUIRED: ${b64(v2([v2Offer()]))}\r\n`;
    let i = 0;
    const t = setInterval(() => {
      if (i < line.length) sock.write(line[i++]!);
      else sock.write("X");
    }, 100);
    sock.on("close", () => clearInterval(t));
    sock.on("error", () => clearInterval(t));
  },
  // 103 Early Hints, then the 402.
  "/early-hints": (sock) => {
    const body = "{}";
    sock.end(
      "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n" +
        `HTTP/1.1 402 Payment Required\r\nPAYMENT-REQUIRED: ${b64(v2([v2Offer()]))}\r\n` +
        `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
  },
  // HTTP/1.0: no Content-Length, the body ends when the connection closes; the terms in the body (v1).
  "/http10": (sock) => {
    sock.end(
      "HTTP/1.0 402 Payment Required\r\ncontent-type: application/json\r\n\r\n" +
        JSON.stringify({ x402Version: 1, accepts: [v1Offer({ maxAmountRequired: "13000" })] }),
    );
  },
  // Content-Length longer than the body, then the connection closes: the terms are in the header.
  "/cl-long": (sock) => {
    sock.end(
      `HTTP/1.1 402 Payment Required\r\nPAYMENT-REQUIRED: ${b64(v2([v2Offer()]))}\r\n` +
        "content-type: application/json\r\ncontent-length: 5000\r\n\r\n{}",
    );
  },
  // Content-Length shorter than what follows: a second, forged answer rides behind it on the connection.
  "/cl-short": (sock) => {
    const forged = `HTTP/1.1 402 Payment Required\r\nPAYMENT-REQUIRED: ${b64(v2([v2Offer({ payTo: OTHER_PAY_TO })]))}\r\ncontent-length: 0\r\n\r\n`;
    sock.write(
      `HTTP/1.1 402 Payment Required\r\nPAYMENT-REQUIRED: ${b64(v2([v2Offer()]))}\r\n` +
        `content-type: application/json\r\ncontent-length: 2\r\n\r\n{}${forged}`,
    );
  },
};

const servers: Server[] = [];
let raw: TcpServer;
const rawSockets = new Set<Socket>();

beforeAll(async () => {
  BR_BOMB = brotliCompressSync(Buffer.alloc(64 * 1024 * 1024, " "), {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
  });
  tdb = await createTestDatabase();
  const s = createServer((req, res) => {
    const h = routes[new URL(req.url ?? "/", "http://x").pathname];
    if (h) return h(req, res);
    res.writeHead(404);
    res.end();
  });
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  port = (s.address() as AddressInfo).port;
  raw = createTcpServer((sock) => {
    rawSockets.add(sock);
    sock.on("close", () => rawSockets.delete(sock));
    sock.on("error", () => {});
    let head = "";
    const onData = (d: Buffer) => {
      head += d.toString("latin1");
      if (!head.includes("\r\n\r\n")) return;
      sock.off("data", onData);
      const path = head.split(" ")[1] ?? "/";
      const h = rawRoutes[new URL(path, "http://x").pathname];
      if (h) h(sock);
      else sock.end("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n");
    };
    sock.on("data", onData);
  });
  await new Promise<void>((r) => raw.listen(0, "127.0.0.1", () => r()));
  rawPort = (raw.address() as AddressInfo).port;
  client = createSafeHttpClient({
    verifiedBy: "tollgate",
    allowHttp: true,
    timeoutMs: TIMEOUT_MS,
    allowance: { hosts: { [HOST]: "127.0.0.1", [RAW]: "127.0.0.1" }, cidrs: [] },
  });
});
afterAll(async () => {
  await client?.close();
  for (const sock of rawSockets) sock.destroy();
  await new Promise<void>((r) => (raw ? raw.close(() => r()) : r()));
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
  await tdb?.drop();
});

/** Submits the endpoint, probes it once and records the probe as the prober does; returns the outcome and row. */
async function probe(endpoint: string, via: SafeHttpClient = client) {
  const prepared = await validateSubmission(
    tdb.db,
    {
      name: `round 3 ${endpoint}`,
      description: "a third-party seller",
      endpoint_url: endpoint,
      category: "data.weather",
      price_amount: 0.01,
    },
    { checkHost: async () => ({ ok: true }), allowHttp: true },
  );
  const { id } = await createListing(tdb.db, prepared);
  const started = performance.now();
  const outcome = await runProbe(via, { id, endpoint_url: endpoint, sample_query: null }, slot++, {
    timeoutMs: TIMEOUT_MS,
  });
  const tookMs = performance.now() - started;
  await recordProbe(tdb.db, outcome);
  const row = await tdb.db.selectFrom("listings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return { outcome, row, tookMs };
}

describe("round 3: where the terms are and what they say", () => {
  it("terms in the header and in the body, disagreeing: the header's v2 terms are recorded", async () => {
    const { outcome, row } = await probe(url("/both-disagree"));
    expect(outcome).toMatchObject({ passed: true, failureReason: null });
    expect(row).toMatchObject({
      x402_version: 2,
      transport: "header",
      obs_pay_to: PAY_TO,
      amount_atomic: "10000",
      amount_usd: 0.01,
    });
  });

  it("a v1 object in the header beside a v2 body: the header's terms, as v1", async () => {
    const { outcome, row } = await probe(url("/v1-header-v2-body"));
    expect(outcome).toMatchObject({ passed: true });
    expect(row).toMatchObject({
      x402_version: 1,
      transport: "header",
      obs_pay_to: PAY_TO,
      amount_atomic: "12000",
    });
  });

  it.each([
    ["/amount-leading-zeros", "10000", 0.01],
    ["/amount-number", "10000", 0.01],
    ["/amount-decimals", null, null],
    ["/amount-negative", null, null],
    ["/amount-empty", null, null],
    ["/amount-huge", null, null],
    ["/amount-max", (2n ** 256n - 1n).toString(), null],
  ])("amount %s is recorded as %s atomic", async (path, atomic, usd) => {
    const { outcome, row } = await probe(url(path));
    expect(outcome).toMatchObject({ passed: true });
    expect(row.amount_atomic).toBe(atomic);
    if (usd !== null) expect(row.amount_usd).toBe(usd);
    else if (atomic === null) expect(row.amount_usd).toBeNull();
  });

  it("payTo lower-case passes; with a broken EIP-55 checksum or not an address it is no offer a buyer can pay", async () => {
    const lower = await probe(url("/payto-lower"));
    expect(lower.outcome).toMatchObject({ passed: true });
    expect(lower.row.obs_pay_to).toBe(PAY_TO.toLowerCase());
    // The official client (viem's getAddress) refuses both, so no one could pay: not a challenge that passes.
    const bad = await probe(url("/payto-bad-checksum"));
    expect(bad.outcome).toMatchObject({ passed: false, failureReason: "no_payment_options" });
    const notHex = await probe(url("/payto-not-hex"));
    expect(notHex.outcome).toMatchObject({ passed: false, failureReason: "no_payment_options" });
  });

  it("a NUL character or a lone surrogate in the seller's terms never stops the probe being recorded", async () => {
    const nul = await probe(url("/nul"));
    expect(nul.outcome).toMatchObject({ passed: true });
    expect(nul.row).toMatchObject({ probe_count: 1, obs_pay_to: PAY_TO, domain_name: "USDCoin" });
    const lone = await probe(url("/surrogate"));
    expect(lone.outcome).toMatchObject({ passed: true });
    expect(lone.row).toMatchObject({ probe_count: 1, obs_pay_to: PAY_TO, domain_version: "2\ufffd" });
  });

  it("a payTo and a domain name tens of kilobytes long never stop the probe being recorded", async () => {
    const { outcome, row } = await probe(url("/long-strings"));
    expect(outcome.passed).toBeTypeOf("boolean");
    expect(row.probe_count).toBe(1);
  });

  it("offers on Ethereum, Polygon and in WETH on Base before the Base USDC one: the Base USDC one is recorded", async () => {
    const { outcome, row } = await probe(url("/other-chains"));
    expect(outcome).toMatchObject({ passed: true });
    expect(row).toMatchObject({
      accepts_count: 4,
      accepts_index: 3,
      obs_network: "eip155:8453",
      obs_asset: BASE_USDC,
      amount_atomic: "30000",
      amount_usd: 0.03,
    });
  });
});

describe("round 3: sellers that misbehave on the wire", () => {
  it("slowloris headers: a timeout at the time limit, not a stall", async () => {
    const { outcome, tookMs } = await probe(rawUrl("/slowloris"));
    expect(outcome).toMatchObject({ passed: false, failureReason: "timeout", latencyMs: TIMEOUT_MS });
    expect(tookMs).toBeLessThan(TIMEOUT_MS * 2 + 1000);
  });

  it("a body trickled past the time limit: a timeout, not a stall", async () => {
    const { outcome, tookMs } = await probe(url("/trickle"));
    expect(outcome).toMatchObject({ passed: false, failureReason: "timeout" });
    expect(tookMs).toBeLessThan(TIMEOUT_MS * 2 + 1000);
  });

  it("a brotli bomb is decoded only up to the cap; the header's terms are read", async () => {
    const { outcome, row, tookMs } = await probe(url("/br-bomb"));
    expect(outcome).toMatchObject({ passed: true });
    expect(row.obs_pay_to).toBe(PAY_TO);
    expect(tookMs).toBeLessThan(TIMEOUT_MS);
  });

  it("103 Early Hints before the 402", async () => {
    const { outcome, row } = await probe(rawUrl("/early-hints"));
    expect(outcome).toMatchObject({ passed: true, httpStatus: 402 });
    expect(row.obs_pay_to).toBe(PAY_TO);
  });

  it("an HTTP/1.0 402 with no length, ended by closing the connection", async () => {
    const { outcome, row } = await probe(rawUrl("/http10"));
    expect(outcome).toMatchObject({ passed: true });
    expect(row).toMatchObject({ x402_version: 1, transport: "body", amount_atomic: "13000" });
  });

  it("a Content-Length longer than the body, the terms in the header: read as an x402 client reads it, never hangs", async () => {
    const { outcome, row, tookMs } = await probe(rawUrl("/cl-long"));
    expect(outcome).toMatchObject({ passed: true, httpStatus: 402 });
    expect(row.obs_pay_to).toBe(PAY_TO);
    expect(tookMs).toBeLessThan(TIMEOUT_MS);
  });

  it("a body labelled gzip that is not: the header's terms are read; with none there, no challenge", async () => {
    const header = await probe(url("/corrupt-gzip"));
    expect(header.outcome).toMatchObject({ passed: true });
    expect(header.row).toMatchObject({ transport: "header", obs_pay_to: PAY_TO });
    const body = await probe(url("/corrupt-gzip-body-terms"));
    expect(body.outcome).toMatchObject({ passed: false, failureReason: "invalid_challenge" });
  });

  it("a Content-Length shorter than what follows: a forged answer behind it is never read as the next one", async () => {
    const first = await probe(rawUrl("/cl-short"));
    expect(first.row.obs_pay_to).toBe(PAY_TO);
    const second = await probe(rawUrl("/early-hints?again"));
    expect(second.row.obs_pay_to).toBe(PAY_TO);
  });

  it("a seller whose DNS never answers: the probe ends at its time limit, as a lookup that did not complete (neutral)", async () => {
    const viaDns = createSafeHttpClient({
      verifiedBy: "tollgate",
      allowHttp: true,
      timeoutMs: TIMEOUT_MS,
      lookup: () => new Promise(() => {}),
    });
    try {
      const { outcome, tookMs } = await probe(`http://never.example:${port}/v1`, viaDns);
      expect(outcome).toMatchObject({ passed: false, failureReason: "dns_lookup_error" });
      expect(tookMs).toBeLessThan(TIMEOUT_MS * 2 + 1000);
    } finally {
      await viaDns.close();
    }
  });

  it("the same PAYMENT-REQUIRED header twice is read once; two that differ are no challenge", async () => {
    const twice = await probe(url("/header-twice"));
    expect(twice.outcome).toMatchObject({ passed: true });
    expect(twice.row).toMatchObject({ transport: "header", obs_pay_to: PAY_TO, amount_atomic: "10000" });
    const differing = await probe(url("/header-twice-differing"));
    expect(differing.outcome).toMatchObject({ passed: false, failureReason: "invalid_challenge" });
  });

  it("a seller's name that resolves to loopback is refused before it is contacted; the config's host allowance names only its own hosts", async () => {
    hits = {};
    // The allowance as the prober builds it from its config in tests (SSRF_ALLOW_HOSTS), with a DNS that answers
    // loopback for every name: only the name the allowance maps is let through.
    const allowance = allowanceFromConfig({
      NODE_ENV: "test",
      SSRF_ALLOW_HOSTS: `${HOST}=127.0.0.1`,
      SSRF_ALLOW_CIDRS: "",
    });
    const viaDns = createSafeHttpClient({
      verifiedBy: "tollgate",
      allowHttp: true,
      timeoutMs: TIMEOUT_MS,
      allowance,
      lookup: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    try {
      for (const name of ["seller.example", "localhost.example", `sub.${HOST}`]) {
        const { outcome } = await probe(`http://${name}:${port}/loopback-name`, viaDns);
        expect(outcome).toMatchObject({ passed: false, failureReason: "private_address" });
      }
      expect(hits["/loopback-name"]).toBeUndefined();
      const allowed = await probe(`http://${HOST}:${port}/loopback-name?allowed`, viaDns);
      expect(allowed.outcome).toMatchObject({ passed: true });
      expect(hits["/loopback-name"]).toBe(1);
    } finally {
      await viaDns.close();
    }
    expect(() =>
      allowanceFromConfig({
        NODE_ENV: "production",
        SSRF_ALLOW_HOSTS: `${HOST}=127.0.0.1`,
        SSRF_ALLOW_CIDRS: "",
      }),
    ).toThrow();
  });
});
