import { createRoute } from "@hono/zod-openapi";
import { queryKey, runDiscover } from "@tollgate/registry";
import { DiscoverQuery, DiscoverResult } from "@tollgate/schema";
import type { App } from "../app.js";
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

export function registerDiscover(app: App, deps: AppDeps) {
  const kept = deps.discoverCache;
  app.openapi(route, async (c) => {
    const clientIp = c.get("clientIp");
    await enforceRead(deps.limits.discover, clientIp, "searches", deps.log);
    const q = c.req.valid("query");
    const key = kept
      ? JSON.stringify([
          kept.matcherState(),
          q.q === undefined ? null : queryKey(q.q),
          q.category ?? null,
          q.max_price ?? null,
          q.min_score ?? null,
          q.limit,
        ])
      : "";
    const hit = kept?.cache.get(key);
    let body: string;
    if (hit) {
      body = hit.body;
      // Every search is logged for demand, answered from memory or not.
      deps.discover.logSearch?.({ ...hit.event, query: q.q ?? null, clientIp, at: new Date() });
    } else {
      const generation = kept?.cache.current ?? 0;
      const r = await runDiscover(deps.db, q, deps.discover, { source: "rest", clientIp });
      deps.discover.logSearch?.(r.event);
      body = JSON.stringify(r.answer);
      // Kept only when matched the way this replica normally matches (never a transient fallback to text).
      const normal = r.matchedBy === "meaning" || !deps.discover.matcher || r.matchedBy === "none";
      if (kept && normal) kept.cache.keep(key, generation, body, r.event, r.dependsOn);
    }
    return c.body(body, 200, { "content-type": "application/json" }) as never;
  });
}
