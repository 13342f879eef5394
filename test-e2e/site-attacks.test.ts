import { createServer } from "node:net";
import { type DemoSellers, startDemoSellers } from "@tollgate/devnet";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// What a real browser runs on the public site when a seller writes hostile text: nothing. Pages are loaded
// under their own CSP (story-site.test.ts bypasses it to inject axe-core); any dialog, console error, page
// error, or request to a host other than the api fails the test. Seller text that is long and unbroken must
// not widen the page past the window. (services/api/test/site-attacks.test.ts does the same over HTTP.)
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const EVIL = "attacker.invalid";
const PAYLOAD = `"'><script>alert(1)</script><img src=//${EVIL}/i onerror=alert(2)><svg onload=alert(3)><iframe src=javascript:alert(4)></iframe><meta http-equiv=refresh content="0;url=//${EVIL}/r"><link rel=stylesheet href=//${EVIL}/c><!-- </script><a href=jav&#x09;ascript:alert(5)>x</a>`;

let demo: DemoSellers;
let world: World;
let api: string;
/** The api as the browser reaches it: under a public-looking host name (mapped to loopback), not localhost. */
let site: string;
let browser: Browser;
let hostile: string;
let long: string;

async function submit(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${api}/v1/listings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ category: "data.weather", price_amount: 0.01, ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A fresh page that records everything an injection would cause. */
async function watched(): Promise<{ page: Page; seen: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  const seen: string[] = [];
  page.on("dialog", (d) => {
    seen.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on("console", (m) => {
    if (m.type() === "error" && !/404/.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => seen.push(`pageerror: ${e}`));
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(`${site}/`) && !u.startsWith("data:")) seen.push(`request: ${u}`);
  });
  page.on("framenavigated", (f) => {
    if (!f.url().startsWith(`${site}/`) && f.url() !== "about:blank") seen.push(`navigated: ${f.url()}`);
  });
  return { page, seen };
}

beforeAll(async () => {
  demo = await startDemoSellers({ payTo: "0x1111111111111111111111111111111111111111" });
  world = createWorld({
    SSRF_ALLOW_HOSTS: demo.allowanceEnv,
    ALLOW_HTTP_ENDPOINTS: "true",
    SEMANTIC_SEARCH: "false",
  });
  // The site's own origin is a public-looking name the browser maps to loopback (so nothing is treated as
  // localhost, and the pages' links, badges and form all point there).
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const p = (probe.address() as { port: number }).port;
      probe.close(() => resolve(p));
    });
  });
  site = `http://tollgate.example:${port}`;
  await world.start("api", { API_PORT: String(port), SITE_URL: site });
  api = world.url("api");
  const base = demo.sellers["with-sample"].url;
  hostile = await submit({
    name: `Weather ${PAYLOAD}`.slice(0, 200),
    description: `Hourly weather forecast ${PAYLOAD} \u2028\u2029 javascript:alert(6)`,
    endpoint_url: `${base}?x="'/onmouseover=alert(7)//${EVIL}/`,
    request_schema: { type: "object", examples: [PAYLOAD] },
  });
  long = await submit({
    name: `Weather ${"W".repeat(190)}`,
    description: `Weather ${"D".repeat(3990)}`,
    endpoint_url: `${demo.sellers.refuse.url}/${"p".repeat(1900)}`,
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP tollgate.example 127.0.0.1"],
  });
});
afterAll(async () => {
  await browser?.close();
  await world?.stop();
  await demo?.stop();
});

describe("hostile text in a real browser", () => {
  it("a hostile listing's page, its search results and its badges run nothing and load nothing from elsewhere", async () => {
    const { page, seen } = await watched();
    for (const path of [
      `/l/${hostile}`,
      "/?q=weather",
      `/badge/${hostile}.svg`,
      `/badge/${hostile}/paid.svg`,
    ]) {
      await page.goto(`${site}${path}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(200);
    }
    await page.goto(`${site}/l/${hostile}`, { waitUntil: "networkidle" });
    // The name is shown as the seller typed it, as text.
    expect(await page.locator("h1").textContent()).toBe(`Weather ${PAYLOAD}`.slice(0, 200));
    expect(
      await page.locator("script, iframe, object, embed, meta[http-equiv], link[rel=stylesheet]").count(),
    ).toBe(0);
    // What the page itself loads still loads under its CSP: the badges, from the configured site origin.
    const height = await page
      .locator("#badge-status")
      .evaluate((el) => (el as unknown as { naturalHeight: number }).naturalHeight);
    expect(height).toBe(20);
    // Hover and focus everything: no handler a seller wrote is attached.
    for (const el of await page.locator("main *").all())
      await el.hover({ force: true, timeout: 1000 }).catch(() => {});
    expect(seen).toEqual([]);
    await page.close();
  });

  it("a hostile search typed into the box is answered as text", async () => {
    const { page, seen } = await watched();
    await page.goto(`${site}/`, { waitUntil: "networkidle" });
    const q = `\u202e"><img src=//${EVIL}/q onerror=alert(8)>😀\u0000`;
    await page.fill("#q", q);
    await Promise.all([page.waitForURL(/q=/), page.click("button[type=submit]")]);
    expect(await page.locator("#q").inputValue()).toBe(q.replace("\u0000", ""));
    expect(await page.locator("main img").count()).toBe(0);
    expect(seen).toEqual([]);
    await page.close();
  });

  it("long unbroken seller text wraps inside the window: the page never scrolls sideways", async () => {
    const { page, seen } = await watched();
    for (const path of [`/l/${long}`, "/?q=weather"]) {
      await page.goto(`${site}${path}`, { waitUntil: "networkidle" });
      const { scroll, view } = await page.evaluate(() => {
        const d = (
          globalThis as unknown as {
            document: { documentElement: { scrollWidth: number; clientWidth: number } };
          }
        ).document.documentElement;
        return { scroll: d.scrollWidth, view: d.clientWidth };
      });
      expect(scroll, path).toBeLessThanOrEqual(view);
    }
    expect(seen).toEqual([]);
    await page.close();
  });

  it("the reference at /docs renders under its CSP, with no console error", async () => {
    const { page, seen } = await watched();
    await page.goto(`${site}/docs`, { waitUntil: "networkidle" });
    await page.waitForSelector(".opblock", { timeout: 20_000 });
    expect(await page.locator(".opblock").count()).toBeGreaterThan(20);
    expect(seen).toEqual([]);
    await page.close();
  });
});
