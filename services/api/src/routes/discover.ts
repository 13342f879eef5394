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
    "q describes the need in words. Matching: the need's embedding (carried, before it is compared, by a linear map fitted on labelled needs towards the listings that serve such needs), its words found in a listing's name and description (and, more lightly, in the phrases of the kinds of service the listing sells), the kinds of service both name (a lexicon of need and listing words, a kind read in the need kept only when the need's embedding is near that kind's; an identifier such as an IP address, a VIN or a flight number names its kind) and its likely categories are fused into one relevance; when the need names kinds of service, only listings naming one of those its most specific words name (or, beside one of those, naming no kind the lexicon knows) are kept, and none when no listing names one, unless the nearest listing is close in meaning (the need's kind words are then taken as misread and the need is matched as one naming no kind) (when those words are single words and a listing names one of their kinds, the kinds weigh in the relevance only); only listings within a small band of the best match, and the one nearest the need in meaning when nearly as good, are kept (none when even the best is weak: the note then says nothing here serves the need), and the registry's order applies among them. Order: verified first, then score, then price (lower first). category must be an id from GET /v1/categories (400 validation_failed otherwise). Rate limited per client (an IPv4 address, an IPv6 /64): 600 per minute by default (DISCOVER_LIMIT_PER_MINUTE), then 429 rate_limited with Retry-After.",
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
/** Share of its lifetime after which a kept answer served is recomputed behind the request. */
const REFRESH_AT = 0.8;

export function registerDiscover(app: App, deps: AppDeps) {
  const kept = deps.discoverCache;
  // The query's share of the cache key; the matcher's state (model ready, index version) is added per request.
  const keyOf = (part: string) => `${JSON.stringify(kept?.matcherState() ?? "")}${part}`;
  const known = new Map<string, { part: string; q: DiscoverQuery }>();
  const rawQuery = (c: Context<AppEnv>) => {
    const url = c.req.url;
    const at = url.indexOf("?");
    return at < 0 ? "" : url.slice(at + 1);
  };
  // Every search is logged for demand, answered from memory or not, as the client's own search. A HEAD asks
  // what a GET would answer (a monitor, a link checker) and states no need: answered, never logged.
  const logAs = (c: Context<AppEnv>, event: SearchEvent, q: DiscoverQuery) => {
    if (c.req.method !== "HEAD")
      deps.discover.logSearch?.({
        ...event,
        query: q.q ?? null,
        clientIp: c.get("clientIp"),
        at: new Date(),
      });
  };
  /**
   * The answer for `q`, computed once for every request asking it meanwhile (kept when matched the way this
   * replica normally matches, never a transient fallback to text). Not logged here: each request logs its own.
   */
  const compute = (key: string, q: DiscoverQuery, clientIp: string) => {
    const run = async () => {
      const generation = kept?.cache.current ?? 0;
      const r = await runDiscover(deps.db, q, deps.discover, { source: "rest", clientIp });
      const body = JSON.stringify(r.answer);
      const normal = r.matchedBy === "meaning" || !deps.discover.matcher || r.matchedBy === "none";
      if (kept && normal) kept.cache.keep(key, generation, body, r.event, r.dependsOn);
      return { body, event: r.event };
    };
    return kept ? kept.cache.compute(key, run) : run().then((v) => ({ ...v, joined: false }));
  };
  const renewIfOld = (key: string, q: DiscoverQuery, at: number, clientIp: string) => {
    if (kept && Date.now() - at > kept.cache.ttlMs * REFRESH_AT)
      compute(key, q, clientIp).catch((err: unknown) =>
        deps.log.warn({ err: String(err) }, "kept discover answer not renewed"),
      );
  };
  // A repeated search is answered here, before the route's validation, when its exact query text was validated
  // before (validation is a function of that text alone) and its answer is kept: rate limited and logged for
  // demand like any search, the same body and headers. Anything else goes on to the route.
  if (kept)
    app.get("/v1/discover", async (c, next) => {
      const seen = known.get(rawQuery(c));
      if (!seen || !kept.cache.peek(keyOf(seen.part))) return next();
      await enforceRead(deps.limits.discover, c.get("clientIp"), "searches", deps.log);
      // Looked up again after the limiter's round trip: a change meanwhile may have dropped the answer.
      const key = keyOf(seen.part);
      const hit = kept.cache.get(key);
      if (!hit) {
        c.set("searchCounted", true);
        return next();
      }
      logAs(c, hit.event, seen.q);
      renewIfOld(key, seen.q, hit.at, c.get("clientIp"));
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
      logAs(c, hit.event, q);
      renewIfOld(key, q, hit.at, clientIp);
    } else {
      const r = await compute(key, q, clientIp);
      body = r.body;
      // The request that computed the answer logs its event as made; one that joined it, as its own search.
      if (r.joined) logAs(c, r.event, q);
      else if (c.req.method !== "HEAD") deps.discover.logSearch?.(r.event);
    }
    if (kept) {
      if (known.size >= KNOWN_QUERIES_MAX) known.clear();
      known.set(rawQuery(c), { part, q });
    }
    return answerWhole(c, 200, body, JSON_HEADERS) as never;
  });
}
