import { serve } from "@hono/node-server";
import { testPrefix } from "@tollgate/db/testing";
import { createLimiter, createLogger, parseCidrList, producer } from "@tollgate/platform";
import { delistListing, ingestSearch, searchLogProducer } from "@tollgate/registry";
import { jobCatalog, type SearchLogJob } from "@tollgate/schema";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientErrorsAsJson } from "../src/client-errors.js";
import { startTestApi, type TestApi, validListing } from "./helpers.js";
import { sellerWithoutFacilitator } from "./offline-seller.js";

/**
 * Round 5 of hostile input, over real HTTP, on the routes earlier rounds covered least: the demand feed (and
 * what reaches it through searches), the change feed, listing pages, history, attestations, resolve, the
 * report files and the site address. Earlier rounds held every answer below 500; this one holds what the
 * answers say: a hostile value is refused with the reason or read exactly as the spec reads it, a search
 * cannot publish a term that shows as another, and nothing a refusal touched changed.
 *
 * Found and fixed this round: zero-width padding passed the demand feed's 5-character rule and bidi overrides
 * or terminal escapes in a search were published as demand (core's normaliseTerm); resolve answered a url with
 * a NUL, tab or line break inside as the listed endpoint (a URL parser drops them); no answer said Vary:
 * Origin (a cache replayed one stored without CORS headers to a page) nor, on site paths, Vary: Accept; a
 * preflight refused X-PAYMENT, so a v1 client never saw the 402 naming PAYMENT-SIGNATURE.
 * Where the spec is silent: a trailing tab or space around the url is trimmed (as on submission), Range is
 * ignored (the whole answer, 200), and a since in milliseconds is refused rather than read as the year 58000.
 */
const SALT = "test-salt-123";
let t: TestApi;
let server: ReturnType<typeof serve>;
let base = "";
let id = "";
let token = "";
const redis = new Redis("redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
const prefix = testPrefix("api_fuzz5");
const searchLog = producer(jobCatalog.searchLog, redis, prefix);
const agent = new Agent({ maxHeaderSize: 256 * 1024 });

beforeAll(async () => {
  // Behind a trusted loopback proxy, so the test speaks as several clients (X-Forwarded-For); searches go
  // through the real log queue into the real ingest, as the worker runs it.
  t = await startTestApi({
    payments: sellerWithoutFacilitator,
    trustedProxies: parseCidrList("127.0.0.1"),
    demand: { salt: SALT },
    discover: {
      logSearch: searchLogProducer(
        searchLog,
        SALT,
        createLogger("test", "silent"),
        createLimiter(redis, { prefix: `${prefix}:rl:search-log`, points: 1000, durationS: 3600 }),
      ),
    },
  });
  const created = await (await t.req("POST", "/v1/listings", validListing())).json();
  id = created.id;
  token = created.claim_token;
  server = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 });
  answerClientErrorsAsJson(server);
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await agent.close();
  server.close();
  await searchLog.queue.obliterate({ force: true });
  await searchLog.queue.close();
  redis.disconnect();
  await t.tdb.drop();
});

interface Answer {
  status: number;
  type: string;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
  json(): any;
}

async function send(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  const res = await request(`${base}${path.replaceAll("ID", id)}`, {
    method: method as "GET",
    headers,
    dispatcher: agent,
  });
  const text = await res.body.text();
  return {
    status: res.statusCode,
    type: String(res.headers["content-type"]),
    text,
    headers: res.headers,
    json: () => JSON.parse(text),
  };
}

/** A refusal in the spec's one error format: JSON `{error, message}` with a code, nothing internal. */
function expectRefusal(what: string, a: Answer, status: number, code?: string | RegExp) {
  expect({ what, status: a.status }).toEqual({ what, status });
  expect(a.type, what).toMatch(/application\/json/);
  const body = a.json();
  expect(typeof body.error, what).toBe("string");
  expect(typeof body.message, what).toBe("string");
  if (code) expect(body.error, what).toMatch(code instanceof RegExp ? code : new RegExp(`^${code}$`));
  expect(a.text, what).not.toMatch(/\bat \S+ \(|node_modules|SELECT |syntax error|pg_|kysely/i);
}

async function tableDigest(table: string): Promise<string> {
  const { rows } = await sql<{ digest: string }>`
    SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest FROM ${sql.table(table)} x`.execute(
    t.tdb.db,
  );
  return rows[0]!.digest;
}
const stateDigest = async () =>
  [await tableDigest("listings"), await tableDigest("status_changes"), await tableDigest("payments")].join();

describe("a search cannot publish a demand term that shows as another", () => {
  /** What a published term never holds: controls, invisible format characters, bidi marks and overrides. */
  const HIDDEN =
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what must not be published
    /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

  async function searchAs(client: number, q: string) {
    const res = await fetch(`${base}/v1/discover?q=${encodeURIComponent(q)}`, {
      headers: { "x-forwarded-for": `198.51.100.${client}` },
    });
    expect(res.status).toBe(200);
    await res.text();
  }
  async function ingestQueued() {
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 10)); // fire-and-forget adds land
    const jobs = await searchLog.queue.getJobs(["waiting"], 0, 1000, true);
    for (const j of jobs) await ingestSearch(t.tdb.db, j.data as SearchLogJob);
    await searchLog.queue.drain();
  }

  it("invisible padding, bidi overrides, terminal escapes and emoji: never published as sent; the short-query rule holds", async () => {
    // Three clients (the floor in force is 3) each ask every one of these.
    const ASKED = [
      // Under 5 characters once the invisible padding is gone: catalogue enumeration, never demand.
      "gpu\u200b\u200b",
      "ai\u2060\u2060\u2060",
      "\ufeffllm\u00ad\u00ad",
      // Three emoji are three characters (six UTF-16 units): under 5.
      "🙂🙂🙂",
      // Shown reversed by every display that honours the override (Trojan Source).
      "cheap \u202esnoitciderp\u202c feed",
      // A terminal printing the feed would obey the escapes.
      "\u001b[2Jstock \u001b[31mquotes",
    ];
    for (const client of [1, 2, 3]) for (const q of ASKED) await searchAs(client, q);
    // The same need spelled with and without invisible characters is one need.
    await searchAs(1, "weather forecast hourly");
    await searchAs(2, "weather\u200b forecast hourly");
    await searchAs(3, "WEATHER forecast\u200d hourly\u2066");
    await ingestQueued();

    const feed = (await send("/v1/demand")).json();
    const needs: { need: string; client_ips: number }[] = feed.top_needs;
    for (const n of needs) {
      expect(n.need, JSON.stringify(n.need)).not.toMatch(HIDDEN);
      expect([...n.need].length, JSON.stringify(n.need)).toBeGreaterThanOrEqual(5);
    }
    const published = needs.map((n) => n.need);
    expect(published).not.toContain("gpu");
    expect(published).toContain("cheap snoitciderp feed");
    expect(published).toContain("[2jstock [31mquotes");
    expect(needs.find((n) => n.need === "weather forecast hourly")?.client_ips).toBe(3);
    // Withheld as short, not silently lost: counted where the feed counts short queries.
    expect(feed.short_queries_excluded).toBeGreaterThanOrEqual(12);
  });
});

describe("resolve: a url that is no URI is refused, never matched to a listing", () => {
  it("controls, spaces or bidi marks inside (which a URL parser drops or trims): 400 naming the rule", async () => {
    const listed = "https://api.example.com/v1/weather";
    expect((await send(`/v1/resolve?url=${encodeURIComponent(listed)}`)).json().match).toBe("active");
    for (const url of [
      `${listed}\u0000`,
      "https://api.exa\tmple.com/v1/weather",
      "https://api.example.com/v1/wea\nther",
      "https://api.example.com/v1/wea\rther",
      "https://api.example.com/v1/\u0000weather",
      `\u0001${listed}`,
      `${listed}\u007f`,
      `${listed}\u200e`,
      `https://api.example.com/v1/\u202eweather`,
      "https://api.example.com/v1/wea ther",
    ]) {
      const a = await send(`/v1/resolve?url=${encodeURIComponent(url)}`);
      expectRefusal(`resolve ${JSON.stringify(url)}`, a, 400, "validation_failed");
      expect(a.json().message).toMatch(/^url: /);
    }
  });

  it("what RFC 3986 reads as the same URL still matches: outer spaces, case, default port, dot segments, escapes", async () => {
    for (const url of [
      " https://api.example.com/v1/weather\t",
      "HTTPS://API.EXAMPLE.COM/v1/weather",
      "https://api.example.com:443/v1/weather",
      "https://api.example.com/v1/../v1/weather",
      "https://api.example.com/v1/%77eather",
      "https://api.example.com/v1/weather/",
      "https://api.example.com./v1/weather#x",
    ]) {
      const a = await send(`/v1/resolve?url=${encodeURIComponent(url)}`);
      expect({ url, status: a.status, match: a.json().match }).toEqual({ url, status: 200, match: "active" });
    }
    // A look-alike host is another host: not listed, never the listing it imitates.
    for (const url of [
      "https://\u0430pi.example.com/v1/weather",
      "https://api.example.com@evil.example/v1/weather",
    ]) {
      const a = await send(`/v1/resolve?url=${encodeURIComponent(url)}`);
      expect({ url, status: a.status, match: a.json().match }).toEqual({
        url,
        status: 200,
        match: "not_listed",
      });
    }
  });
});

describe("a cached copy never carries another origin's CORS answer", () => {
  it("every answer a cache may keep says it varies by Origin: with and without one, 200 and 304, every route kind", async () => {
    const paths = [
      "/badge/ID.svg",
      "/badge/ID/paid.svg",
      "/v1/listings/ID",
      "/v1/stats",
      "/v1/listings",
      "/v1/changes",
      "/v1/demand",
      "/v1/categories",
      "/state.json",
      "/methodology.json",
      "/.well-known/jwks.json",
      "/l/ID",
      "/v1/listings/lst_00000000000000000000",
    ];
    for (const path of paths)
      for (const origin of [undefined, "https://agent.example", "null"]) {
        const a = await send(path, origin ? { origin } : {});
        const vary = String(a.headers.vary ?? "").toLowerCase();
        expect({ path, origin, vary: vary.split(/\s*,\s*/).includes("origin") }).toEqual({
          path,
          origin,
          vary: true,
        });
        expect(a.headers["access-control-allow-origin"], `${path} ${origin}`).toBe(origin ? "*" : undefined);
        if (a.headers.etag) {
          const again = await send(path, {
            "if-none-match": String(a.headers.etag),
            ...(origin ? { origin } : {}),
          });
          expect({ path, status: again.status }).toEqual({ path, status: 304 });
          expect(String(again.headers.vary ?? "").toLowerCase()).toMatch(/\borigin\b/);
        }
      }
  });
});

describe("a site answer chosen by Accept says it varies by Accept", () => {
  it("an unknown listing page or site path: HTML for a browser, the JSON error otherwise, each with Vary: Accept", async () => {
    for (const path of ["/l/lst_00000000000000000000", "/l/%00", "/nope", "/badges/x.svg"])
      for (const accept of ["text/html,*/*;q=0.8", "application/json", undefined]) {
        const a = await send(path, accept ? { accept } : {});
        expect({ path, accept, status: a.status }).toEqual({ path, accept, status: 404 });
        const vary = String(a.headers.vary ?? "")
          .toLowerCase()
          .split(/\s*,\s*/);
        expect({ path, accept, vary: vary.includes("accept") && vary.includes("origin") }).toEqual({
          path,
          accept,
          vary: true,
        });
        if (accept?.startsWith("text/html")) expect(a.type).toMatch(/text\/html/);
        else expectRefusal(`${path} ${accept}`, a, 404, "not_found");
      }
    // An API path is JSON whatever Accept says: it does not vary by it.
    const api = await send("/v1/nope", { accept: "text/html" });
    expectRefusal("/v1/nope", api, 404, "not_found");
  });
});

/** Every hostile spelling of an integer a client or a script sends, each to be refused with the reason. */
const NOT_INTEGERS = [
  "-1",
  "-0",
  "1.5",
  "1.0",
  "0x1f",
  "1e3",
  "1E3",
  "+5",
  "%205",
  "5%20",
  "",
  "%00",
  "5%00",
  "%C0%B5", // overlong UTF-8 for "5"
  "%EF%BC%95", // fullwidth 5
  "%D9%A5", // Arabic-Indic 5
  "%E0%A5%AB", // Devanagari 5
  "%F0%9D%9F%93", // mathematical bold 5
  "5%E2%80%8B", // 5 and a zero-width space
  "Infinity",
  "NaN",
  "null",
  "[5]",
  "99999999999999999999999999",
];

describe("the change feed: since and limit exactly as the spec reads them", () => {
  it("hostile since and limit values are 400 validation_failed naming the parameter; nothing changes", async () => {
    const before = await stateDigest();
    for (const param of ["since", "limit"])
      for (const v of NOT_INTEGERS) {
        const a = await send(`/v1/changes?${param}=${v}`);
        expectRefusal(`changes ${param}=${v}`, a, 400, "validation_failed");
        expect(a.json().message, `${param}=${v}`).toMatch(new RegExp(`^${param}: `));
      }
    for (const q of [
      "limit=501",
      "limit=0",
      "since=1&since=1",
      "limit=5&limit=5",
      "cursor=abc",
      "since[]=1",
    ]) {
      const a = await send(`/v1/changes?${q}`);
      expectRefusal(`changes ${q}`, a, 400, /validation_failed|unknown_query_parameter/);
    }
    expect(await stateDigest()).toBe(before);
  });

  it("in range: limit 1 and 500, since 0, since in milliseconds refused, since past the last change empty", async () => {
    const all = (await send("/v1/changes")).json();
    expect(all.limit).toBe(500);
    expect(all.count).toBe(all.changes.length);
    const newest = all.changes[0];
    expect((await send("/v1/changes?limit=1")).json().changes).toEqual([newest]);
    expect((await send("/v1/changes?limit=500&since=0")).json().changes).toEqual(all.changes);
    // since is inclusive, to the second: the newest change's own second still lists it.
    const at = (await send(`/v1/changes?since=${newest.at}`)).json();
    expect(at.changes[0]).toEqual(newest);
    expect(at.since).toBe(newest.at);
    expect((await send(`/v1/changes?since=${newest.at + 1}`)).json().changes).toEqual([]);
    // Unix seconds, not milliseconds: a millisecond clock is refused rather than read as the year 58000.
    const ms = await send(`/v1/changes?since=${Date.now()}`);
    expectRefusal("since in ms", ms, 400, "validation_failed");
    expect((await send("/v1/changes?since=999999999999")).json()).toMatchObject({ count: 0, changes: [] });
  });
});

describe("the listing index: limit, offset and status at and past their edges", () => {
  it("hostile limit and offset values are 400 naming the parameter; an unknown status names the choices", async () => {
    const before = await stateDigest();
    for (const param of ["limit", "offset"])
      for (const v of NOT_INTEGERS.filter((x) => !(param === "offset" && x === "-0"))) {
        const a = await send(`/v1/listings?${param}=${v}`);
        expectRefusal(`listings ${param}=${v}`, a, 400, "validation_failed");
        expect(a.json().message, `${param}=${v}`).toMatch(new RegExp(`^${param}: `));
      }
    for (const v of [
      "",
      "ACTIVE",
      "Verified",
      "active%00",
      "all%20",
      "deleted",
      "%E2%80%8Ball",
      "verified,failing",
    ]) {
      const a = await send(`/v1/listings?status=${v}`);
      expectRefusal(`listings status=${v}`, a, 400, "validation_failed");
      expect(a.json().message).toMatch(
        /status: must be one of active, verified, unverified, failing, delisted, all/,
      );
    }
    // Past the bound Postgres is never asked: a clear 400, never its "OFFSET must not be negative" or bigint error.
    for (const q of ["offset=10000001", "offset=9223372036854775808", "limit=201", "limit=0"]) {
      const a = await send(`/v1/listings?${q}`);
      expectRefusal(`listings ${q}`, a, 400, "validation_failed");
    }
    expect(await stateDigest()).toBe(before);
  });

  it("pages by next_offset reach every listing once; the bound is served empty; delisted only on asking", async () => {
    const made: string[] = [id];
    for (let i = 0; i < 4; i++)
      made.push(
        (
          await (
            await t.req(
              "POST",
              "/v1/listings",
              validListing({ endpoint_url: `https://api.example.com/p${i}` }),
            )
          ).json()
        ).id,
      );
    await delistListing(t.tdb.db, made[4]!);
    const seen: string[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = (await send(`/v1/listings?limit=1&offset=${offset}`)).json();
      expect(page).toMatchObject({ total: 4, limit: 1, offset });
      seen.push(...page.results.map((r: { id: string }) => r.id));
      offset = page.next_offset;
    }
    expect(seen).toEqual(made.slice(0, 4));
    expect(
      (await send("/v1/listings?status=delisted")).json().results.map((r: { id: string }) => r.id),
    ).toEqual([made[4]]);
    expect((await send("/v1/listings?status=all&limit=200")).json()).toMatchObject({ total: 5, count: 5 });
    expect((await send("/v1/listings?offset=10000000&limit=200")).json()).toMatchObject({
      total: 4,
      count: 0,
      offset: 10000000,
      next_offset: null,
      results: [],
    });
    // The delisted listing keeps its history (spec), its detail is gone.
    const h = (await send(`/v1/listings/${made[4]}/history`)).json();
    expect(h).toMatchObject({ listing_id: made[4], status: "delisted" });
    expect(h.history.at(-1).to).toBe("delisted");
    expectRefusal("delisted detail", await send(`/v1/listings/${made[4]}`), 404, "not_found");
  });
});

describe("the demand feed: limit 1..1000 and offset at and past their edges", () => {
  it("hostile values are 400 naming the parameter; the edges are served; paging past the end is empty", async () => {
    for (const param of ["limit", "offset"])
      for (const v of NOT_INTEGERS.filter((x) => !(param === "offset" && x === "-0"))) {
        const a = await send(`/v1/demand?${param}=${v}`);
        expectRefusal(`demand ${param}=${v}`, a, 400, "validation_failed");
        expect(a.json().message, `${param}=${v}`).toMatch(new RegExp(`^${param}: `));
      }
    for (const q of [
      "limit=0",
      "limit=1001",
      "offset=10000001",
      "limit=1&limit=1",
      "k=1",
      "since=1",
      "edition=x",
    ])
      expectRefusal(
        `demand ${q}`,
        await send(`/v1/demand?${q}`),
        400,
        /validation_failed|unknown_query_parameter/,
      );
    const whole = (await send("/v1/demand")).json();
    expect(whole.next_offset).toBeNull();
    expect(whole.policy_epoch).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
    const all = whole.top_needs;
    expect(all.length).toBeGreaterThan(1);
    const first = (await send("/v1/demand?limit=1")).json();
    expect(first.top_needs).toEqual(all.slice(0, 1));
    expect(first.next_offset).toBe(1);
    expect((await send("/v1/demand?limit=1000")).json().top_needs).toEqual(all);
    const past = (await send(`/v1/demand?offset=${all.length}`)).json();
    expect(past).toMatchObject({ top_needs: [], next_offset: null });
    expect((await send("/v1/demand?offset=10000000&limit=1000")).json()).toMatchObject({
      top_needs: [],
      next_offset: null,
    });
  });
});

describe("CORS preflights with odd origins and headers", () => {
  it("any Origin (null, opaque, long) gets the same 204; a v1 client's X-PAYMENT may be sent, and is told its name", async () => {
    for (const origin of [
      "null",
      "https://agent.example",
      "http://127.0.0.1:1",
      `https://${"a".repeat(200)}.example`,
    ])
      for (const path of ["/v1/demand", "/v1/demand/report", "/v1/changes", `/v1/listings/${id}/history`]) {
        const a = await send(
          path,
          {
            origin,
            "access-control-request-method": "GET",
            "access-control-request-headers": "x-payment, payment-signature, if-none-match",
          },
          "OPTIONS",
        );
        expect({ origin, path, status: a.status, text: a.text }).toEqual({
          origin,
          path,
          status: 204,
          text: "",
        });
        expect(a.headers["access-control-allow-origin"]).toBe("*");
        const allowed = String(a.headers["access-control-allow-headers"]).split(/\s*,\s*/);
        for (const h of ["x-payment", "payment-signature", "if-none-match"]) expect(allowed).toContain(h);
      }
    // The request the preflight let through: the 402 names the v2 header, nothing is charged.
    const v1 = await send("/v1/demand/report", { origin: "null", "x-payment": "e30=" });
    expect(v1.status).toBeLessThan(500);
    const verdict = await send(`/v1/listings/${id}/verdict`, { origin: "null", "x-payment": "e30=" });
    expectRefusal("verdict with X-PAYMENT", verdict, 402, "invalid_payment");
    expect(verdict.json().message).toMatch(/PAYMENT-SIGNATURE/);
    expect(verdict.headers["access-control-allow-origin"]).toBe("*");
  });
});

describe("the site address serves the same interface", () => {
  const SITE = { host: "site.tollgate.test" };
  /** A body without the instants that move between two reads. */
  const still = (text: string) =>
    text
      .replace(
        /"(generated_at|as_of|window_ends_at|observed_at|checked_at)(_iso)?":("[^"]*"|\d+)/g,
        '"$1$2":0',
      )
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, "T");

  it("the same status, type, body and ETag on {site_url} as on {base_url}, for reads, report files and refusals", async () => {
    for (const path of [
      "/v1/listings/ID",
      "/v1/listings?limit=2",
      "/v1/listings/ID/history",
      "/v1/changes?limit=3",
      "/v1/demand?limit=2",
      "/v1/stats",
      "/v1/categories",
      `/v1/resolve?url=${encodeURIComponent("https://api.example.com/v1/weather")}`,
      `/v1/attestations/${"0".repeat(32)}`,
      "/state.json",
      "/methodology.json",
      "/state/paid-verification.json",
      "/state/the-ledger.json",
      "/.well-known/jwks.json",
      "/badge/ID.svg",
      "/v1/listings?limit=0",
      "/v1/changes?since=-1",
      "/v1/demand?limit=1001",
      "/v1/listings/lst_%2e%2e%2fstats/history",
    ]) {
      const onBase = await send(path);
      const onSite = await send(path, SITE);
      expect({ path, status: onSite.status, type: onSite.type }).toEqual({
        path,
        status: onBase.status,
        type: onBase.type,
      });
      expect(onSite.headers.etag, path).toBe(onBase.headers.etag);
      expect(still(onSite.text).replace(/"request_id":"[^"]+"/, ""), path).toBe(
        still(onBase.text).replace(/"request_id":"[^"]+"/, ""),
      );
      if (onSite.status >= 400) expectRefusal(`site ${path}`, onSite, onSite.status);
    }
  });

  it("absolute URLs in the report files name the configured origin, never the Host a client sent", async () => {
    for (const host of ["site.tollgate.test", "evil.example", "tollgate.test.evil.example"]) {
      const index = (await send("/state.json", { host })).json();
      for (const r of index.reports) expect(r.url, host).toMatch(/^http:\/\/tollgate\.test\//);
      const offer = (await send(`/v1/listings/${id}/verdict`, { host })).json();
      expect(offer.resource?.url ?? "", host).not.toMatch(/evil/);
    }
  });
});

describe("attestation ids that only look like one", () => {
  it("confusable, padded, traversal and suffixed ids: 404 not_found in the error format, the id echoed safely", async () => {
    const hex = "0123456789abcdef0123456789abcdef";
    for (const raw of [
      `%D0%B0${hex.slice(1)}`, // Cyrillic а for a
      `%EF%BC%90${hex.slice(1)}`, // fullwidth 0
      `${hex.slice(0, 31)}%C2%A0`, // a no-break space for the last digit
      `${hex}%00`,
      `${hex}.json`,
      `${hex}%2F..%2F..%2Fstats`,
      `..%2F..%2Fv1%2Fstats`,
      `%2e%2e%2f${hex}`,
      hex.toUpperCase(),
      `${hex}${hex}`,
      `${"%C0%B0".repeat(32)}`, // overlong "0" x 32
      `${hex.slice(0, 16)}%E2%80%8B${hex.slice(16)}`,
    ]) {
      const a = await send(`/v1/attestations/${raw}`);
      expectRefusal(`attestation ${raw}`, a, 404, "not_found");
      expect(a.json().message).toMatch(/32 lowercase hex characters|no route/);
      expect(a.text.length).toBeLessThan(600);
    }
  });
});

describe("Range and conditional headers on the feeds and report files", () => {
  it("a Range of any form is ignored (the whole answer, 200); If-None-Match where no ETag is given changes nothing", async () => {
    for (const path of [
      "/v1/changes",
      "/v1/demand",
      "/v1/listings",
      "/state.json",
      "/v1/listings/ID",
      "/badge/ID.svg",
    ]) {
      const whole = await send(path);
      for (const range of [
        "bytes=0-0",
        "bytes=-1",
        "bytes=999999-",
        "bytes=0-1,2-3",
        "bytes=5-1",
        "items=0-1",
        "bytes=x",
      ]) {
        const a = await send(path, { range });
        expect({ path, range, status: a.status, partial: a.headers["content-range"] }).toEqual({
          path,
          range,
          status: 200,
          partial: undefined,
        });
        expect(a.text.length, `${path} ${range}`).toBe(whole.text.length);
      }
      if (!whole.headers.etag)
        for (const inm of ["*", 'W/"x"', '"a", "b"'])
          expect({ path, inm, status: (await send(path, { "if-none-match": inm })).status }).toEqual({
            path,
            inm,
            status: 200,
          });
    }
  });
});

describe("after the barrage", () => {
  it("no refusal changed a listing, a status change or a payment, and the app still answers", async () => {
    const before = await stateDigest();
    for (const path of [
      "/v1/changes?since=-1",
      "/v1/listings?offset=-1",
      "/v1/demand?limit=0",
      "/v1/resolve?url=%00",
    ])
      await send(path);
    expect(await stateDigest()).toBe(before);
    expect((await send("/v1/listings/ID")).status).toBe(200);
    expect((await send("/v1/listings/ID/claim")).json().challenge_active).toBe(false);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
  });
});
