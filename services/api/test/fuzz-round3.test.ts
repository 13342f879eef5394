import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "kysely";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientErrorsAsJson } from "../src/client-errors.js";
import { startTestApi, type TestApi, validListing } from "./helpers.js";
import { sellerWithoutFacilitator } from "./offline-seller.js";

/**
 * Round 3 of hostile input, over real HTTP: what fuzz.test.ts and hostile-input.test.ts do not send. Raw
 * request lines Node parses but the node adapter cannot make a URL of (`*`, a backslash, a bad Host, no Host),
 * percent-encoding edge cases in every query, BOM-prefixed / duplicated-key / invalid-UTF-8 bodies on every
 * body route, and malformed payment headers. Every answer is below 500, every refusal is the JSON
 * `{error, message}` body, and no refusal changes a listing.
 */
let t: TestApi;
let server: ReturnType<typeof serve>;
let port = 0;
let base = "";
let id = "";
let token = "";

beforeAll(async () => {
  t = await startTestApi({ payments: sellerWithoutFacilitator });
  const created = await (await t.req("POST", "/v1/listings", validListing())).json();
  id = created.id;
  token = created.claim_token;
  server = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 });
  answerClientErrorsAsJson(server);
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.close();
  await t.tdb.drop();
});

/** Bytes written as they are on one connection; the whole answer read until the server closes it. */
function rawExchange(bytes: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(Buffer.from(bytes, "latin1")));
    let got = "";
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(bytes)}`)));
    socket.on("data", (d) => {
      got += d.toString("latin1");
    });
    socket.on("end", () => {
      const [head = "", body = ""] = got.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head, body });
    });
    socket.on("error", reject);
  });
}

async function listingsDigest(): Promise<string> {
  const { rows } = await sql<{ digest: string }>`
    SELECT md5(coalesce(string_agg(l::text, '|' ORDER BY l.id), '')) AS digest FROM listings l`.execute(
    t.tdb.db,
  );
  return rows[0]!.digest;
}

/** Whatever was asked, the answer is a clear one: below 500, and a refusal is the one JSON error body. */
function expectClearAnswer(what: string, status: number, contentType: string, text: string) {
  const paidSnapshot = /\/v1\/demand\/(clusters|report)/.test(what);
  expect(status < 500 || (status === 503 && paidSnapshot), `${what} -> ${status} ${text.slice(0, 200)}`).toBe(
    true,
  );
  if (status < 400) return;
  expect(contentType, `${what} -> ${status}`).toMatch(/application\/json/);
  const body = JSON.parse(text) as { error?: unknown; message?: unknown; x402Version?: unknown };
  if (status === 402 && body.x402Version === 2 && body.error === undefined) return;
  expect(typeof body.error, `${what} -> ${status} ${text.slice(0, 200)}`).toBe("string");
  expect(typeof body.message, `${what} -> ${status} ${text.slice(0, 200)}`).toBe("string");
}

describe("a request Node parses but no URL can be made of is the JSON 400, never an empty one", () => {
  const CASES: [string, string, RegExp][] = [
    ["GET * HTTP/1.1\r\nHost: x\r\n", "asterisk target", /path starting with \//],
    ["OPTIONS * HTTP/1.1\r\nHost: x\r\n", "OPTIONS *", /path starting with \//],
    ["GET ftp://x/v1/stats HTTP/1.1\r\nHost: x\r\n", "non-http absolute target", /path starting with \//],
    ["GET /v1\\stats HTTP/1.1\r\nHost: x\r\n", "backslash in the path", /backslash/],
    ["GET http://x/v1\\stats HTTP/1.1\r\nHost: x\r\n", "backslash in an absolute target", /backslash/],
    ["GET /v1/stats HTTP/1.1\r\nHost: a b\r\n", "Host with a space", /Host header/],
    ["GET /v1/stats HTTP/1.1\r\nHost: a@b\r\n", "Host with userinfo", /Host header/],
    ["GET /v1/stats HTTP/1.1\r\n", "HTTP/1.1 without Host", /needs a Host header/],
    [
      "GET /v1/stats HTTP/1.1\r\nHost: x\r\nExpect: bogus\r\n",
      "an Expect Node does not know",
      /Expect header/,
    ],
    [
      `PATCH /v1/listings/ID HTTP/1.1\r\nHost: x\r\nexpect: 200-ok\r\ncontent-type: application/json\r\nx-claim-token: TOKEN\r\ncontent-length: 13\r\n\r\n{"name":"zz"}`,
      "an edit with an unknown Expect",
      /Expect header/,
    ],
    [
      `PATCH /v1/listings/ID HTTP/1.1\r\nHost: a b\r\ncontent-type: application/json\r\nx-claim-token: TOKEN\r\ncontent-length: 13\r\n\r\n{"name":"zz"}`,
      "an edit under a bad Host",
      /Host header/,
    ],
  ];
  it.each(CASES)("%#: %s (%s)", async (head, _what, message) => {
    const before = await listingsDigest();
    const text = head.replace("ID", id).replace("TOKEN", token);
    const res = await rawExchange(text.includes("\r\n\r\n") ? text : `${text}Connection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(res.head).toMatch(/content-type: application\/json/i);
    expect(res.head).toMatch(/connection: close/i);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ error: "bad_request", request_id: expect.any(String) });
    expect(body.message).toMatch(message);
    expect(await listingsDigest()).toBe(before);
  });

  it("what the adapter serves stays served: an empty Host, HTTP/1.0 without Host, an IPv6 or upper-case Host, a backslash in the query", async () => {
    for (const head of [
      "GET /v1/stats HTTP/1.1\r\nHost: \r\n",
      "GET /v1/stats HTTP/1.0\r\n",
      "GET /v1/stats HTTP/1.1\r\nHost: [::1]:99\r\n",
      "GET /v1/stats HTTP/1.1\r\nHost: EXAMPLE.com\r\n",
      "GET /v1/stats?a=\\ HTTP/1.1\r\nHost: x\r\n",
      "GET http://elsewhere.example/v1/stats HTTP/1.1\r\nHost: x\r\n",
    ]) {
      const res = await rawExchange(`${head}Connection: close\r\n\r\n`);
      expect({ head, status: res.status }).toEqual({ head, status: 200 });
    }
  });
});

describe("a JSON body that is not valid UTF-8 is invalid_json, never stored as U+FFFD", () => {
  it.each([
    ["PATCH", "/v1/listings/ID"],
    ["POST", "/v1/listings"],
    ["POST", "/v1/reports"],
    ["POST", "/v1/listings/ID/claim"],
  ])("%s %s", async (method, template) => {
    const before = await listingsDigest();
    const path = template.replace("ID", id);
    for (const bytes of [
      [0xff, 0xfe],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xe2, 0x82],
      [0xf4, 0x90, 0x80, 0x80],
    ]) {
      const body =
        method === "PATCH"
          ? Buffer.concat([Buffer.from('{"name":"a'), Buffer.from(bytes), Buffer.from('"}')])
          : Buffer.concat([
              Buffer.from(
                JSON.stringify(validListing({ endpoint_url: "https://api.example.com/utf8" })).slice(0, -1),
              ),
              Buffer.from(',"email":"a'),
              Buffer.from(bytes),
              Buffer.from('@example.com"}'),
            ]);
      const res = await request(`${base}${path}`, {
        method: method as "POST",
        headers: { "content-type": "application/json", "x-claim-token": token },
        body,
      });
      const answer = (await res.body.json()) as { error: string; message: string };
      expect({ bytes, status: res.statusCode, error: answer.error }).toEqual({
        bytes,
        status: 400,
        error: "invalid_json",
      });
      expect(answer.message).toMatch(/not valid UTF-8/);
    }
    expect(await listingsDigest()).toBe(before);
    // Valid UTF-8, a BOM included, is still read as before.
    if (method === "PATCH") {
      const ok = await request(`${base}${path}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", "x-claim-token": token },
        body: Buffer.from('\ufeff{"name":"Météo 🙂"}'),
      });
      expect(ok.statusCode).toBe(200);
      expect(((await ok.body.json()) as { name: string }).name).toBe("Météo 🙂");
      await t.req("PATCH", path, { name: validListing().name }, { "x-claim-token": token });
    }
  });
});

describe("percent-encoding, duplicates and numeric edge cases in every query", () => {
  const QUERIES = [
    "q=%00",
    "q=%ED%A0%80",
    "q=%zz",
    "q=%C0%AE%C0%AE",
    "q=%EF%BB%BFweather",
    "q=we%E2%80%8Bather",
    "q=a&q=b",
    "q[]=a",
    "limit=1e3",
    "limit=-0",
    "limit=0x10",
    "limit=1&limit=2",
    "limit=%00",
    "limit=+5",
    "limit=5%20",
    "limit=1.0",
    "offset=1e400",
    "offset=9007199254740993",
    "since=99999999999999999999",
    "since=NaN",
    "since=1.5",
    "max_price=1e400",
    "min_score=Infinity",
    "min_score=1e-400",
    "url=%00",
    "url=https%3A%2F%2Fapi.example.com%2F%ED%A0%80",
    "url=https%3A%2F%2F%E2%80%8Bapi.example.com%2Fv1%2Fweather",
    "url=https://[::1",
    "url=a&url=b",
    "status=all&status=verified",
    "plan=%00",
    "plan=single&plan=pack",
    "view=status&view=x",
    `category=${"a".repeat(3000)}`,
    `q=${"%F0%9F%99%82".repeat(500)}`,
    "%00=1",
    "=1",
    "&&&",
  ];
  const PATHS = () => [
    `/v1/listings/${id}`,
    `/v1/listings/${id}/history`,
    `/v1/listings/${id}/claim`,
    `/v1/listings/${id}/verdict`,
    `/v1/listings/${id}/purchases`,
    `/v1/listings/${id}/verify-now`,
    "/v1/listings",
    "/v1/discover",
    "/v1/resolve",
    "/v1/changes",
    "/v1/demand",
    "/v1/stats",
    "/v1/categories",
    "/v1/demand/clusters",
    "/v1/demand/report",
    "/state.json",
    "/methodology.json",
    "/state/paid-verification.json",
    "/state/the-ledger.json",
    `/l/${id}`,
    `/badge/${id}.svg`,
    `/badge/${id}/paid.svg`,
    "/.well-known/jwks.json",
    "/openapi.json",
    "/",
  ];

  // A paid route's PAYMENT-REQUIRED header echoes the query: read it whole (fuzz.test.ts says why).
  const bigHeaders = new Agent({ maxHeaderSize: 256 * 1024 });
  afterAll(() => bigHeaders.close());

  it("every GET answers below 500 with the JSON error body on a refusal", async () => {
    const statuses = new Set<number>();
    for (const path of PATHS())
      for (const q of QUERIES) {
        const res = await request(`${base}${path}?${q}`, { dispatcher: bigHeaders });
        const text = await res.body.text();
        statuses.add(res.statusCode);
        expectClearAnswer(
          `GET ${path}?${q.slice(0, 60)}`,
          res.statusCode,
          String(res.headers["content-type"]),
          text,
        );
      }
    // The matrix reached both answers and refusals.
    expect([...statuses].some((s) => s === 200)).toBe(true);
    expect([...statuses].some((s) => s === 400)).toBe(true);
  }, 120_000);
});

describe("hostile bodies on every body route change nothing and answer the JSON error body", () => {
  const BODIES = (): (string | Buffer)[] => [
    "\ufeff[]",
    '{"name":1,"name":"b","description":null}',
    '{"__proto__":{"status":"verified"}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"email":"a\\u0000b@example.com"}',
    '{"email":"\\ud800@example.com"}',
    '{"email":["a@example.com"]}',
    `{"email":"${"x".repeat(60_000)}@example.com"}`,
    Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    Buffer.from('{"name":"a\xc0\xafb","price_amount":-1}', "latin1"),
    "[".repeat(50_000),
    "1e999999",
    "null",
    '""',
    "",
    `{"listing_id":"${id}\\u0000","ok":"yes","tx_hash":"\\ud800","payer_signature":5}`,
    `{"listing_id":["${id}"],"ok":true,"tx_hash":"0x${"A".repeat(64)}","payer_signature":"0x${"b".repeat(130)}","detail":"${"x".repeat(501)}"}`,
    '{"name":"a\\u0000"}',
    '{"chains":["base\\u0000"]}',
    '{"chains":"base"}',
    '{"price_amount":"1"}',
    '{"price_amount":1e400}',
    '{"category":"data.weather\\u200b"}',
    '{"sample_query":"https://api.example.com/\\u0000"}',
    '{"request_schema":{"\\u0000":1}}',
    '{"request_schema":[]}',
  ];
  const TYPES = [
    "application/json",
    "application/json; charset=utf-16",
    "text/plain",
    "application/x-www-form-urlencoded",
  ];

  it("POST listings, PATCH, claim, reports, verify-now and DELETE", async () => {
    const before = await listingsDigest();
    const routes: [string, string, Record<string, string>][] = [
      ["POST", "/v1/listings", {}],
      ["PATCH", `/v1/listings/${id}`, { "x-claim-token": token }],
      ["PATCH", `/v1/listings/${id}`, { authorization: `Bearer ${"0".repeat(64)}` }],
      ["POST", `/v1/listings/lst_${"0".repeat(20)}/claim`, {}],
      ["POST", "/v1/reports", {}],
      ["POST", `/v1/listings/${id}/verify-now`, { "x-claim-token": token }],
      ["DELETE", `/v1/listings/${id}`, { "x-claim-token": "0".repeat(64) }],
    ];
    for (const [method, path, headers] of routes)
      for (const body of BODIES())
        for (const type of TYPES) {
          const res = await request(`${base}${path}`, {
            method: method as "POST",
            headers: { ...headers, "content-type": type },
            body,
          });
          const text = await res.body.text();
          const what = `${method} ${path} (${type}) ${JSON.stringify(String(body).slice(0, 60))}`;
          expectClearAnswer(what, res.statusCode, String(res.headers["content-type"]), text);
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        }
    expect(await listingsDigest()).toBe(before);
  }, 120_000);
});

describe("malformed payment headers are refused uncharged on every paid route", () => {
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const PAYMENTS = [
    "",
    "%%%",
    "====",
    "a".repeat(8000),
    b64("[]"),
    b64("null"),
    b64("\u0000\u0000"),
    b64("\ufeff{}"),
    b64('{"x402Version":2,"accepted":null}'),
    b64('{"x402Version":2,"accepted":{"scheme":"exact"},"payload":"x"}'),
    b64('{"x402Version":2,"payload":{"authorization":[]}}'),
    b64('{"__proto__":{"x402Version":2}}'),
    b64(
      '{"x402Version":2,"accepted":{"scheme":"exact","network":"eip155:8453","amount":"5000"},"payload":{"signature":"0x","authorization":{"from":"\\u0000","to":"x","value":"1e99","validAfter":"-1","validBefore":"1e400","nonce":"zz"}}}',
    ),
  ];

  it("verdict, purchases, demand, verify-now and submission", async () => {
    const before = await listingsDigest();
    const routes: [string, string, string?][] = [
      ["GET", `/v1/listings/${id}/verdict`],
      ["GET", `/v1/listings/${id}/purchases`],
      ["GET", `/v1/listings/lst_${"0".repeat(20)}/verdict`],
      ["GET", "/v1/demand/clusters"],
      ["GET", "/v1/demand/report"],
      ["GET", `/v1/listings/${id}/verify-now?view=status`],
      ["POST", `/v1/listings/${id}/verify-now`, ""],
      [
        "POST",
        "/v1/listings",
        JSON.stringify(validListing({ endpoint_url: "https://api.example.com/paid" })),
      ],
    ];
    for (const [method, path, body] of routes)
      for (const payment of PAYMENTS) {
        const res = await request(`${base}${path}`, {
          method: method as "GET",
          headers: {
            "payment-signature": payment,
            "x-claim-token": token,
            "content-type": "application/json",
          },
          body,
        });
        const text = await res.body.text();
        const what = `${method} ${path} payment=${payment.slice(0, 40)}`;
        expectClearAnswer(what, res.statusCode, String(res.headers["content-type"]), text);
        expect(res.headers["payment-response"], what).toBeUndefined();
      }
    expect(await listingsDigest()).toBe(before);
  }, 120_000);
});
