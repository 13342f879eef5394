import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type DemoSellers, startDemoSellers } from "@tollgate/devnet";
import axe from "axe-core";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// The public site in a real browser (Debian's chromium driven by playwright-core): listing pages in every
// state, read as a person would (status, chart, badges, the embed snippet), no console errors, axe-core with
// no serious or critical violation, screenshots saved under test-e2e/.screenshots for a person to look at.
const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.join(HERE, ".screenshots");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

let demo: DemoSellers;
let world: World;
let api: string;
let browser: Browser;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
// biome-ignore lint/suspicious/noExplicitAny: bodies are read field by field
const get = async (p: string): Promise<any> => (await fetch(`${api}${p}`)).json();

async function submit(name: string, url: string): Promise<void> {
  const res = await fetch(`${api}/v1/listings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: `Site test: ${name}`,
      description: `Hourly weather forecast (${name})`,
      endpoint_url: url,
      category: "data.weather",
      price_amount: 0.01,
    }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: string; claim_token: string };
  ids[name] = body.id;
  tokens[name] = body.claim_token;
}

/** Open a page, fail on console errors, run axe, save a screenshot. */
async function visit(p: string, shot: string, axeExclude: string[] = []): Promise<Page> {
  // axe-core is injected as an inline script, which the pages' CSP refuses: the test's own script, so CSP is
  // bypassed here (test-e2e/site-attacks.test.ts loads the pages under their CSP).
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, bypassCSP: true });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${api}${p}`, { waitUntil: "networkidle" });
  await page.addScriptTag({ content: axe.source });
  const result = (await page.evaluate(
    (exclude) =>
      (globalThis as unknown as { axe: { run: (ctx: unknown) => Promise<unknown> } }).axe.run({
        exclude: exclude.map((e) => [e]),
      }),
    axeExclude,
  )) as { violations: { id: string; impact: string; help: string }[] };
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, `${shot}.png`), fullPage: true });
  // (A 404 page's own status shows in the console as a failed load: that one is expected.)
  expect(errors.filter((e) => !(shot.includes("404") && /404/.test(e)))).toEqual([]);
  return page;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  demo = await startDemoSellers({ payTo: "0x1111111111111111111111111111111111111111" });
  world = createWorld({
    SSRF_ALLOW_HOSTS: demo.allowanceEnv,
    ALLOW_HTTP_ENDPOINTS: "true",
    PROBE_INTERVAL_SCALE: "0.001",
    PROBE_TICK_MS: "250",
    PROBE_HOST_MIN_GAP_MS: "0",
    SEMANTIC_SEARCH: "false",
  });
  await world.start("api");
  api = world.url("api");
  await submit("verified", demo.sellers["with-sample"].url);
  await submit("failing", demo.sellers.refuse.url);
  await submit("delisted", demo.sellers["post-only"].url);
  await world.start("prober");
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  await until("a verified and a failing listing", async () => {
    const [v, f] = await Promise.all([
      get(`/v1/listings/${ids.verified}`),
      get(`/v1/listings/${ids.failing}`),
    ]);
    return v.status === "verified" && f.status === "failing";
  });
  // Unverified: listed after the prober stopped looking at new ones for a moment (no probe yet).
  await world.services.get("prober")!.stop();
  await submit("unverified", demo.sellers.claimable.url);
  const del = await fetch(`${api}/v1/listings/${ids.delisted}`, {
    method: "DELETE",
    headers: { "x-claim-token": tokens.delisted! },
  });
  expect(del.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await world?.stop();
  await demo?.stop();
});

describe("the public site in a browser", () => {
  it.each([
    ["verified", "verified"],
    ["failing", "failing"],
    ["unverified", "unverified"],
  ])("a %s listing's page reads right: status, chart, badges, embed snippet", async (name, status) => {
    const d = await get(`/v1/listings/${ids[name]}`);
    const page = await visit(`/l/${ids[name]}`, `listing-${name}`);
    expect(await page.locator("h1").textContent()).toBe(`Site test: ${name}`);
    expect(await page.locator("#status").textContent()).toBe(status);
    const bars = await page.locator("svg.chart rect.probe").count();
    // The chart shows every probe the record counts (up to its 96 latest; neutral probes are drawn too).
    expect(bars).toBeGreaterThanOrEqual(Math.min(96, d.probe_count));
    if (name !== "unverified") expect(bars).toBeGreaterThan(0);
    if (name === "unverified") expect(await page.getByText("No probes yet").count()).toBe(1);
    // Both badges load as images of the shield's size.
    for (const img of ["#badge-status", "#badge-paid"]) {
      const size = await page.locator(img).evaluate((el) => {
        const i = el as unknown as { naturalWidth: number; naturalHeight: number };
        return { w: i.naturalWidth, h: i.naturalHeight };
      });
      expect(size.h).toBe(20);
      expect(size.w).toBeGreaterThan(60);
    }
    // The snippet names this listing's badge and page, absolute.
    const snippet = await page.locator("#badge-markdown").textContent();
    expect(snippet).toContain(`/badge/${ids[name]}.svg`);
    expect(snippet).toContain(`/l/${ids[name]}`);
    await page.close();
  });

  it("a delisted listing and an unknown path get the helpful 404 page", async () => {
    const page = await visit(`/l/${ids.delisted}`, "listing-404");
    expect(await page.locator("h1").textContent()).toBe("Not found");
    await page.close();
  });

  it("the home page searches and lists the recently verified listing", async () => {
    const page = await visit("/", "home");
    await page.fill("#q", "hourly weather forecast");
    await Promise.all([page.waitForURL(/q=hourly/), page.click("button[type=submit]")]);
    expect(await page.locator("#results li").count()).toBeGreaterThan(0);
    expect(await page.locator("#recent").textContent()).toContain("Site test: verified");
    await page.screenshot({ path: path.join(SHOTS, "home-search.png"), fullPage: true });
    await page.close();
  });

  it("the badge reads right as an image: its text, size and colour per state", async () => {
    const page = await browser.newPage();
    for (const [name, text] of [
      ["verified", "verified"],
      ["failing", "failing"],
      ["unverified", "unverified"],
    ] as const) {
      const res = await page.goto(`${api}/badge/${ids[name]}.svg`);
      expect(res?.headers()["content-type"]).toMatch(/image\/svg\+xml/);
      const texts = await page.locator("svg text").allTextContents();
      expect(texts[0]).toBe("tollgate");
      expect(texts[1]).toContain(text);
      const box = await page.locator("svg").boundingBox();
      expect(box?.height).toBe(20);
      await page.screenshot({
        path: path.join(SHOTS, `badge-${name}.png`),
        clip: { x: 0, y: 0, width: 200, height: 20 },
      });
    }
    await page.close();
  });

  it("the interactive reference renders from the installed package, with no console errors", async () => {
    // Swagger UI's own markup (#reference) is the package's; our part of the page is checked.
    const page = await visit("/docs", "docs", ["#reference"]);
    await page.waitForSelector(".opblock", { timeout: 20_000 });
    expect(await page.locator(".opblock").count()).toBeGreaterThan(20);
    await page.close();
  });
});
