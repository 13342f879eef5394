import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { createLogger, parseCidrList } from "@tollgate/platform";
import { sql } from "kysely";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientErrorsAsJson } from "../src/client-errors.js";
import { startTestApi, type TestApi, validListing } from "./helpers.js";
import { sellerWithoutFacilitator } from "./offline-seller.js";

/**
 * Round 4 of hostile input, over real HTTP: what rounds 1–3 (fuzz.test.ts, fuzz-round3.test.ts,
 * hostile-input.test.ts) do not send. HEAD, OPTIONS and wrong methods on every route of the spec; path
 * spellings (trailing and double slashes, case, encoded slashes and dots) with and without a browser's Accept;
 * If-None-Match forms; `__proto__` keys and compressed bodies on every body route; and whether a refusal states
 * the real reason (a wrong type, a parameter sent twice). Every answer is below 500, every refusal the JSON
 * `{error, message}` body, no refusal changes a listing, and the app still answers after it all.
 */
let t: TestApi;
let server: ReturnType<typeof serve>;
let base = "";
let port = 0;
let id = "";
let token = "";

// A paid route's PAYMENT-REQUIRED header echoes the query: read whole (fuzz.test.ts says why).
const agent = new Agent({ maxHeaderSize: 256 * 1024 });

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
  await agent.close();
  server.close();
  await t.tdb.drop();
});

async function listingsDigest(): Promise<string> {
  const { rows } = await sql<{ digest: string }>`
    SELECT md5(coalesce(string_agg(l::text, '|' ORDER BY l.id), '')) AS digest FROM listings l`.execute(
    t.tdb.db,
  );
  return rows[0]!.digest;
}

interface Answer {
  status: number;
  type: string;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

async function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  const res = await request(`${base}${path.replaceAll("ID", id)}`, {
    method: method as "GET",
    headers,
    body,
    dispatcher: agent,
  });
  const text = await res.body.text();
  return { status: res.statusCode, type: String(res.headers["content-type"]), text, headers: res.headers };
}

/** Below 500 (a paid demand snapshot may be 503), and a refusal is the one JSON error body (HEAD: no body). */
function expectClearAnswer(what: string, a: Answer, head = false) {
  const paidSnapshot = /\/v1\/demand\/(clusters|report)/.test(what);
  expect(a.status < 500 || (a.status === 503 && paidSnapshot), `${what} -> ${a.status} ${a.text}`).toBe(true);
  if (head) {
    expect(a.text, `${what}: a HEAD answer has no body`).toBe("");
    return;
  }
  if (a.status < 400) return;
  expect(a.type, `${what} -> ${a.status}`).toMatch(/application\/json/);
  const body = JSON.parse(a.text) as { error?: unknown; message?: unknown; x402Version?: unknown };
  if (a.status === 402 && body.x402Version === 2 && body.error === undefined) return;
  expect(typeof body.error, `${what} -> ${a.status} ${a.text.slice(0, 200)}`).toBe("string");
  expect(typeof body.message, `${what} -> ${a.status} ${a.text.slice(0, 200)}`).toBe("string");
  // No internals: no stack frame, no SQL, no driver text.
  expect(a.text, what).not.toMatch(
    /\bat \S+ \(|node_modules|SELECT |INSERT |UPDATE |syntax error|pg_|kysely/i,
  );
}

/** Every GET route of the spec (and the site's), as a client would ask it. */
const GET_ROUTES = [
  "/v1/discover?q=weather",
  "/v1/listings/ID",
  "/v1/listings",
  "/v1/listings/ID/history",
  "/v1/resolve?url=https://api.example.com/v1/weather",
  `/v1/attestations/${"0".repeat(32)}`,
  "/v1/stats",
  "/v1/categories",
  "/v1/changes",
  "/v1/demand",
  "/v1/listings/ID/claim",
  "/v1/listings/ID/verdict",
  "/v1/listings/ID/purchases",
  "/v1/listings/ID/verify-now",
  "/v1/demand/clusters",
  "/v1/demand/report",
  "/state.json",
  "/methodology.json",
  "/state/paid-verification.json",
  "/state/the-ledger.json",
  "/l/ID",
  "/badge/ID.svg",
  "/badge/ID/paid.svg",
  "/.well-known/jwks.json",
  "/openapi.json",
  "/docs",
  "/",
];
const POST_ONLY = ["/v1/reports", "/v1/listings/ID/claim/challenge"];

describe("HEAD, OPTIONS and wrong methods on every route of the spec", () => {
  it("HEAD answers what GET answers, with the same type and no body", async () => {
    for (const path of GET_ROUTES) {
      const get = await send("GET", path);
      const head = await send("HEAD", path);
      expectClearAnswer(`HEAD ${path}`, head, true);
      expect({ path, status: head.status, type: head.type }).toEqual({
        path,
        status: get.status,
        type: get.type,
      });
    }
  });

  it("OPTIONS without a preflight, PUT, TRACE, and a method a route does not take: the JSON 404, nothing changed", async () => {
    const before = await listingsDigest();
    const wrong: [string, string][] = [];
    for (const path of [...GET_ROUTES, ...POST_ONLY])
      for (const m of ["OPTIONS", "PUT", "TRACE"]) wrong.push([m, path]);
    for (const path of GET_ROUTES.filter((p) => !p.startsWith("/v1/listings/ID") || p.includes("?")))
      wrong.push(["DELETE", path], ["PATCH", path]);
    for (const path of POST_ONLY) wrong.push(["GET", path], ["DELETE", path]);
    wrong.push(
      ["POST", "/v1/listings/ID"],
      ["POST", "/v1/stats"],
      ["PATCH", "/v1/listings"],
      ["DELETE", "/v1/listings"],
    );
    for (const [method, path] of wrong) {
      const body = ["PUT", "PATCH", "POST"].includes(method) ? JSON.stringify({ name: "x" }) : undefined;
      const a = await send(
        method,
        path,
        { "x-claim-token": token, ...(body ? { "content-type": "application/json" } : {}) },
        body,
      );
      expectClearAnswer(`${method} ${path}`, a);
      expect({ method, path, status: a.status }).toEqual({ method, path, status: 404 });
      expect(JSON.parse(a.text).error).toBe("not_found");
    }
    expect(await listingsDigest()).toBe(before);
  });

  it("a CORS preflight on any route is the 204 naming the methods; the route itself is untouched", async () => {
    for (const path of [...GET_ROUTES, ...POST_ONLY]) {
      const a = await send("OPTIONS", path, {
        origin: "https://agent.example",
        "access-control-request-method": "PATCH",
      });
      expect({ path, status: a.status, text: a.text }).toEqual({ path, status: 204, text: "" });
      expect(a.headers["access-control-allow-methods"]).toMatch(/PATCH/);
    }
  });
});

describe("path spellings the routes do not name are the JSON 404 for an API client", () => {
  const SPELLINGS = [
    "/v1/stats/",
    "//v1/stats",
    "/v1//stats",
    "/V1/stats",
    "/v1/STATS",
    "/v1/listings/ID/",
    "/v1/listings/ID//history",
    "/v1/listings/ID/HISTORY",
    "/v1/listings/ID%2Fhistory",
    "/v1/listings/ID%2fverdict",
    "/v1/listings/%2e%2e%2fstats",
    "/v1/listings/ID%00",
    "/v1/listings/ID%E0%A4%A",
    "/v1/listings/ID%ED%A0%80",
    `/v1/listings/lst_${"0".repeat(4000)}`,
    `/v1/listings/${"%C0%AE".repeat(200)}`,
    "/l/ID/",
    "/l/ID%2F..",
    `/l/${"a".repeat(4000)}`,
    "/badge/ID.SVG",
    "/badge/ID.svg/",
    "/badge/ID.svg%00",
    "/badge/%2e%2e.svg",
    `/badge/${"a".repeat(4000)}.svg`,
    "/badge/ID/PAID.svg",
    `/v1/attestations/${"A".repeat(32)}`,
    `/v1/attestations/${"0".repeat(32)}/`,
    `/v1/attestations/${"0".repeat(31)}g`,
    "/state.json/",
    "/STATE.json",
    "/.well-known/jwks.json/",
    `/v1/attestations/${"a".repeat(4000)}`,
    `/v1/attestations/${"%00".repeat(1000)}`,
    `/${"x".repeat(4000)}`,
    `/v1/listings/ID/${"x".repeat(4000)}`,
    "/docs/assets/__proto__",
    "/docs/assets/constructor",
    "/docs/assets/..%2f..%2fpackage.json",
  ];

  it.each(SPELLINGS.map((p) => [p.length > 60 ? `${p.slice(0, 60)}… (${p.length} characters)` : p, p]))(
    "%s",
    async (_label, path) => {
      for (const accept of [undefined, "application/json", "*/*"]) {
        const a = await send("GET", path, accept ? { accept } : {});
        expectClearAnswer(`GET ${path} (accept ${accept})`, a);
        expect({ path, accept, status: a.status }).toEqual({ path, accept, status: 404 });
        // The message quotes the path shortened, never the whole overlong id.
        expect(a.text.length, path).toBeLessThan(1000);
      }
      // A browser gets the helpful HTML page on a site path, the JSON error on an API one.
      const browser = await send("GET", path, { accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
      expect(browser.status, path).toBe(404);
      if (path.startsWith("/v1/")) expectClearAnswer(`GET ${path} (browser)`, browser);
      else if (browser.type.includes("text/html")) expect(browser.text).toMatch(/<title>Not found/);
    },
  );
});

describe("If-None-Match in every form a client or cache sends", () => {
  it("the listing and both badges: 304 on a match (strong, weak, in a list, *), 200 otherwise, never an error", async () => {
    for (const path of [`/v1/listings/${id}`, `/badge/${id}.svg`, `/badge/${id}/paid.svg`]) {
      const first = await send("GET", path);
      expect(first.status).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"/);
      for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, `"nope",${etag} , "x"`, "*", ` ${etag} `]) {
        const a = await send("GET", path, { "if-none-match": inm });
        expect({ path, inm, status: a.status, text: a.text }).toEqual({ path, inm, status: 304, text: "" });
        expect(a.headers.etag).toBe(etag);
      }
      for (const inm of [
        "",
        '"nope"',
        "W/",
        '"',
        ",,,,",
        etag.slice(0, -1),
        etag.toLowerCase() === etag ? etag.toUpperCase() : etag.toLowerCase(),
        `${",".repeat(8000)}"x"`,
        `"${"a".repeat(8000)}"`,
        "%00",
      ]) {
        const a = await send("GET", path, { "if-none-match": inm });
        expect({ path, inm: inm.slice(0, 20), status: a.status }).toEqual({
          path,
          inm: inm.slice(0, 20),
          status: 200,
        });
      }
    }
  });

  it("an unknown listing or badge is a 404 whatever If-None-Match says (* included)", async () => {
    for (const path of [`/v1/listings/lst_${"0".repeat(20)}`, `/badge/lst_${"0".repeat(20)}.svg`])
      for (const inm of ["*", 'W/"x"']) {
        const a = await send("GET", path, { "if-none-match": inm });
        expectClearAnswer(`GET ${path} (${inm})`, a);
        expect(a.status).toBe(404);
      }
  });
});

describe("a __proto__ key anywhere in a body is refused, never silently dropped", () => {
  const PROTO_BODIES = (): [string, string][] => [
    ["in request_schema", '{"request_schema":{"__proto__":{"type":"string"}}}'],
    ["escaped, in response_schema", '{"response_schema":{"\\u005f_proto__":{"type":"string"}}}'],
    ["deep inside a schema", '{"request_schema":{"properties":{"a":{"__proto__":{"x":1}}}}}'],
    ["at the top", '{"__proto__":{"name":"owned"},"name":"Renamed"}'],
    ["beside a valid field", '{"name":"Renamed","request_schema":{"__proto__":null,"type":"object"}}'],
  ];

  it("PATCH: 400 validation_failed naming the key; the listing is unchanged", async () => {
    const before = await listingsDigest();
    for (const [what, body] of PROTO_BODIES()) {
      const a = await send(
        "PATCH",
        "/v1/listings/ID",
        { "content-type": "application/json", "x-claim-token": token },
        body,
      );
      expectClearAnswer(`PATCH ${what}`, a);
      expect({ what, status: a.status, error: JSON.parse(a.text).error }).toEqual({
        what,
        status: 400,
        error: "validation_failed",
      });
      expect(JSON.parse(a.text).message).toMatch(/__proto__/);
    }
    expect(await listingsDigest()).toBe(before);
  });

  it("POST listings, reports and claim: 400, nothing created", async () => {
    const before = await listingsDigest();
    const listing = JSON.stringify(validListing({ endpoint_url: "https://api.example.com/proto" })).slice(
      0,
      -1,
    );
    for (const [what, extra] of [
      ["request_schema", ',"request_schema":{"__proto__":{"type":"string"}}}'],
      ["top", ',"__proto__":{"status":"verified"}}'],
    ] as const) {
      const a = await send("POST", "/v1/listings", { "content-type": "application/json" }, listing + extra);
      expectClearAnswer(`POST listings ${what}`, a);
      expect(a.status).toBe(400);
      expect(JSON.parse(a.text)).toMatchObject({
        error: "validation_failed",
        message: expect.stringMatching(/__proto__/),
      });
    }
    for (const path of ["/v1/reports", "/v1/listings/ID/claim"]) {
      const a = await send("POST", path, { "content-type": "application/json" }, '{"__proto__":{"ok":true}}');
      expectClearAnswer(`POST ${path}`, a);
      expect(a.status).toBe(400);
    }
    expect(await listingsDigest()).toBe(before);
  });

  it("keys that merely look like prototype members (constructor, toString) are kept exactly as sent", async () => {
    const schema = { constructor: { a: 1 }, toString: 2, hasOwnProperty: { type: "string" }, valueOf: [] };
    const a = await send(
      "PATCH",
      "/v1/listings/ID",
      { "content-type": "application/json", "x-claim-token": token },
      JSON.stringify({ request_schema: schema }),
    );
    expect(a.status).toBe(200);
    expect(JSON.parse(a.text).request_schema).toEqual(schema);
    const read = await send("GET", "/v1/listings/ID");
    expect(JSON.parse(read.text).request_schema).toEqual(schema);
    await t.req("PATCH", `/v1/listings/${id}`, { request_schema: null }, { "x-claim-token": token });
  });
});

describe("a listing name that would show as another is refused", () => {
  it("a bidi override, isolate or line break in the name: POST and PATCH 400 naming the rule, nothing changed", async () => {
    const before = await listingsDigest();
    for (const name of ["Weather \u202emoc.elgoog", "Weather \u2066x\u2069", "Weather\nAPI"]) {
      const post = await send(
        "POST",
        "/v1/listings",
        { "content-type": "application/json" },
        JSON.stringify(validListing({ name, endpoint_url: "https://api.example.com/bidi" })),
      );
      const patch = await send(
        "PATCH",
        "/v1/listings/ID",
        { "content-type": "application/json", "x-claim-token": token },
        JSON.stringify({ name }),
      );
      for (const a of [post, patch]) {
        expectClearAnswer(`name ${JSON.stringify(name)}`, a);
        expect(a.status).toBe(400);
        expect(JSON.parse(a.text)).toMatchObject({
          error: "validation_failed",
          message: expect.stringMatching(/name: must be one line of text/),
        });
      }
    }
    expect(await listingsDigest()).toBe(before);
  });
});

describe("a compressed body is refused 415, never read as its compressed bytes", () => {
  it.each([
    ["PATCH", "/v1/listings/ID"],
    ["POST", "/v1/listings"],
    ["POST", "/v1/reports"],
    ["POST", "/v1/listings/ID/claim"],
  ])("%s %s", async (method, path) => {
    const before = await listingsDigest();
    const { gzipSync, deflateSync } = await import("node:zlib");
    const json = JSON.stringify({ name: "Compressed" });
    for (const [coding, body] of [
      ["gzip", gzipSync(json)],
      ["deflate", deflateSync(json)],
      ["br", Buffer.from(json)],
      ["gzip, identity", gzipSync(json)],
      ["x-unknown", Buffer.from(json)],
    ] as const) {
      const a = await send(
        method,
        path,
        { "content-type": "application/json", "content-encoding": coding, "x-claim-token": token },
        body,
      );
      expectClearAnswer(`${method} ${path} (${coding})`, a);
      expect({ coding, status: a.status, error: JSON.parse(a.text).error }).toEqual({
        coding,
        status: 415,
        error: "unsupported_media_type",
      });
    }
    expect(await listingsDigest()).toBe(before);
    if (method === "PATCH") {
      // identity is no coding at all: read as before.
      const ok = await send(
        method,
        path,
        { "content-type": "application/json", "content-encoding": "identity", "x-claim-token": token },
        JSON.stringify({ name: validListing().name }),
      );
      expect(ok.status).toBe(200);
    }
  });
});

describe("a body route sent no Content-Type is 415 whatever the body", () => {
  it("PATCH, claim, POST listings and reports: with no body (which was an empty edit) or a JSON one", async () => {
    const before = await listingsDigest();
    for (const [method, path] of [
      ["PATCH", "/v1/listings/ID"],
      ["POST", "/v1/listings/ID/claim"],
      ["POST", "/v1/listings"],
      ["POST", "/v1/reports"],
    ] as const)
      for (const body of [undefined, "", '{"name":"Typed nothing","email":"a@example.com"}']) {
        const a = await send(method, path, { "x-claim-token": token }, body);
        expectClearAnswer(`${method} ${path} (no content-type) ${body}`, a);
        expect({ method, path, body, status: a.status, error: JSON.parse(a.text).error }).toEqual({
          method,
          path,
          body,
          status: 415,
          error: "unsupported_media_type",
        });
      }
    expect(await listingsDigest()).toBe(before);
  });
});

describe("a refusal states the real reason", () => {
  it("a value of the wrong type says what was expected and what was sent, not 'required'", async () => {
    const cases: [string, string, string, RegExp][] = [
      ["PATCH", "/v1/listings/ID", '{"name":5}', /name: must be a string, not a number/],
      ["PATCH", "/v1/listings/ID", '{"name":null}', /name: must be a string, not null/],
      ["PATCH", "/v1/listings/ID", '{"price_amount":"1"}', /price_amount: must be a number, not a string/],
      ["PATCH", "/v1/listings/ID", '{"chains":"base"}', /chains: must be an array, not a string/],
      [
        "PATCH",
        "/v1/listings/ID",
        '{"request_schema":[]}',
        /request_schema: must be an object, not an array/,
      ],
      ["PATCH", "/v1/listings/ID", '{"chains":[1]}', /chains\.0: must be a string, not a number/],
      ["POST", "/v1/listings/ID/claim", '{"email":true}', /email: must be a string, not a boolean/],
      [
        "POST",
        "/v1/listings",
        JSON.stringify(validListing({ endpoint_url: "https://api.example.com/t", name: ["x"] })),
        /name: must be a string, not an array/,
      ],
      ["POST", "/v1/listings", JSON.stringify({ name: "x" }), /description: required/],
    ];
    const before = await listingsDigest();
    for (const [method, path, body, message] of cases) {
      const a = await send(
        method,
        path,
        { "content-type": "application/json", "x-claim-token": token },
        body,
      );
      expectClearAnswer(`${method} ${path} ${body}`, a);
      expect(a.status).toBe(400);
      const answer = JSON.parse(a.text) as { error: string; message: string };
      expect(answer.error).toBe("validation_failed");
      expect(answer.message, body).toMatch(message);
      expect(answer.message, body).not.toMatch(/^(name|price_amount|chains|request_schema|email): required/);
    }
    expect(await listingsDigest()).toBe(before);
  });

  it("a query parameter sent twice says so", async () => {
    for (const path of [
      "/v1/listings?limit=5&limit=6",
      "/v1/listings?status=all&status=verified",
      "/v1/discover?q=a&q=b",
      "/v1/discover?max_price=1&max_price=2",
      "/v1/changes?since=1&since=2",
      "/v1/demand?offset=0&offset=1",
      "/v1/resolve?url=https://a.example/x&url=https://b.example/y",
    ]) {
      const a = await send("GET", path);
      expectClearAnswer(`GET ${path}`, a);
      expect(a.status).toBe(400);
      expect(JSON.parse(a.text).message, path).toMatch(/given more than once/);
    }
  });
});

describe("bodies the earlier rounds did not send", () => {
  const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;
  it("10,000 levels of objects, a body declared in another charset, a JSON value that is no object: 400, nothing changed", async () => {
    const before = await listingsDigest();
    const routes: [string, string][] = [
      ["PATCH", "/v1/listings/ID"],
      ["POST", "/v1/listings"],
      ["POST", "/v1/reports"],
      ["POST", "/v1/listings/ID/claim"],
    ];
    const bodies: [string, string | Buffer][] = [
      ["application/json", deepObject(10_000)],
      ["application/json", `{"request_schema":${deepObject(10_000)}}`],
      ["application/json; charset=latin1", Buffer.from('{"name":"caf\xe9"}', "latin1")],
      ["application/json; charset=utf-16le", Buffer.from('{"name":"x"}', "utf16le")],
      ["application/merge-patch+json", "null"],
      ["application/json", "1e309"],
      ["application/json", '"\\ud800"'],
      ["application/json", "\ufeff\ufeff{}"],
    ];
    for (const [method, path] of routes)
      for (const [type, body] of bodies) {
        const a = await send(method, path, { "content-type": type, "x-claim-token": token }, body);
        expectClearAnswer(`${method} ${path} (${type}) ${String(body).slice(0, 30)}`, a);
        expect(a.status, `${method} ${path} ${type} ${String(body).slice(0, 30)}`).toBe(400);
      }
    expect(await listingsDigest()).toBe(before);
  });
});

/** Bytes written as they are on one connection; the whole answer read until the server closes it. */
function rawExchange(bytes: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(Buffer.from(bytes, "latin1")));
    let got = "";
    socket.setTimeout(5000, () =>
      socket.destroy(new Error(`no answer to ${JSON.stringify(bytes.slice(0, 80))}`)),
    );
    socket.on("data", (d) => {
      got += d.toString("latin1");
    });
    socket.on("end", () => {
      const [head = "", ...rest] = got.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head, body: rest.join("\r\n\r\n") });
    });
    socket.on("error", reject);
  });
}

describe("HTTP framing HTTP/1.1 refuses is the JSON 400 and edits nothing", () => {
  const edit = (headers: string, body = '{"name":"framed"}') =>
    `PATCH /v1/listings/ID HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\nx-claim-token: TOKEN\r\n${headers}\r\n${body}`;
  const chunked = (body: string) => `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  const CASES: [string, string, RegExp][] = [
    // Refused by Node's parser (answered by answerClientErrorsAsJson): held here.
    ["two different Content-Lengths", edit("content-length: 17\r\ncontent-length: 18\r\n"), /well-formed/],
    [
      "Content-Length and chunked",
      edit("content-length: 17\r\ntransfer-encoding: chunked\r\n"),
      /well-formed/,
    ],
    [
      "a chunk size that is no number",
      edit("transfer-encoding: chunked\r\n", 'zz\r\n{"name":"framed"}\r\n0\r\n\r\n'),
      /well-formed/,
    ],
    ["a folded header line", edit("content-length: 17\r\nx-a: b\r\n c\r\n"), /well-formed/],
    ["a Content-Length in hex", edit("content-length: 0x11\r\n"), /well-formed/],
    ["a lower-case method", "get /v1/stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", /well-formed/],
    ["the HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", /well-formed/],
    // Let through by Node, refused since this round.
    [
      "two Host headers",
      "GET /v1/stats HTTP/1.1\r\nHost: x\r\nHost: y\r\nConnection: close\r\n\r\n",
      /more than one Host/,
    ],
    [
      "two Host headers on an edit",
      edit("Host: evil.example\r\ncontent-length: 17\r\n"),
      /more than one Host/,
    ],
    [
      "userinfo in an absolute target",
      "GET http://u:p@x/v1/stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      /user name or password/,
    ],
    [
      "gzip, chunked",
      edit("transfer-encoding: gzip, chunked\r\n", chunked('{"name":"framed"}')),
      /transfer-encoding "gzip"/,
    ],
    [
      "deflate,chunked",
      edit("transfer-encoding: deflate,chunked\r\n", chunked('{"name":"framed"}')),
      /transfer-encoding "deflate"/,
    ],
  ];
  it.each(CASES)("%s", async (_what, template, message) => {
    const before = await listingsDigest();
    const res = await rawExchange(template.replace("ID", id).replace("TOKEN", token));
    expect(res.status).toBe(400);
    expect(res.head).toMatch(/content-type: application\/json/i);
    expect(res.head).toMatch(/x-content-type-options: nosniff/i);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ error: "bad_request", request_id: expect.any(String) });
    expect(body.message).toMatch(message);
    expect(await listingsDigest()).toBe(before);
  });

  it("chunked alone, with a chunk extension or a trailer, is still read", async () => {
    for (const body of [
      chunked('{"name":"Chunked edit"}'),
      `17;ext=1\r\n{"name":"Chunked edit"}\r\n0\r\nx-claim-token: nope\r\n\r\n`,
    ]) {
      const res = await rawExchange(
        edit("transfer-encoding: chunked\r\nConnection: close\r\n", body)
          .replace("ID", id)
          .replace("TOKEN", token),
      );
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).name).toBe("Chunked edit");
    }
    await t.req("PATCH", `/v1/listings/${id}`, { name: validListing().name }, { "x-claim-token": token });
  });
});

describe("a client that hangs up mid-body is no server error", () => {
  it("on every body route: nothing applied, no 'unhandled error' logged, the request logged below 500", async () => {
    const lines: string[] = [];
    const log = createLogger("api-test", "info", { write: (s: string) => void lines.push(s) });
    const a = await startTestApi({ payments: sellerWithoutFacilitator, log });
    const s = serve({ fetch: a.app.fetch, hostname: "127.0.0.1", port: 0 });
    answerClientErrorsAsJson(s);
    await new Promise((r) => s.once("listening", r));
    const p = (s.address() as { port: number }).port;
    try {
      const mine = await (await a.req("POST", "/v1/listings", validListing())).json();
      const before = await a.tdb.db.selectFrom("listings").selectAll().execute();
      const hangUp = (bytes: string, ms: number) =>
        new Promise<void>((resolve) => {
          const socket = connect(p, "127.0.0.1", () => {
            socket.write(bytes);
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, ms);
          });
          socket.on("error", () => resolve());
        });
      for (const route of [
        `PATCH /v1/listings/${mine.id}`,
        "POST /v1/listings",
        "POST /v1/reports",
        `POST /v1/listings/${mine.id}/claim`,
      ])
        for (const ms of [5, 40]) {
          const head = `${route} HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\nx-claim-token: ${mine.claim_token}\r\n`;
          await hangUp(`${head}content-length: 1000\r\n\r\n{"name":"par`, ms);
          await hangUp(`${head}transfer-encoding: chunked\r\n\r\n5\r\n{"nam`, ms);
        }
      await new Promise((r) => setTimeout(r, 300));
      const records = lines.map((l) => JSON.parse(l) as { msg?: string; status?: number; path?: string });
      expect(records.filter((r) => r.msg === "unhandled error")).toEqual([]);
      const requests = records.filter((r) => r.msg === "request");
      expect(requests.filter((r) => (r.status ?? 0) >= 500)).toEqual([]);
      // The hung-up requests did reach the app (and were answered 400, to nobody).
      expect(requests.filter((r) => r.status === 400).length).toBeGreaterThan(0);
      expect(await a.tdb.db.selectFrom("listings").selectAll().execute()).toEqual(before);
      expect((await fetch(`http://127.0.0.1:${p}/v1/listings/${mine.id}`)).status).toBe(200);
    } finally {
      s.close();
      await a.tdb.drop();
    }
  }, 60_000);
});

describe("client-address headers from an untrusted peer are never believed", () => {
  const SPOOFS = (i: number): Record<string, string> => ({
    "x-forwarded-for": `198.51.100.${i}, 203.0.113.${i}`,
    "x-real-ip": `198.51.100.${i}`,
    forwarded: `for=198.51.100.${i};proto=https`,
    "cf-connecting-ip": `198.51.100.${i}`,
    "true-client-ip": `198.51.100.${i}`,
    "x-client-ip": `198.51.100.${i}`,
    "x-request-id": `req_spoofed${i}`,
    traceparent: `00-${"a".repeat(32)}-${"b".repeat(16)}-01`,
  });

  it("rotating every such header escapes neither the submission nor the home-page search limit", async () => {
    const a = await startTestApi({ limits: { submissionsPerHour: 3, discoverPerMinute: 3 } });
    const s = serve({ fetch: a.app.fetch, hostname: "127.0.0.1", port: 0 });
    await new Promise((r) => s.once("listening", r));
    const at = `http://127.0.0.1:${(s.address() as { port: number }).port}`;
    try {
      const submitted: number[] = [];
      const searched: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const res = await request(`${at}/v1/listings`, {
          method: "POST",
          headers: { ...SPOOFS(i), "content-type": "application/json" },
          body: JSON.stringify(validListing({ endpoint_url: `https://api.example.com/spoof/${i}` })),
        });
        submitted.push(res.statusCode);
        expect(res.headers["x-request-id"]).not.toBe(`req_spoofed${i}`);
        await res.body.text();
        const home = await request(`${at}/?q=weather+forecast+${i}`, { headers: SPOOFS(i) });
        searched.push(home.statusCode);
        await home.body.text();
      }
      expect(submitted).toEqual([201, 201, 201, 429, 429, 429]);
      expect(searched).toEqual([200, 200, 200, 429, 429, 429]);
    } finally {
      s.close();
      await a.tdb.drop();
    }
  });

  it("a trusted proxy's malformed X-Forwarded-For is never a 500", async () => {
    const a = await startTestApi({
      payments: sellerWithoutFacilitator,
      trustedProxies: parseCidrList("127.0.0.1"),
    });
    const s = serve({ fetch: a.app.fetch, hostname: "127.0.0.1", port: 0 });
    answerClientErrorsAsJson(s);
    await new Promise((r) => s.once("listening", r));
    const at = `http://127.0.0.1:${(s.address() as { port: number }).port}`;
    try {
      for (const xff of [
        "",
        ",",
        "unknown",
        "1.2.3.4:80",
        "[2001:db8::1]:443",
        "fe80::1%eth0",
        "::ffff:1.2.3.4",
        "999.1.1.1",
        "1.2.3.4, , 5.6.7.8",
        "%00",
        Array.from({ length: 1000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(","),
        Array.from({ length: 2000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(","),
        `${"1".repeat(4000)}`,
      ]) {
        for (const path of [
          "/v1/stats",
          "/v1/discover?q=weather",
          "/v1/listings/lst_00000000000000000000/verdict",
        ]) {
          const res = await request(`${at}${path}`, {
            headers: { "x-forwarded-for": xff },
            dispatcher: agent,
          });
          const text = await res.body.text();
          expectClearAnswer(`GET ${path} xff=${xff.slice(0, 30)}`, {
            status: res.statusCode,
            type: String(res.headers["content-type"]),
            text,
            headers: res.headers,
          });
        }
      }
    } finally {
      s.close();
      await a.tdb.drop();
    }
  });
});

describe("owner credentials sent twice or in conflict", () => {
  it("a repeated x-claim-token, a wrong one beside the right Bearer, a huge one: 401, nothing changed", async () => {
    const before = await listingsDigest();
    const edit = (headers: string) =>
      rawExchange(
        `PATCH /v1/listings/${id} HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n${headers}content-length: 17\r\nConnection: close\r\n\r\n{"name":"twice!"}`,
      );
    for (const headers of [
      `x-claim-token: ${token}\r\nx-claim-token: ${token}\r\n`,
      `x-claim-token: ${"0".repeat(64)}\r\nauthorization: Bearer ${token}\r\n`,
      `x-edit-token: ${"0".repeat(64)}\r\nauthorization: Bearer ${token}\r\n`,
      `authorization: Bearer ${token}\r\nauthorization: Bearer ${token}\r\n`,
      `authorization: Bearer ${token} ${token}\r\n`,
      `authorization: Basic ${Buffer.from(`x:${token}`).toString("base64")}\r\n`,
      `x-claim-token: ${token}${"0".repeat(12_000)}\r\n`,
    ]) {
      const answer = await edit(headers);
      expect({ headers: headers.slice(0, 60), status: answer.status }).toEqual({
        headers: headers.slice(0, 60),
        status: 401,
      });
      expect(JSON.parse(answer.body).error).toBe("unauthorized");
    }
    expect(await listingsDigest()).toBe(before);
  });
});

describe("after the barrage", () => {
  it("the app still answers", async () => {
    expect((await send("GET", "/healthz")).status).toBe(200);
    expect((await send("GET", "/v1/stats")).status).toBe(200);
    expect((await send("GET", `/v1/listings/${id}`)).status).toBe(200);
  });
});
