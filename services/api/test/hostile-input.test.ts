import { connect, createServer, type Server, type Socket } from "node:net";
import { Readable } from "node:stream";
import { serve } from "@hono/node-server";
import { createDb, type Db } from "@tollgate/db";
import { ADMIN_URL } from "@tollgate/db/testing/shared";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientErrorsAsJson } from "../src/client-errors.js";
import { startTestApi, type TestApi, validListing } from "./helpers.js";
import { sellerWithoutFacilitator } from "./offline-seller.js";

/** Ids that cannot be listing ids, as they appear in a request path (percent-encoded or raw). */
const MALFORMED_IDS = [
  "%00",
  "lst_%00",
  `lst_${"0".repeat(19)}%00`,
  encodeURIComponent("lst_\u0000\u0000"),
  encodeURIComponent("名前🙂"),
  "a".repeat(300),
  `LST_${"0".repeat(20)}`,
  `lst_${"0".repeat(19)}g`,
  `lst_${"0".repeat(21)}`,
];

describe("a malformed listing id is an unknown id on every route, never a query", () => {
  let t: TestApi;
  let token: string;
  let id: string;
  beforeAll(async () => {
    t = await startTestApi({ payments: sellerWithoutFacilitator });
    ({ claim_token: token, id } = await (await t.req("POST", "/v1/listings", validListing())).json());
  });
  afterAll(() => t.tdb.drop());

  it.each(MALFORMED_IDS)("free routes answer 404 not_found for %s", async (id) => {
    const auth = { "x-claim-token": token };
    const calls: [string, string, unknown?, Record<string, string>?][] = [
      ["GET", `/v1/listings/${id}`],
      ["GET", `/v1/listings/${id}/history`],
      ["GET", `/v1/listings/${id}/claim`],
      ["POST", `/v1/listings/${id}/claim/challenge`],
      ["POST", `/v1/listings/${id}/claim`, { email: "a@example.com" }],
      ["PATCH", `/v1/listings/${id}`, { name: "x" }, auth],
      ["DELETE", `/v1/listings/${id}`, undefined, auth],
    ];
    for (const [method, path, body, headers] of calls) {
      const res = await t.req(method, path, body, headers);
      expect({ method, status: res.status }).toEqual({ method, status: 404 });
      const b = await res.json();
      expect(b.error).toBe("not_found");
      expect(b.message).toMatch(/lst_ followed by 20 lowercase hex/);
    }
  });

  it.each(MALFORMED_IDS)("paid routes answer 402 listing_not_found for %s, uncharged", async (id) => {
    for (const route of ["verdict", "purchases"]) {
      const res = await t.req("GET", `/v1/listings/${id}/${route}`, undefined, {
        "payment-signature": Buffer.from('{"x402Version":2}').toString("base64"),
      });
      expect({ route, status: res.status }).toEqual({ route, status: 402 });
      expect((await res.json()).error).toBe("listing_not_found");
      expect(res.headers.get("payment-response")).toBeNull();
    }
  });

  it("text with a lone surrogate is a 400, never a 500, and changes nothing", async () => {
    const [a, b] = [{ a: "\ud800" }, { "\udfff": 1 }];
    for (const over of [
      { request_schema: a },
      { response_schema: { properties: [{ x: b }] } },
      { name: "x\ud800" },
    ]) {
      const create = await t.req(
        "POST",
        "/v1/listings",
        validListing({ endpoint_url: "https://api.example.com/surrogate", ...over }),
      );
      expect({ over, status: create.status }).toEqual({ over, status: 400 });
      expect((await create.json()).message).toMatch(/valid Unicode/);
      const edit = await t.req("PATCH", `/v1/listings/${id}`, over, { "x-claim-token": token });
      expect({ over, status: edit.status }).toEqual({ over, status: 400 });
    }
    const after = await (await t.req("GET", `/v1/listings/${id}`)).json();
    expect([after.name, after.request_schema, after.response_schema]).toEqual([
      validListing().name,
      null,
      null,
    ]);
    // A surrogate pair (an emoji) is valid text and stays accepted.
    const emoji = await t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { request_schema: { "🙂": "🙂" } },
      {
        "x-claim-token": token,
      },
    );
    expect(emoji.status).toBe(200);
  });

  it("a URL with spaces, controls or bidi overrides inside is refused, never published as sent", async () => {
    for (const url of [
      "https://api.example.com/x\n/y",
      "https://api.example.com/a\tb",
      "https://api.example.com/a b",
      "https://api.example.com/\u202egnp.exe",
    ]) {
      const create = await t.req("POST", "/v1/listings", validListing({ endpoint_url: url }));
      expect({ url, status: create.status }).toEqual({ url, status: 400 });
      expect((await create.json()).message).toMatch(
        /endpoint_url: not a valid absolute URL: it holds a space/,
      );
      const sample = { sample_query: url.replace("api.", "weather.") };
      const edit = await t.req("PATCH", `/v1/listings/${id}`, sample, { "x-claim-token": token });
      expect({ url, status: edit.status }).toEqual({ url, status: 400 });
    }
    expect((await (await t.req("GET", `/v1/listings/${id}`)).json()).sample_query).toBeNull();
    // Outer whitespace is still trimmed away, as before.
    const padded = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "  https://api.example.com/padded\n" }),
    );
    expect(padded.status).toBe(201);
    const stored = await (await t.req("GET", `/v1/listings/${(await padded.json()).id}`)).json();
    expect(stored.endpoint_url).toBe("https://api.example.com/padded");
  });

  it("an endpoint_url within 2048 characters but far longer percent-encoded is a 400, never a 500", async () => {
    // 2,000 varied CJK characters: 18 KB once encoded, past what the canonical endpoint's index can hold.
    let x = 1;
    const cjk = Array.from({ length: 2000 }, () => {
      x = (x * 48271) % 2147483647;
      return String.fromCharCode(0x4e00 + (x % 0x5000));
    }).join("");
    const count = async () => (await (await t.req("GET", "/v1/listings")).json()).total;
    const before = await count();
    for (const endpoint_url of [`https://api.example.com/${cjk}`, `https://api.example.com/q?a=${cjk}`]) {
      const res = await t.req("POST", "/v1/listings", validListing({ endpoint_url }));
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(
        /endpoint_url: at most 2048 characters once percent-encoded/,
      );
    }
    expect(await count()).toBe(before);
  });

  it("a request or response schema nested thousands of levels deep is a 400, never a 500", async () => {
    const deep = (levels: number) => `${'{"a":'.repeat(levels - 1)}1${"}".repeat(levels - 1)}`;
    const bodies = [
      `{"request_schema":${deep(6000)}}`,
      `{"response_schema":{"a":${"[".repeat(12000)}${"]".repeat(12000)}}}`,
    ];
    for (const patch of bodies) {
      const create = await t.req(
        "POST",
        "/v1/listings",
        JSON.stringify(validListing({ endpoint_url: "https://api.example.com/deep" })).replace(
          /}$/,
          `,${patch.slice(1)}`,
        ),
      );
      expect(create.status).toBe(400);
      expect((await create.json()).message).toMatch(/_schema: must nest at most 100 levels deep/);
      const edit = await t.req("PATCH", `/v1/listings/${id}`, patch, { "x-claim-token": token });
      expect(edit.status).toBe(400);
    }
    // A hundred levels, far more than any real JSON Schema, is accepted and read back.
    const ok = await t.req("PATCH", `/v1/listings/${id}`, `{"request_schema":${deep(100)}}`, {
      "x-claim-token": token,
    });
    expect(ok.status).toBe(200);
    expect((await (await t.req("GET", `/v1/listings/${id}`)).json()).request_schema).toEqual(
      JSON.parse(deep(100)),
    );
    await t.req("PATCH", `/v1/listings/${id}`, { request_schema: null }, { "x-claim-token": token });
  });

  it("text with a NUL character is a 400, never a 500", async () => {
    const create = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "https://pub-nul.example.com/name", name: "a\u0000b" }),
    );
    expect(create.status).toBe(400);
    expect((await create.json()).error).toBe("validation_failed");
    const schema = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "https://pub-nul.example.com/schema", request_schema: { a: "\u0000" } }),
    );
    expect(schema.status).toBe(400);
    for (const path of [
      "/v1/discover?q=%00weather",
      "/v1/discover?category=data.%00",
      "/v1/resolve?url=https%3A%2F%2Fapi.example.com%2F%00",
    ]) {
      const res = await t.req("GET", path);
      expect({ path, status: res.status < 500 }).toEqual({ path, status: true });
      if (res.status >= 400) expect(typeof (await res.json()).error).toBe("string");
    }
  });
});

describe("a 413 closes the connection, so the client's next request opens a new one", () => {
  let t: TestApi;
  let server: ReturnType<typeof serve>;
  let base: string;
  beforeAll(async () => {
    t = await startTestApi();
    server = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 });
    answerClientErrorsAsJson(server);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.close();
    await t.tdb.drop();
  });

  it.each([
    ["with content-length", false],
    ["chunked", true],
  ])("an oversized body %s, then a normal request on the same keep-alive client", async (_l, chunked) => {
    // One connection at most: the next request goes where the 413 went unless that socket is closed.
    const dispatcher = new Agent({ connections: 1, pipelining: 1 });
    try {
      for (let i = 0; i < 3; i++) {
        const big = Buffer.alloc(1024 * 1024, 0x61);
        const res = await request(`${base}/v1/listings`, {
          method: "POST",
          dispatcher,
          headers: { "content-type": "application/json" },
          body: chunked
            ? Readable.from(
                (async function* () {
                  for (let at = 0; at < big.length; at += 64 * 1024) yield big.subarray(at, at + 64 * 1024);
                })(),
              )
            : big,
        });
        expect(res.statusCode).toBe(413);
        expect(res.headers.connection).toBe("close");
        expect(((await res.body.json()) as { error: string }).error).toBe("payload_too_large");
        const next = await request(`${base}/v1/categories`, { dispatcher });
        expect(next.statusCode).toBe(200);
        await next.body.dump();
      }
    } finally {
      await dispatcher.close();
    }
  });

  it("a request head over Node's limit is refused with the JSON error body, and the next request works", async () => {
    const dispatcher = new Agent({ connections: 1, pipelining: 1, maxHeaderSize: 64 * 1024 });
    try {
      const res = await request(`${base}/v1/discover?q=${"a".repeat(20_000)}`, { dispatcher });
      expect(res.statusCode).toBe(431);
      expect(res.headers["content-type"]).toBe("application/json");
      // Written by hand past the app, it is still never sniffed into another type.
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(await res.body.json()).toMatchObject({ error: "request_header_fields_too_large" });
      const next = await request(`${base}/v1/categories`, { dispatcher });
      expect(next.statusCode).toBe(200);
      await next.body.dump();
    } finally {
      await dispatcher.close();
    }
  });

  it("a CONNECT request is answered with the JSON error body instead of a dropped connection", async () => {
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"),
      );
      let got = "";
      socket.on("data", (b) => {
        got += b;
      });
      socket.on("end", () => resolve(got));
      socket.on("error", reject);
    });
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/);
    expect(JSON.parse(body!)).toMatchObject({ error: "bad_request", request_id: expect.any(String) });
    const next = await request(`${base}/v1/categories`);
    expect(next.statusCode).toBe(200);
    await next.body.dump();
  });

  it("an answer that read the whole body keeps the connection", async () => {
    const res = await request(`${base}/v1/listings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: 1 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.connection).not.toBe("close");
    await res.body.dump();
  });
});

/** A TCP proxy in front of the local Postgres that a test can take down and bring back on the same port. */
async function pgProxy() {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  let port = 0;
  const up = async () => {
    server = createServer((client) => {
      const upstream = connectToPostgres();
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => server!.listen(port, "127.0.0.1", r));
    port = (server.address() as { port: number }).port;
  };
  const down = async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server?.close(r));
    server = null;
  };
  await up();
  return { port: () => port, up, down };
}

/** A connection to the Postgres the test databases live on. */
function connectToPostgres(): Socket {
  const target = new URL(ADMIN_URL);
  return connect(Number(target.port || 5432), target.hostname);
}

describe("while Postgres is unreachable, reads answer 503 service_unavailable with Retry-After", () => {
  let t: TestApi;
  let proxy: Awaited<ReturnType<typeof pgProxy>>;
  let apiDb: Db;
  let id: string;
  beforeAll(async () => {
    proxy = await pgProxy();
    t = await startTestApi({
      db: (tdb) => {
        const u = new URL(tdb.url);
        u.hostname = "127.0.0.1";
        u.port = String(proxy.port());
        apiDb = createDb(u.toString(), { max: 2 });
        return apiDb;
      },
    });
    id = (await (await t.req("POST", "/v1/listings", validListing())).json()).id;
  });
  afterAll(async () => {
    await proxy.down();
    await apiDb.destroy();
    await t.tdb.drop();
  });

  it("answers 503 while the database is away and recovers when it is back", async () => {
    expect((await t.req("GET", `/v1/listings/${id}`)).status).toBe(200);
    await proxy.down();
    // Let the pool see its idle connections close. (A connection that dies between being handed out and
    // its query is emitted as an 'error' nobody listens to: see the note in the report on createDb.)
    await new Promise((r) => setTimeout(r, 200));
    for (const path of [`/v1/listings/${id}`, "/v1/listings", `/v1/listings/${id}/history`, "/v1/stats"]) {
      const res = await t.req("GET", path);
      expect({ path, status: res.status }).toEqual({ path, status: 503 });
      expect(res.headers.get("retry-after")).toBe("5");
      const body = await res.json();
      expect(body.error).toBe("service_unavailable");
      expect(body.message).toMatch(/temporarily unavailable/);
    }
    await proxy.up();
    const back = await t.req("GET", `/v1/listings/${id}`);
    expect(back.status).toBe(200);
    expect((await back.json()).id).toBe(id);
  });
});

describe("a malformed x402 payment is the payer's 402 invalid_payment, never a 503 'retry later'", () => {
  let t: TestApi;
  let id: string;
  let token: string;
  beforeAll(async () => {
    t = await startTestApi({ payments: sellerWithoutFacilitator });
    const created = await (await t.req("POST", "/v1/listings", validListing())).json();
    id = created.id;
    token = created.claim_token;
  });
  afterAll(() => t.tdb.drop());

  type Payment = {
    x402Version?: unknown;
    accepted: object;
    payload: { signature?: unknown; authorization: Record<string, unknown> };
  };
  /** An exact EIP-3009 payment in shape, with `spoil` applied: the facilitator's verify throws on each. */
  const payment = (spoil: (p: Payment) => void) => {
    const p: Payment = {
      x402Version: 2,
      accepted: { scheme: "exact", network: "eip155:8453", amount: "5000" },
      payload: {
        signature: `0x${"5".repeat(130)}`,
        authorization: {
          from: `0x${"1".repeat(40)}`,
          to: `0x${"2".repeat(40)}`,
          value: "5000",
          validAfter: "0",
          validBefore: String(Math.floor(Date.now() / 1000) + 600),
          nonce: `0x${"3".repeat(64)}`,
        },
      },
    };
    spoil(p);
    return Buffer.from(JSON.stringify(p)).toString("base64");
  };
  const SPOILED: [string, (p: Payment) => void][] = [
    ["x402Version as text", (p) => (p.x402Version = "2")],
    ["x402Version 1", (p) => (p.x402Version = 1)],
    ["no x402Version", (p) => delete p.x402Version],
    ["value not a number", (p) => (p.payload.authorization.value = "abc")],
    ["no value", (p) => delete p.payload.authorization.value],
    ["validBefore NaN", (p) => (p.payload.authorization.validBefore = "NaN")],
    ["validBefore 1e309", (p) => (p.payload.authorization.validBefore = "1e309")],
    ["no validAfter", (p) => delete p.payload.authorization.validAfter],
    ["signature a number", (p) => (p.payload.signature = 5)],
    ["no signature", (p) => delete p.payload.signature],
  ];

  it.each(SPOILED)("%s: 402 invalid_payment on every paid route, uncharged", async (_what, spoil) => {
    const header = { "payment-signature": payment(spoil) };
    for (const [method, path, headers] of [
      ["GET", `/v1/listings/${id}/verdict`, header],
      ["GET", `/v1/listings/${id}/purchases`, header],
      ["POST", `/v1/listings/${id}/verify-now`, { ...header, "x-claim-token": token }],
    ] as const) {
      const res = await t.req(method, path, undefined, headers);
      expect({ path, status: res.status }).toEqual({ path, status: 402 });
      expect((await res.json()).error).toBe("invalid_payment");
      expect(res.headers.get("payment-response")).toBeNull();
    }
  });
});
