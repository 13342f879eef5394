import { createRoute } from "@hono/zod-openapi";
import { queryKey, runDiscover, type SearchEvent } from "@tollgate/registry";
import { DiscoverQuery, DiscoverResult } from "@tollgate/schema";
import type { Context } from "hono";
import { answerWhole } from "../answer.js";
import type { App, AppEnv } from "../app.js";
import type { AppDeps } from "../deps.js";
import { enforceRead } from "../limits.js";
import { commonErrors, rateLimited } from "./responses.js";

const route = createRoute({
  method: "get",
  path: "/v1/discover",
  operationId: "discover",
  tags: ["discovery"],
  summary: "Find paid services for a need",
  description:
    "q describes the need in words. Matching: the need's embedding, its words found in a listing's name and description, and its likely categories are fused into one relevance; only listings within a small band of the best match are kept (none when even the best is weak: the note then says nothing here serves the need), and the registry's order applies among them. Order: verified first, then score, then price (lower first). category must be an id from GET /v1/categories (400 validation_failed otherwise). Rate limited per client (an IPv4 address, an IPv6 /64): 600 per minute by default (DISCOVER_LIMIT_PER_MINUTE), then 429 rate_limited with Retry-After.",
  request: { query: DiscoverQuery },
  responses: {
    200: { description: "Ranked results", content: { "application/json": { schema: DiscoverResult } } },
    ...commonErrors("validation_failed", "unknown_query_parameter"),
    ...rateLimited,
  },
});

/** Validated query strings remembered (raw text → what the answer's key needs); dropped whole when full. */
const KNOWN_QUERIES_MAX = 5000;
const JSON_HEADERS = { "content-type": "application/json" };

export function registerDiscover(app: App, deps: AppDeps) {
  const kept = deps.discoverCache;
  // The query's share of the cache key; the matcher's state (model ready, index version) is added per request.
  const keyOf = (part: string) => `${JSON.stringify(kept?.matcherState() ?? "")}${part}`;
  const known = new Map<string, { part: string; q: string | null }>();
  const logHit = (c: Context<AppEnv>, event: SearchEvent, q: string | null) =>
    // Every search is logged for demand, answered from memory or not.
    deps.discover.logSearch?.({ ...event, query: q, clientIp: c.get("clientIp"), at: new Date() });
  // A repeated search is answered here, before the route's validation, when its exact query text was validated
  // before (validation is a function of that text alone) and its answer is kept: rate limited and logged for
  // demand like any search, the same body and headers. Anything else goes on to the route.
  if (kept)
    app.get("/v1/discover", async (c, next) => {
      const url = c.req.url;
      const at = url.indexOf("?");
      const seen = known.get(at < 0 ? "" : url.slice(at + 1));
      if (!seen || !kept.cache.peek(keyOf(seen.part))) return next();
      await enforceRead(deps.limits.discover, c.get("clientIp"), "searches", deps.log);
      // Looked up again after the limiter's round trip: a change meanwhile may have dropped the answer.
      const hit = kept.cache.get(keyOf(seen.part));
      if (!hit) {
        c.set("searchCounted", true);
        return next();
      }
      logHit(c, hit.event, seen.q);
      return answerWhole(c, 200, hit.body, JSON_HEADERS);
    });
  app.openapi(route, async (c) => {
    const clientIp = c.get("clientIp");
    if (!c.get("searchCounted")) await enforceRead(deps.limits.discover, clientIp, "searches", deps.log);
    const q = c.req.valid("query");
    const part = JSON.stringify([
      q.q === undefined ? null : queryKey(q.q),
      q.category ?? null,
      q.max_price ?? null,
      q.min_score ?? null,
      q.limit,
    ]);
    const key = keyOf(part);
    const hit = kept?.cache.get(key);
    let body: string;
    if (hit) {
      body = hit.body;
      logHit(c, hit.event, q.q ?? null);
    } else {
      const generation = kept?.cache.current ?? 0;
      const r = await runDiscover(deps.db, q, deps.discover, { source: "rest", clientIp });
      deps.discover.logSearch?.(r.event);
      body = JSON.stringify(r.answer);
      // Kept only when matched the way this replica normally matches (never a transient fallback to text).
      const normal = r.matchedBy === "meaning" || !deps.discover.matcher || r.matchedBy === "none";
      if (kept && normal) kept.cache.keep(key, generation, body, r.event, r.dependsOn);
    }
    if (kept) {
      const url = c.req.url;
      const at = url.indexOf("?");
      if (known.size >= KNOWN_QUERIES_MAX) known.clear();
      known.set(at < 0 ? "" : url.slice(at + 1), { part, q: q.q ?? null });
    }
    return answerWhole(c, 200, body, JSON_HEADERS) as never;
  });
}
