import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// A hostile round against the public site and its badges, over HTTP (no browser; test-e2e/site-attacks.test.ts
// loads the same kind of listing in chromium). Sellers write names, descriptions, URLs, schemas and the payTo
// their endpoint serves; searchers write the query and the path. None of it may become markup, a link target,
// an origin, or an answer a browser would run or sniff. (site.test.ts covers plain escaping of a name.)
let t: TestApi;
let plain: string;
let hostile: string;
const page = (path: string, headers: Record<string, string> = {}) =>
  t.req("GET", path, undefined, { accept: "text/html", ...headers });

/** What an attacker writes wherever text is shown: markup, attribute breaks, script-blob and comment breaks. */
const PAYLOAD = `"'><script>alert(1)</script><img src=x onerror=alert(2)><!-- </script> \u2028\u2029 ]]> <![CDATA[ &lt; &#x3c; javascript:alert(3) <style>*{display:none}</style>`;
const HOSTILE_URL = `https://api.example.com/x"'/onmouseover=alert(4)/javascript:alert(5)?u=data:text/html,"'&amp;`;

/** The page's markup skeleton: tag names in order, so a hostile listing's page must have the plain one's. */
const skeleton = (body: string) =>
  [...body.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[0]).join(" ");
/** Every URL the page links or loads: href, src, action. */
const targets = (body: string) => [...body.matchAll(/\b(?:href|src|action)="([^"]*)"/g)].map((m) => m[1]!);

beforeAll(async () => {
  t = await startTestApi();
  plain = (await (await t.req("POST", "/v1/listings", validListing({ name: "Plain weather" }))).json()).id;
  const res = await t.req(
    "POST",
    "/v1/listings",
    validListing({
      name: `Weather ${PAYLOAD.replace(/[\u2028\u2029]/g, "")}`.slice(0, 200),
      description: `${PAYLOAD} vbscript:msgbox(1) JaVaScRiPt:alert(7) &#106;avascript:alert(8) \u202eevil\u202c`,
      endpoint_url: HOSTILE_URL,
      category: "data.weather",
      request_schema: {
        type: "object",
        examples: [PAYLOAD],
        description: "</script><script>alert(9)</script>",
      },
      response_schema: { type: "object", example: { html: PAYLOAD } },
      sample_query: `https://api.example.com/x?q="'onfocus=alert(10)`,
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  hostile = (await res.json()).id;
  // What only the endpoint itself says (a probe records it): its payTo, a failure reason.
  for (const id of [plain, hostile])
    await t.tdb.db
      .updateTable("listings")
      .set({
        status: "verified",
        status_changed_at: new Date(),
        score: 0.9,
        obs_pay_to: id === hostile ? PAYLOAD : "0x1111111111111111111111111111111111111111",
        obs_first_seen_at: new Date(),
      })
      .where("id", "=", id)
      .execute();
  for (const id of [plain, hostile])
    await t.tdb.db
      .insertInto("probes")
      .values({
        listing_id: id,
        slot: 0,
        at: new Date(),
        outcome: "fail",
        failure_reason: id === hostile ? PAYLOAD : "timeout",
        http_status: 500,
        latency_ms: 40,
        verified_via: "GET",
        pay_to: null,
        amount_atomic: null,
        detail: JSON.stringify({}),
      })
      .execute();
});
afterAll(async () => t.tdb.drop());

describe("security headers on every answer", () => {
  it("nosniff, no framing, no Referer and a CSP on pages, badges, 304s, 404s, errors and the API", async () => {
    const etag = (await t.req("GET", `/badge/${plain}.svg`)).headers.get("etag")!;
    const answers = [
      await page("/"),
      await page("/?q=weather"),
      await page(`/l/${hostile}`),
      await page("/l/lst_00000000000000000000"),
      await t.req("GET", "/l/lst_00000000000000000000"),
      await page("/nowhere"),
      await t.req("GET", "/nowhere"),
      await t.req("GET", `/badge/${hostile}.svg`),
      await t.req("GET", `/badge/${hostile}/paid.svg`),
      await t.req("GET", `/badge/${plain}.svg`, undefined, { "if-none-match": etag }),
      await t.req("GET", "/badge/%3Cscript%3E/paid.svg"),
      await t.req("GET", "/v1/nowhere"),
      await t.req("GET", "/v1/listings?limit=nope"),
      await t.req("POST", "/v1/listings", "{"),
      await t.req("GET", "/state.json"),
      await page("/docs"),
    ];
    // The fast paths, answered whole past the middleware (a listing read, 200 and 304, and a search): JSON that is
    // never sniffed into a document, the one header that matters for it (answer.ts).
    for (const res of [
      await t.req("GET", `/v1/listings/${plain}`),
      await t.req("GET", `/v1/listings/${plain}`, undefined, {
        "if-none-match": (await t.req("GET", `/v1/listings/${plain}`)).headers.get("etag")!,
      }),
      await t.req("GET", "/v1/discover?q=weather"),
    ]) {
      expect(res.headers.get("x-content-type-options"), String(res.status)).toBe("nosniff");
      if (res.status === 200) expect(res.headers.get("content-type")).toBe("application/json");
    }
    for (const res of answers) {
      const what = `${res.status} ${res.headers.get("content-type")}`;
      expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), what).toBe("DENY");
      expect(res.headers.get("referrer-policy"), what).toBe("no-referrer");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, what).toMatch(/frame-ancestors 'none'/);
      expect(csp, what).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
    }
    expect(answers.map((r) => r.status)).toEqual([
      200, 200, 200, 404, 404, 404, 404, 200, 200, 304, 404, 404, 400, 400, 200, 200,
    ]);
  });

  it("a site page's CSP runs no script at all and allows only its own stylesheet, by hash", async () => {
    for (const path of ["/", "/?q=weather", `/l/${hostile}`, "/l/lst_00000000000000000000", "/nowhere"]) {
      const res = await page(path);
      const csp = res.headers.get("content-security-policy")!;
      const directives = Object.fromEntries(
        csp.split(";").map((d) => {
          const [k, ...v] = d.trim().split(/\s+/);
          return [k, v.join(" ")];
        }),
      );
      expect(directives["default-src"], path).toBe("'none'");
      expect(directives["script-src"], path).toBeUndefined();
      expect(directives["base-uri"], path).toBe("'none'");
      expect(directives["object-src"] ?? directives["default-src"]).toBe("'none'");
      const body = await res.text();
      const styles = [...body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(styles).toHaveLength(1);
      const hash = createHash("sha256").update(styles[0]!).digest("base64");
      expect(directives["style-src"]).toBe(`'sha256-${hash}'`);
      expect(body).not.toMatch(/\sstyle=/i);
      // The badges and the form stay allowed: their origin is the configured one.
      expect(directives["img-src"]).toContain("http://tollgate.test");
      expect(directives["form-action"]).toContain("http://tollgate.test");
    }
  });

  it("a badge opened as a document, or a JSON error echoing a path, is sandboxed and runs nothing", async () => {
    for (const res of [
      await t.req("GET", `/badge/${hostile}.svg`),
      await t.req("GET", "/badge/%3Csvg%20onload=alert(1)%3E/paid.svg"),
    ]) {
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/\bsandbox\b/);
    }
  });
});

describe("seller text on the pages", () => {
  it("a hostile listing's page has exactly the plain listing's markup: every field stayed text", async () => {
    const [a, b] = [await (await page(`/l/${plain}`)).text(), await (await page(`/l/${hostile}`)).text()];
    expect(skeleton(b)).toBe(skeleton(a).replaceAll(plain, hostile));
    expect(b).not.toMatch(/<script|<img src=x|<style>\*|<!--|<!\[CDATA|="[^"]*"'/i);
    // The payTo and the failure reason a probe recorded are shown, escaped.
    expect(b).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(b).toContain("<code><bdi>&quot;&#39;&gt;&lt;script&gt;");
  });

  it("no link or image ever takes its target from seller text: only configured origins, data:, the licence", async () => {
    const body = await (await page(`/l/${hostile}`)).text();
    for (const url of targets(body))
      expect(url, url).toMatch(/^(?:http:\/\/tollgate\.test\/|https:\/\/creativecommons\.org\/|data:,$)/);
    expect(body).not.toMatch(/(?:href|src|action)="\s*(?:javascript|vbscript|data:text)/i);
    // The endpoint is shown as code, never as a link.
    expect(body).toContain("<code><bdi>https://api.example.com/x&quot;&#39;/onmouseover=alert(4)/");
  });

  it("the home page's lists and a search's results keep seller names as text", async () => {
    for (const path of ["/", "/?q=weather"]) {
      const body = await (await page(path)).text();
      expect(body).toContain("Weather &quot;&#39;&gt;&lt;script&gt;");
      expect(body).not.toMatch(/<script|<img src=x|onerror=alert\(2\)>/);
      for (const url of targets(body))
        expect(url).toMatch(/^(?:http:\/\/tollgate\.test\/|https:\/\/creativecommons\.org\/|data:,$)/);
    }
  });

  it("a listing page with every field at its limit stays a bounded page", async () => {
    const res = await t.req(
      "POST",
      "/v1/listings",
      validListing({
        name: "W".repeat(200),
        description: "D".repeat(4000),
        endpoint_url: `https://api.example.com/${"p".repeat(2000)}`,
      }),
    );
    expect(res.status).toBe(201);
    const body = await (await page(`/l/${(await res.json()).id}`)).text();
    expect(body.length).toBeLessThan(40_000);
  });

  it("a bidirectional override in seller or endpoint text never runs past it into the page's own text", async () => {
    // A name stored before the submission rule (or by hand), and a payTo an endpoint served with an override.
    await t.tdb.db
      .updateTable("listings")
      .set({ name: "Evil \u202edeifirev", obs_pay_to: "0x\u202e1111" })
      .where("id", "=", plain)
      .execute();
    try {
      const listing = await (await page(`/l/${plain}`)).text();
      expect(listing).toContain("<code><bdi>0x\u202e1111</bdi></code>, stable since");
      expect(listing).toContain("<title>\u2068Evil deifirev\u2069 · Tollgate</title>");
      for (const path of ["/", "/?q=weather"]) {
        const body = await (await page(path)).text();
        expect(body, path).toContain(
          `<a href="http://tollgate.test/l/${plain}"><bdi>Evil \u202edeifirev</bdi></a>`,
        );
      }
    } finally {
      await t.tdb.db
        .updateTable("listings")
        .set({ name: "Plain weather", obs_pay_to: "0x1111111111111111111111111111111111111111" })
        .where("id", "=", plain)
        .execute();
    }
  });
});

describe("request-controlled input", () => {
  it("links, the form and the badge snippet never take their origin from Host or X-Forwarded-Host", async () => {
    const proxied = await startTestApi({ trustedProxies: ["0.0.0.0/0", "::/0"] as never });
    try {
      for (const api of [t, proxied])
        for (const path of ["/", "/?q=weather", `/l/${plain}`, "/nowhere"]) {
          const res = await api.req("GET", path, undefined, {
            accept: "text/html",
            host: "evil.example",
            "x-forwarded-host": "evil.example",
            "x-forwarded-proto": "https",
            forwarded: "host=evil.example;proto=https",
            "x-original-url": "//evil.example/",
          });
          const body = await res.text();
          expect(body).not.toContain("evil.example");
          expect(res.headers.get("content-security-policy") ?? "").not.toContain("evil.example");
          expect(res.headers.get("location")).toBeNull();
        }
    } finally {
      await proxied.tdb.drop();
    }
  });

  it("no answer redirects anywhere a request names", async () => {
    for (const path of [
      "//evil.example/",
      "/l/",
      `/l/${plain}/`,
      "/?next=https://evil.example",
      "/?redirect=//evil.example",
      "/docs/",
      "/badge/",
      "/%2F%2Fevil.example",
      "/\\evil.example",
    ]) {
      const res = await page(path);
      expect(res.status, path).not.toBeOneOf([301, 302, 303, 307, 308]);
      expect(res.headers.get("location"), path).toBeNull();
    }
  });

  it("a hostile search query is answered and stays text: quotes, markup, NUL, controls, overlong, emoji, RTL", async () => {
    const queries = [
      `"><script>alert(1)</script>`,
      `' autofocus onfocus='alert(1)`,
      "weather\u0000<b>",
      "\u0001\u0007\u001b[31mred\u007f\u0085",
      "x".repeat(20_000),
      "😀".repeat(400),
      "\u202egnihtemos\u202c forecast",
      "</title><!--",
    ];
    for (const q of queries) {
      const res = await page(`/?q=${encodeURIComponent(q)}`);
      const body = await res.text();
      expect(res.status, q.slice(0, 40)).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=UTF-8");
      expect(body).not.toMatch(/<script>alert|<b>|' autofocus|<\/title><!--/);
      // HTML allows no C0/C1 control but whitespace in its text, and a lone surrogate is no UTF-8.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters under test
      expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]|\p{Cs}/u);
      const value = body.match(/name="q" value="([^"]*)"/)![1]!;
      expect([...value].length).toBeLessThanOrEqual(300);
      expect(body.length).toBeLessThan(20_000);
    }
    // A bidirectional override a query holds never runs past its own text: the query is isolated.
    const rtl = await (await page(`/?q=${encodeURIComponent("\u202egnihtemos forecast")}`)).text();
    expect(rtl).toMatch(/<bdi>\u202egnihtemos forecast<\/bdi>/);
  });

  it("a hostile path on the 404 page is text, clipped, in an HTML answer with its charset", async () => {
    const res = await page(`/${encodeURIComponent("<script>alert(1)</script>")}${"a".repeat(5000)}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    const body = await res.text();
    expect(body).not.toContain("<script>alert(1)");
    expect(body).toContain("There is no page at /&lt;script&gt;alert(1)&lt;");
    expect(body).not.toContain("a".repeat(101));
  });
});

describe("badges", () => {
  it("a hostile name stays text in a well-formed SVG: no script, no entity, no CDATA break", async () => {
    const [a, b] = [
      await (await t.req("GET", `/badge/${plain}.svg`)).text(),
      await (await t.req("GET", `/badge/${hostile}.svg`)).text(),
    ];
    expect(skeleton(b)).toBe(skeleton(a));
    expect(b).not.toMatch(/<script|<img|<style|<!ENTITY|<!\[CDATA|\]\]>|<!--/i);
    // The entity-looking text the seller typed is shown as typed, its & escaped.
    expect(b).toContain("&amp;lt; &amp;#x3c;");
  });

  it("a name's bidirectional override cannot reverse the badge's verdict in its title", async () => {
    // Submissions refuse these in a name now; a name stored before that rule (or by hand) still holds them.
    await t.tdb.db
      .updateTable("listings")
      .set({ name: "Evil \u202edeifirev\u202d \u2066x" })
      .where("id", "=", plain)
      .execute();
    const svg = await (await t.req("GET", `/badge/${plain}.svg`)).text();
    const title = svg.match(/<title>([^<]*)<\/title>/)![1]!;
    // The name is isolated (FSI … PDI) with no override or embedding left inside: the value reads as itself.
    expect(title).toMatch(/^Tollgate: \u2068[^\u202a-\u202e\u2066-\u2069]*\u2069 — verified 90%$/);
    await t.tdb.db.updateTable("listings").set({ name: "Plain weather" }).where("id", "=", plain).execute();
  });
});
