import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createLogger, parseCidrList } from "@tollgate/platform";
import { ApiError, ERROR_CATALOG, ERROR_CODES, ERROR_STATUS, RESERVED_ERROR_CODES } from "@tollgate/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";
import { sellerWithoutFacilitator } from "./offline-seller.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** What the spec names for verify-now: declared and raised (no code is reserved any more). */
const VERIFY_NOW = [
  "unknown_plan",
  "quote_above_plan_cap",
  "claim_token_required",
  "claim_token_invalid",
  "plan_in_progress",
];
/** Every code the spec's Errors table names. */
const SPEC_CODES = [
  ...VERIFY_NOW,
  "unauthorized",
  "listing_not_found",
  "proof_not_found",
  "paid_tier_not_live",
  "endpoint_already_listed",
  "no_challenge",
  "rate_limited",
  "demand_snapshot_not_built_yet",
  "demand_snapshot_stale",
  "demand_snapshot_incomplete",
];

/**
 * How a code is raised in the source: an ApiError, an `error:` field of a body (also with a fallback, as
 * the seller writes `error: reason ?? "code"`), a seller refusal. The local world's fake third-party
 * sellers (packages/devnet) answer as strangers would and are not ours.
 */
const RAISES = [
  /new ApiError\(\s*"([a-z0-9_]+)"/g,
  /\berror:\s*(?:[\w.]+\s*\?\?\s*)?"([a-z0-9_]+)"/g,
  /\.refuse\(\s*"([a-z0-9_]+)"/g,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === "node_modules" || e.name.startsWith(".")) return [];
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

function raisedCodes(): Map<string, string[]> {
  const files = ["services", "packages"]
    .flatMap((d) => readdirSync(path.join(ROOT, d)).map((pkg) => path.join(ROOT, d, pkg)))
    .filter((pkg) => !pkg.endsWith(`${path.sep}devnet`))
    .flatMap((pkg) => {
      try {
        return sources(path.join(pkg, "src"));
      } catch {
        return [];
      }
    });
  const raised = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    for (const pattern of RAISES)
      for (const m of text.matchAll(pattern)) {
        const code = m[1] as string;
        raised.set(code, [...(raised.get(code) ?? []), path.relative(ROOT, f)]);
      }
  }
  return raised;
}

describe("the error catalog", () => {
  it("every code raised in the source is declared, and every declared code is raised or reserved", () => {
    const raised = raisedCodes();
    const undeclared = [...raised.keys()].filter((c) => !(c in ERROR_CATALOG));
    expect(undeclared, JSON.stringify(Object.fromEntries(raised))).toEqual([]);
    const unused = ERROR_CODES.filter((c) => !raised.has(c) && !RESERVED_ERROR_CODES.includes(c));
    expect(unused).toEqual([]);
  });

  it("reserves no code any more, and raises every verify-now code", () => {
    expect(RESERVED_ERROR_CODES).toEqual([]);
    const raised = raisedCodes();
    expect(VERIFY_NOW.filter((c) => !raised.has(c))).toEqual([]);
  });

  it("declares every code the spec names, with the spec's status", () => {
    expect(ERROR_CODES).toEqual(expect.arrayContaining(SPEC_CODES));
    expect(ERROR_STATUS.listing_not_found).toBe(402);
    expect(ERROR_STATUS.paid_tier_not_live).toBe(403);
    expect(ERROR_STATUS.claim_token_required).toBe(401);
    expect(ERROR_STATUS.plan_in_progress).toBe(409);
    expect(ERROR_STATUS.demand_snapshot_stale).toBe(503);
  });

  it("an ApiError takes its status from the catalog", () => {
    expect(new ApiError("submission_pending", "x").status).toBe(409);
    expect(new ApiError("settlement_indeterminate", "x").status).toBe(502);
  });
});

describe("request ids", () => {
  let t: TestApi;
  const lines: Record<string, unknown>[] = [];
  let server: ReturnType<typeof serve>;
  let base: string;

  beforeAll(async () => {
    const log = createLogger("api-test", "silent");
    log.info = ((obj: Record<string, unknown>) => {
      lines.push(obj);
    }) as typeof log.info;
    t = await startTestApi({
      log,
      payments: sellerWithoutFacilitator,
      trustedProxies: parseCidrList("127.0.0.1"),
    });
    server = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 });
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.close();
    await t.tdb.drop();
  });

  it("every error body carries request_id, the same as the x-request-id header and the log line", async () => {
    const refusals = [
      await t.req("GET", "/v1/nothing-here"),
      await t.req("GET", "/v1/listings/lst_00000000000000000000"),
      await t.req("GET", "/v1/discover?nope=1"),
      await t.req("POST", "/v1/listings", "{"),
      await t.req("POST", "/v1/listings", "x", { "content-type": "text/plain" }),
      // A seller's own refusal, answered through the paid route builder.
      await t.req("GET", "/v1/listings/lst_00000000000000000000/verdict", undefined, {
        "payment-signature": "x",
      }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([404, 404, 400, 400, 415, 402]);
    const ids = new Set<string>();
    for (const res of refusals) {
      const body = await res.json();
      expect(body.request_id).toMatch(/^req_[0-9a-f]{24}$/);
      expect(res.headers.get("x-request-id")).toBe(body.request_id);
      expect(lines.find((l) => l.request_id === body.request_id)).toMatchObject({ status: res.status });
      ids.add(body.request_id);
    }
    expect(ids.size).toBe(refusals.length);
  });

  it("a client's long or many unknown names are shortened and counted in the message, not echoed whole", async () => {
    const long = "x".repeat(10_000);
    const query = await t.req("GET", `/v1/discover?q=weather&${long}=1`);
    expect(query.status).toBe(400);
    const q = (await query.json()) as { error: string; message: string };
    expect(q.error).toBe("unknown_query_parameter");
    expect(q.message).toContain(`${"x".repeat(64)}…`);
    expect(q.message.length).toBeLessThan(300);
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`${"y".repeat(100)}${i}`, 1]));
    const body = await t.req("POST", "/v1/listings", JSON.stringify({ ...validListing(), ...many }));
    expect(body.status).toBe(400);
    const b = (await body.json()) as { error: string; message: string };
    expect(b.error).toBe("validation_failed");
    expect(b.message).toContain("and 190 more");
    expect(b.message.length).toBeLessThan(1500);
  });

  it("a success carries the header too; a plain 402 offer's body stays the PaymentRequired of its header", async () => {
    const ok = await t.req("GET", "/healthz");
    expect(ok.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await ok.json()).toEqual({ ok: true });
    const { id } = await (await t.req("POST", "/v1/listings", validListing())).json();
    const offer = await t.req("GET", `/v1/listings/${id}/verdict`);
    expect(offer.status).toBe(402);
    expect(offer.headers.get("x-request-id")).toMatch(/^req_/);
    const terms = JSON.parse(Buffer.from(offer.headers.get("payment-required") ?? "", "base64").toString());
    expect(await offer.json()).toEqual(terms);
  });

  it("an x-request-id is believed only from a trusted proxy and only when it is safe to echo", async () => {
    const at = (id: string, via = base) =>
      fetch(`${via}/v1/nothing-here`, { headers: { "x-request-id": id } }).then(async (r) => ({
        header: r.headers.get("x-request-id"),
        body: ((await r.json()) as { request_id: string }).request_id,
      }));
    // Served on 127.0.0.1, a trusted proxy here: its safe id is kept.
    expect(await at("ingress-7f3a9c1e-42")).toEqual({
      header: "ingress-7f3a9c1e-42",
      body: "ingress-7f3a9c1e-42",
    });
    for (const unsafe of ["short", "has space in it", "x".repeat(200), "<script>alert(1)</script>"]) {
      const got = await at(unsafe);
      expect(got.header).toMatch(/^req_[0-9a-f]{24}$/);
      expect(got.body).toBe(got.header);
    }
    // Not through a socket from a trusted proxy (in-process): never believed.
    const direct = await t.req("GET", "/v1/nothing-here", undefined, {
      "x-request-id": "ingress-7f3a9c1e-42",
    });
    expect(direct.headers.get("x-request-id")).toMatch(/^req_/);
  });
});
