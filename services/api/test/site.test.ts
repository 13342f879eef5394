import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// The site without a browser: pages render from real rows, escape what sellers wrote, link absolutely from
// configuration, and badges are cacheable SVG with a state per status. (test-e2e/site.test.ts drives a real
// browser over the same pages.)
let t: TestApi;
let id: string;
const page = (path: string, headers: Record<string, string> = {}) =>
  t.req("GET", path, undefined, { accept: "text/html", ...headers });

beforeAll(async () => {
  t = await startTestApi();
  id = (
    await (
      await t.req("POST", "/v1/listings", validListing({ name: "Weather <script>alert(1)</script>" }))
    ).json()
  ).id;
});
afterAll(async () => t.tdb.drop());

async function probes(n: number) {
  const now = Date.now();
  await t.tdb.db
    .insertInto("probes")
    .values(
      Array.from({ length: n }, (_, i) => ({
        listing_id: id,
        slot: i,
        at: new Date(now - (n - i) * 60_000),
        outcome: i % 5 === 4 ? "fail" : "pass",
        failure_reason: i % 5 === 4 ? "timeout" : null,
        http_status: i % 5 === 4 ? null : 402,
        latency_ms: 40 + i,
        verified_via: "GET",
        pay_to: null,
        amount_atomic: null,
        detail: JSON.stringify({}),
      })),
    )
    .execute();
}

describe("the site", () => {
  it("a listing page shows the status, a chart with every probe, the badge snippet, escaped text", async () => {
    await probes(10);
    const res = await page(`/l/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const body = await res.text();
    expect(body).toContain('<span class="pill unverified" id="status">unverified</span>');
    expect(body.match(/<rect class="probe /g)).toHaveLength(10);
    expect(body).toContain("8 passed");
    expect(body).toContain('<dl id="verdict-inputs">');
    expect(body).toContain("no challenge observed yet");
    expect(body).toContain(
      `[![Tollgate status](http://tollgate.test/badge/${id}.svg)](http://tollgate.test/l/${id})`,
    );
    expect(body).not.toContain("<script>alert(1)</script>");
    expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // Nothing loads from elsewhere: no script at all, no third-party asset.
    expect(body).not.toMatch(/<script/i);
    expect(body.match(/(?:src|href)="https?:\/\/(?!tollgate\.test|creativecommons\.org)/g)).toBeNull();
  });

  it("an unknown listing or path gets a helpful HTML 404 in a browser; API paths keep the JSON error", async () => {
    const missing = await page("/l/lst_00000000000000000000");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/No active listing has the id/);
    const nowhere = await page("/nowhere");
    expect(nowhere.status).toBe(404);
    expect(nowhere.headers.get("content-type")).toMatch(/text\/html/);
    const api = await page("/v1/nowhere");
    expect(api.status).toBe(404);
    expect((await api.json()).error).toBe("not_found");
    expect((await t.req("GET", "/nowhere")).headers.get("content-type")).toMatch(/json/);
    // A listing page follows the same rule: any client other than a browser gets the one error body.
    // Media types compare case-insensitively; a range with q=0 is refused, not taken.
    expect((await page("/nowhere", { accept: "TEXT/HTML" })).headers.get("content-type")).toMatch(
      /text\/html/,
    );
    for (const accept of [
      {},
      { accept: "application/json" },
      { accept: "*/*" },
      { accept: "text/html;q=0, application/json" },
    ] as Record<string, string>[]) {
      const res = await t.req("GET", "/l/lst_00000000000000000000", undefined, accept);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      const body = await res.json();
      expect([body.error, typeof body.message]).toEqual(["not_found", "string"]);
    }
  });

  it("badges: an SVG per status, cacheable, 304 on If-None-Match, 404 for an unknown id", async () => {
    const res = await t.req("GET", `/badge/${id}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const etag = res.headers.get("etag")!;
    const svg = await res.text();
    expect(svg).toMatch(/^<svg [^>]*width="\d+" height="20"/);
    expect(svg).toContain(">unverified<");
    expect((await t.req("GET", `/badge/${id}.svg`, undefined, { "if-none-match": etag })).status).toBe(304);
    expect((await t.req("GET", `/badge/${id}.svg`, undefined, { "if-none-match": `W/${etag}` })).status).toBe(
      304,
    );
    for (const [status, text, colour] of [
      ["verified", "verified 95%", "#2e7d32"],
      ["failing", "failing", "#c62828"],
    ] as const) {
      await t.tdb.db.updateTable("listings").set({ status, score: 0.95 }).where("id", "=", id).execute();
      const b = await (await t.req("GET", `/badge/${id}.svg`)).text();
      expect(b).toContain(`>${text}<`);
      expect(b).toContain(colour);
      // The state changed, so the old ETag no longer matches.
      expect((await t.req("GET", `/badge/${id}.svg`, undefined, { "if-none-match": etag })).status).toBe(200);
    }
    const paid = await (await t.req("GET", `/badge/${id}/paid.svg`)).text();
    expect(paid).toContain(">not bought yet<");
    expect((await t.req("GET", "/badge/lst_00000000000000000000.svg")).status).toBe(404);
  });

  it("a badge stays well-formed XML whatever control characters a seller's name holds", async () => {
    const created = await (
      await t.req("POST", "/v1/listings", validListing({ endpoint_url: "https://api.example.com/ctl" }))
    ).json();
    // Submissions refuse controls in a name now; a name stored before that rule (or by hand) still holds them.
    await t.tdb.db
      .updateTable("listings")
      .set({ name: "Bell\u0007 esc\u001b ff\u000c \uffff end" })
      .where("id", "=", created.id)
      .execute();
    for (const path of [`/badge/${created.id}.svg`, `/badge/${created.id}/paid.svg`]) {
      const svg = await (await t.req("GET", path)).text();
      // XML 1.0 allows none of these, not even as a character reference: one makes the image unreadable.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters under test
      expect(svg).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
      expect(svg).toContain("<title>Tollgate: \u2068Bell esc ff  end\u2069 — ");
    }
  });

  it("the home page searches through discover and lists recently verified listings", async () => {
    await t.tdb.db
      .updateTable("listings")
      .set({ status: "verified", status_changed_at: new Date() })
      .where("id", "=", id)
      .execute();
    const res = await page("/?q=weather+forecast");
    const body = await res.text();
    expect(res.status, body).toBe(200);
    expect(body).toContain('<ol id="results">');
    expect(body).toContain(`href="http://tollgate.test/l/${id}"`);
    expect(body).toMatch(/<ul id="recent">/);
  });

  it("a search from the home page counts against the same per-client limit as GET /v1/discover", async () => {
    const limited = await startTestApi({ limits: { discoverPerMinute: 2 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.req("GET", "/?q=weather", undefined, { accept: "text/html" })).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await limited.req("GET", "/v1/discover?q=weather")).status).toBe(429);
    } finally {
      await limited.tdb.drop();
    }
  });
});
