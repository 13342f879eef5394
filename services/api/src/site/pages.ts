import { type RouteConfig, z } from "@hono/zod-openapi";
import { clip } from "@tollgate/core";
import { acceptedMediaRanges } from "@tollgate/platform";
import {
  demandFeed,
  discover,
  findListing,
  notFound,
  type RecentProbe,
  recentProbes,
  toListingDetail,
} from "@tollgate/registry";
import { ApiError, type ListingDetail } from "@tollgate/schema";
import type { Context } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { App, AppEnv } from "../app.js";
import { noneMatch } from "../cache.js";
import type { AppDeps } from "../deps.js";
import { enforceRead } from "../limits.js";
import { notFoundError, rateLimited } from "../routes/responses.js";
import { etagOf, isolated, paidBadge, shield, statusBadge } from "./badge.js";
import { sitePolicy } from "./headers.js";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * Text a seller (or their endpoint) wrote, shown inline beside the page's own: isolated, so a bidirectional
 * override it holds cannot run on into the status, price or date that follow it on the line (a name refuses
 * them on submission; a payTo or failure reason an endpoint served, or a row stored before that rule, may not).
 */
const theirs = (text: string | null | undefined) => html`<bdi>${text ?? ""}</bdi>`;

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--muted:#595959;--line:#d0d0d0;--ok:#2e7d32;--warn:#8a5a00;--bad:#c62828;--accent:#1565c0}
@media (prefers-color-scheme:dark){:root{--fg:#eee;--bg:#151515;--muted:#b0b0b0;--line:#444;--ok:#66bb6a;--warn:#ffb74d;--bad:#ef9a9a;--accent:#90caf9}}
*{box-sizing:border-box}body{margin:0;overflow-wrap:anywhere;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header,main,footer{max-width:60rem;margin:0 auto;padding:1rem}header{display:flex;gap:1rem;align-items:baseline;border-bottom:1px solid var(--line)}
header a{color:var(--fg);font-weight:700;text-decoration:none}nav a{margin-right:1rem;color:var(--accent)}
a{color:var(--accent)}h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.15rem;margin:1.6rem 0 .5rem;border-bottom:1px solid var(--line)}
.pill{display:inline-block;padding:.1rem .6rem;border-radius:1rem;font-weight:600;border:2px solid currentColor}
.verified{color:var(--ok)}.unverified{color:var(--warn)}.failing{color:var(--bad)}.delisted{color:var(--muted)}
.muted{color:var(--muted)}dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.2rem 1rem}dt{color:var(--muted)}dd{margin:0}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9rem}pre{background:rgba(127,127,127,.12);padding:.6rem;overflow-x:auto;border-radius:4px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem .5rem;border-bottom:1px solid var(--line)}
form{display:flex;gap:.5rem}input[type=search]{flex:1;padding:.5rem;font-size:1rem}button{padding:.5rem 1rem;font-size:1rem}
svg.chart{width:100%;height:auto;max-height:160px}footer{border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}
`;

function page(deps: AppDeps, title: string, body: Html): Html {
  const site = siteUrl(deps);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Tollgate</title>
<link rel="license" href="https://creativecommons.org/licenses/by/4.0/">
<link rel="icon" href="data:,">
<style>${raw(STYLE)}</style>
</head>
<body>
<header><a href="${site}/">Tollgate</a><nav aria-label="Site"><a href="${site}/">Search</a><a href="${site}/docs">API reference</a><a href="${site}/state.json">Reports</a><a href="${site}/methodology.json">Rules</a></nav></header>
<main id="main">${body}</main>
<footer><p>A registry of paid HTTP APIs: every listing is probed from our own infrastructure, bought from with real USDC, and its payments counted on chain. Directory data is published under <a href="https://creativecommons.org/licenses/by/4.0/">CC-BY-4.0</a>.</p></footer>
</body>
</html>`;
}

/** The CSP of every site page (no script, the one stylesheet by hash), set before the page is answered. */
const policies = new WeakMap<AppDeps, string>();
const withPolicy = (deps: AppDeps, c: Context) => {
  let policy = policies.get(deps);
  if (policy === undefined) {
    policy = sitePolicy(deps, STYLE);
    policies.set(deps, policy);
  }
  c.header("content-security-policy", policy);
};

/** The site's absolute origin: {site_url} when configured, else the API's public origin. */
export const siteUrl = (deps: Pick<AppDeps, "publicBaseUrl" | "siteUrl">) =>
  deps.siteUrl ?? deps.publicBaseUrl;

const when = (unix: number | null) =>
  unix === null ? "never" : new Date(unix * 1000).toISOString().replace(".000Z", "Z");
const usd = (n: number | null) => (n === null ? "–" : `${n} USD`);

/** The probe history as an inline SVG bar chart: one bar per probe, its height the latency, its colour the outcome. */
export function probeChart(probes: RecentProbe[]): Html {
  if (probes.length === 0)
    return html`<p class="muted">No probes yet: the first runs within about two minutes of submission.</p>`;
  const w = 600;
  const h = 120;
  const bw = w / Math.max(probes.length, 24);
  const max = Math.max(100, ...probes.map((p) => p.latency_ms));
  const colour = (o: string) => (o === "pass" ? "var(--ok)" : o === "fail" ? "var(--bad)" : "var(--muted)");
  const passed = probes.filter((p) => p.outcome === "pass").length;
  const bars = probes.map((p, i) => {
    const bh = Math.max(3, Math.round((p.latency_ms / max) * (h - 10)));
    return html`<rect class="probe ${p.outcome}" x="${(i * bw).toFixed(1)}" y="${h - bh}" width="${Math.max(1, bw - 1).toFixed(1)}" height="${bh}" fill="${colour(p.outcome)}"><title>${p.at.toISOString()}: ${p.outcome}${p.failure_reason ? ` (${isolated(p.failure_reason)})` : ""}, ${p.latency_ms} ms${p.http_status ? `, HTTP ${p.http_status}` : ""}</title></rect>`;
  });
  return html`<figure><svg class="chart" viewBox="0 0 ${w} ${h}" role="img" aria-label="Latest ${probes.length} probes: ${passed} passed. Bar height is latency (up to ${max} ms); green passed, red failed, grey neutral.">${bars}</svg>
<figcaption class="muted">Latest ${probes.length} probes, oldest left: ${passed} passed. Bar height is latency (tallest ${max} ms); green passed, red failed, grey neutral (not counted).</figcaption></figure>`;
}

interface LatestPurchase {
  at: number;
  delivered: boolean;
  tx_hash: string | null;
  amount_usdc: number | null;
  failure_reason: string | null;
}
const latestPurchase = (d: ListingDetail) => d.paid_verification_latest as LatestPurchase | null;

function listingPage(deps: AppDeps, d: ListingDetail, probes: RecentProbe[]): Html {
  const site = siteUrl(deps);
  const badge = `${site}/badge/${d.id}.svg`;
  const paid = `${site}/badge/${d.id}/paid.svg`;
  const pageUrl = `${site}/l/${d.id}`;
  const latest = latestPurchase(d);
  return page(
    deps,
    // The seller's name isolated in the window title, before our own " · Tollgate".
    isolated(d.name),
    html`<h1>${d.name}</h1>
<p><span class="pill ${d.status}" id="status">${d.status}</span> <span id="score">${d.score === null ? "no score yet" : `score ${d.score.toFixed(2)}`}</span> · <span class="muted">evidence: ${d.evidence_tier}</span></p>
<p>${d.description}</p>
<dl>
<dt>Endpoint</dt><dd><code>${theirs(d.endpoint_url)}</code></dd>
<dt>Listed price</dt><dd>${usd(d.price_amount)} per call${d.amount_usd !== null && d.amount_usd !== d.price_amount ? html` <strong>(live quote ${usd(d.amount_usd)})</strong>` : ""}</dd>
<dt>Category</dt><dd>${d.category}</dd>
<dt>Origin</dt><dd>${d.origin}</dd>
<dt>Evidence</dt><dd>${d.evidence_note}</dd>
${d.payto_note ? html`<dt>Warning</dt><dd class="failing">${d.payto_note}</dd>` : ""}
${d.self_referential ? html`<dt>Note</dt><dd>This endpoint pays the registry's own wallet (self-referential): its verdict is never better than caution.</dd>` : ""}
</dl>
<h2>Probe history</h2>
${probeChart(probes)}
<dl>
<dt>Probes</dt><dd>${d.probe_count} (${d.probes_passed ?? 0} passed, ${d.probes_failed ?? 0} failed), last ${when(d.last_probed_at)}</dd>
<dt>Latency</dt><dd>p50 ${d.p50_latency_ms ?? "–"} ms · p95 ${d.p95_latency_ms ?? "–"} ms · p99 ${d.p99_latency_ms ?? "–"} ms (7 days)</dd>
<dt>Next check by</dt><dd>${when(d.next_check_by)} (${d.next_check_basis})</dd>
</dl>
<h2>What a verdict weighs (free parts)</h2>
<dl id="verdict-inputs">
<dt>Status and score</dt><dd>${d.status}, ${d.score === null ? "no score yet" : d.score.toFixed(2)}, ${d.consecutive_failures} failures in a row</dd>
<dt>Price</dt><dd>${d.observed === null ? "no challenge observed yet" : d.observed.price_matches_listing ? "the live quote matches the listed price" : "the live quote differs from the listed price"}</dd>
<dt>payTo</dt><dd>${d.payto_sentinel ? "a burn address: a payment would be destroyed" : d.payto_unstable ? "several addresses served recently" : d.obs_pay_to ? html`<code>${theirs(d.obs_pay_to)}</code>, stable since ${when(d.pay_to_changed_at ?? d.obs_first_seen_at)}` : "not observed yet"}</dd>
<dt>Self-referential</dt><dd>${d.self_referential ? "yes: never rated better than caution" : "no"}</dd>
</dl>
<p class="muted">The signed pay/caution/avoid verdict with its reasons is sold (below); these inputs are free.</p>
<h2>Paid delivery</h2>
<dl id="paid">
<dt>Paid depth</dt><dd>${d.paid_depth.rung} (${d.paid_depth.deliveries} deliveries${d.paid_depth.span_weeks ? `, over ${d.paid_depth.span_weeks} weeks` : ""})</dd>
<dt>Latest purchase</dt><dd>${latest ? html`${latest.delivered ? "delivered" : html`not delivered: ${theirs(latest.failure_reason ?? "failed")}`}, ${when(latest.at)}, ${usd(latest.amount_usdc)}, settlement <code>${latest.tx_hash ?? "–"}</code>` : "the registry has not bought from this endpoint yet"}</dd>
</dl>
<p class="muted">Every purchase with its settlement transaction: <code>GET ${deps.publicBaseUrl}/v1/listings/${d.id}/purchases</code> (x402, 0.01 USD). A signed pay/caution/avoid verdict: <code>GET ${deps.publicBaseUrl}/v1/listings/${d.id}/verdict</code> (0.005 USD).</p>
<h2>On chain</h2>
${
  d.onchain_tx_count_30d === null
    ? html`<p class="muted">Not indexed yet: the registry's own USDC index has no figures for this payTo.</p>`
    : html`<dl id="onchain"><dt>Payments (30 days)</dt><dd>${d.onchain_tx_count_30d}${d.onchain_count_capped ? "+" : ""} from ${d.onchain_unique_payers_30d} payers, ${usd(d.onchain_volume_usd_30d)}</dd><dt>Scope</dt><dd>${d.onchain_scope ?? "–"}</dd></dl>`
}
<dl><dt>Payer reports</dt><dd>${d.distinct_payers} distinct paying wallets reported an outcome (POST /v1/reports)</dd></dl>
<h2>Badges</h2>
<p><img src="${badge}" alt="Tollgate status: ${d.status}" id="badge-status"> <img src="${paid}" alt="Tollgate paid delivery: ${d.paid_depth.rung}" id="badge-paid"></p>
<p>Embed in a README (Markdown):</p>
<pre id="badge-markdown" tabindex="0">[![Tollgate status](${badge})](${pageUrl}) [![Paid delivery](${paid})](${pageUrl})</pre>
<p>or HTML:</p>
<pre id="badge-html" tabindex="0">&lt;a href="${pageUrl}"&gt;&lt;img src="${badge}" alt="Tollgate status"&gt;&lt;/a&gt;</pre>
<h2>Is this your endpoint?</h2>
<p>Claim it to edit or delist it: ask for a challenge with <code>POST ${deps.publicBaseUrl}/v1/listings/${d.id}/claim/challenge</code>, serve the token it returns at <code>/.well-known/${deps.serviceName}-claim</code> on the endpoint's host (or in an <code>x-${deps.serviceName}-claim</code> response header), then <code>POST ${deps.publicBaseUrl}/v1/listings/${d.id}/claim</code>. Steps: <a href="${deps.publicBaseUrl}/v1/listings/${d.id}/claim">claim explanation</a>.</p>
<p class="muted">Data: <a href="${deps.publicBaseUrl}/v1/listings/${d.id}">JSON record</a> · <a href="${deps.publicBaseUrl}/v1/listings/${d.id}/history">status history</a></p>`,
  );
}

function notFoundPage(deps: AppDeps, what: string): Html {
  const site = siteUrl(deps);
  return page(
    deps,
    "Not found",
    html`<h1>Not found</h1><p>${what}</p><p>Search the directory from the <a href="${site}/">home page</a>, look an endpoint up by URL with <code>GET ${deps.publicBaseUrl}/v1/resolve?url=…</code>, or read the <a href="${site}/docs">API reference</a>.</p>`,
  );
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls a search query loses
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

async function homePage(deps: AppDeps, c: Context<AppEnv>): Promise<Html> {
  const site = siteUrl(deps);
  // Controls dropped (HTML text holds none; NUL is no text Postgres stores), then trimmed and clipped.
  const q = clip((c.req.query("q") ?? "").replace(CONTROLS, "").trim(), 300);
  let results: Html = html``;
  if (q.length > 0) {
    // The same per-client throttle as GET /v1/discover: the page is not a way around it.
    await enforceRead(deps.limits.discover, c.get("clientIp"), "searches", deps.log);
    // A HEAD of the page states no need: answered as GET, not logged as demand.
    const matching = c.req.method === "HEAD" ? { ...deps.discover, logSearch: undefined } : deps.discover;
    const found = await discover(deps.db, { q, limit: 10 }, matching, {
      source: "rest",
      clientIp: c.get("clientIp"),
    }).catch((err) => {
      if (err instanceof ApiError) return { count: 0, results: [], note: err.message };
      throw err;
    });
    // Isolated: a bidirectional override in the query cannot run past it into the page's own text.
    results = html`<h2>Results for “<bdi>${q}</bdi>”</h2>
${found.count === 0 ? html`<p>No listing serves this need yet.</p>` : ""}
<ol id="results">${found.results.map((r) => html`<li><a href="${site}/l/${r.id}">${theirs(r.name)}</a> <span class="pill ${r.status}">${r.status}</span> <span class="muted">${r.price_amount} USD · ${r.category}</span></li>`)}</ol>
<p class="muted">${found.note}</p>`;
  }
  const recent = await deps.db
    .selectFrom("listings")
    .select(["id", "name", "category", "status_changed_at"])
    .where("status", "=", "verified")
    .orderBy("status_changed_at", "desc")
    .limit(10)
    .execute();
  const demand = await demandFeed(deps.db, { ...deps.demand, limit: 10, offset: 0 }).catch(() => null);
  return page(
    deps,
    "Paid APIs agents can check before they pay",
    html`<h1>Find a paid API worth paying</h1>
<form method="get" action="${site}/" role="search"><label for="q" class="muted">What do you need?</label><input id="q" type="search" name="q" value="${q}" placeholder="e.g. hourly weather forecast for Lyon"><button type="submit">Search</button></form>
${results}
<h2>Recently verified</h2>
${recent.length === 0 ? html`<p class="muted">No listing is verified yet.</p>` : html`<ul id="recent">${recent.map((r) => html`<li><a href="${site}/l/${r.id}">${theirs(r.name)}</a> <span class="muted">${r.category}, verified ${r.status_changed_at?.toISOString().slice(0, 16).replace("T", " ")} UTC</span></li>`)}</ul>`}
<h2>What agents are asking for</h2>
${demand && demand.top_needs.length > 0 ? html`<ul id="needs">${demand.top_needs.map((n) => html`<li>${n.need} <span class="muted">(${n.searches} searches, ${n.catalogue_status.replaceAll("_", " ")})</span></li>`)}</ul>` : html`<p class="muted">No searches published yet.</p>`}
<p>Agents: the same data as JSON at <a href="${deps.publicBaseUrl}/v1/discover?q=weather">/v1/discover</a> and over MCP; the reference is at <a href="${site}/docs">/docs</a>.</p>`,
  );
}

/**
 * Whether the client's Accept takes `text/html` (media types compare case-insensitively; `q=0` refuses). The
 * answer then depends on Accept, and says so: a shared cache would otherwise replay a browser's HTML 404 to
 * an API client expecting the JSON error body, or the JSON to a browser.
 */
const wantsHtml = (c: Context) => {
  c.header("vary", "accept");
  return acceptedMediaRanges(c.req.header("accept")).has("text/html");
};

/** The site: home page, listing pages, badges and a helpful 404 for browsers. */
export function registerSite(app: App, deps: AppDeps) {
  documentSite(app);
  app.get("/", async (c) => {
    const body = await homePage(deps, c as Context<AppEnv>);
    withPolicy(deps, c);
    return c.html(body);
  });

  app.get("/l/:id", async (c) => {
    const id = c.req.param("id");
    const row = await findListing(deps.db, id);
    if (!row || row.status === "delisted") {
      // A browser gets the helpful page; any other client the one error body, as on every other path.
      if (!wantsHtml(c)) throw notFound(id.slice(0, 40));
      withPolicy(deps, c);
      return c.html(
        notFoundPage(deps, `No active listing has the id ${JSON.stringify(id.slice(0, 40))}.`),
        404,
      );
    }
    const detail = toListingDetail(row, deps.serviceName);
    withPolicy(deps, c);
    return c.html(listingPage(deps, detail, await recentProbes(deps.db, row.id)));
  });

  const badge = (kind: "status" | "paid") => async (c: Context) => {
    const id = c.req.param("id") ?? "";
    const row = await findListing(deps.db, id.replace(/\.svg$/, ""));
    if (!row) throw new ApiError("not_found", `no listing ${JSON.stringify(id.slice(0, 40))}`);
    const d = toListingDetail(row, deps.serviceName);
    const b =
      kind === "status"
        ? statusBadge(d.status, d.score)
        : paidBadge(d.paid_depth.rung, latestPurchase(d)?.delivered ?? null);
    const svg = shield(
      kind === "status" ? "tollgate" : "paid check",
      b.value,
      b.colour,
      `Tollgate: ${isolated(d.name)} — ${b.value}`,
    );
    const etag = etagOf(svg);
    const headers = {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=300, stale-while-revalidate=600",
      etag,
    };
    if (noneMatch(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
    return c.body(svg, 200, headers);
  };
  app.get("/badge/:id/paid.svg", badge("paid"));
  app.get("/badge/:id{[0-9a-z_]+\\.svg}", badge("status"));
}

/** For browsers, a helpful HTML 404 on site paths; API clients keep the JSON error. */
export function siteNotFound(deps: AppDeps, c: Context): Response | null {
  if (c.req.path.startsWith("/v1/") || !wantsHtml(c)) return null;
  withPolicy(deps, c);
  return c.html(notFoundPage(deps, `There is no page at ${c.req.path.slice(0, 100)}.`), 404) as Response;
}

/** The site's routes in /openapi.json (served with plain `app.get`: HTML and SVG, a regex path). */
function documentSite(app: App) {
  const id = z.string().openapi({ param: { name: "id", in: "path" }, example: "lst_3f9a0c1b2d4e5f6a7b8c" });
  const htmlOk = (description: string) => ({
    description,
    content: { "text/html": { schema: z.string() } },
  });
  const svgOk = (description: string) => ({
    description,
    headers: z.object({ etag: z.string(), "cache-control": z.string() }),
    content: { "image/svg+xml": { schema: z.string() } },
  });
  const routes: Omit<RouteConfig, "method">[] = [
    {
      path: "/",
      operationId: "getHome",
      summary: "Home page: search by meaning, recently verified listings, what agents ask for",
      request: { query: z.object({ q: z.string().optional() }) },
      // A search counts against the per-client discover limit, like GET /v1/discover.
      responses: { 200: htmlOk("HTML page (works without JavaScript)"), ...rateLimited },
    },
    {
      path: "/l/{id}",
      operationId: "getListingPage",
      summary:
        "Listing page: status, probe history chart, latency, paid depth, on-chain figures, claim, badges",
      request: { params: z.object({ id }) },
      responses: {
        200: htmlOk("HTML page"),
        404: {
          description:
            "Not found or delisted: a helpful HTML page for a browser (Accept: text/html), the JSON error for any other client",
          content: {
            ...htmlOk("").content,
            ...notFoundError[404].content,
          },
        },
      },
    },
    {
      path: "/badge/{id}.svg",
      operationId: "getStatusBadge",
      summary: "Status shield (verified with score, unverified, failing, delisted); 304 on If-None-Match",
      request: { params: z.object({ id }) },
      responses: { 200: svgOk("SVG shield"), 304: { description: "Not modified" }, ...notFoundError },
    },
    {
      path: "/badge/{id}/paid.svg",
      operationId: "getPaidBadge",
      summary: "Paid-delivery shield (the paid-depth rung, or what the latest purchase found)",
      request: { params: z.object({ id }) },
      responses: { 200: svgOk("SVG shield"), 304: { description: "Not modified" }, ...notFoundError },
    },
  ];
  for (const r of routes) app.openAPIRegistry.registerPath({ ...r, method: "get", tags: ["meta"] });
}
