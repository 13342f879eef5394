import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

let t: TestApi;
let id: string;
let token: string;
beforeAll(async () => {
  t = await startTestApi();
  const res = await (await t.req("POST", "/v1/listings", validListing())).json();
  id = res.id;
  token = res.claim_token;
});
afterAll(() => t.tdb.drop());

describe("GET /v1/listings/{id}", () => {
  it("returns every detail field, null where no data, _iso twins beside *_at", async () => {
    const d = await (await t.req("GET", `/v1/listings/${id}`)).json();
    for (const f of [
      "endpoint_canonical",
      "request_schema",
      "sample_query",
      "facilitator_url",
      "delisted_reason",
      "origin",
      "ephemeral",
      "p99_latency_ms",
      "last_ok_at",
      "consecutive_failures",
      "probe_interval_s",
      "probe_tier",
      "next_check_by",
      "next_check_basis",
      "distinct_payers",
      "transport",
      "obs_scheme",
      "obs_network",
      "obs_asset",
      "obs_pay_to",
      "accepts_count",
      "accepts_index",
      "amount_atomic",
      "amount_usd",
      "domain_name",
      "domain_version",
      "observed_at",
      "obs_first_seen_at",
      "price_changed_at",
      "pay_to_changed_at",
      "payto_distinct_recent",
      "header_bytes",
      "verified_via",
      "testnet",
      "mpp_offers",
      "mpp_note",
      "onchain_wallet",
      "method_note",
      "paid_verification",
      "paid_verified_age_days",
      "observed",
      "report_outcome",
      "score",
      "p50_latency_ms",
      "paid_depth",
      "evidence_tier",
      "onchain_daily",
      "embedding_synced_at",
    ])
      expect(d, f).toHaveProperty(f);
    for (const [k, v] of Object.entries(d)) {
      if (k.endsWith("_at") && !k.endsWith("_iso")) expect(d, `${k}_iso`).toHaveProperty(`${k}_iso`);
      if (k.endsWith("_at") && typeof v === "number")
        expect(Math.floor(new Date(d[`${k}_iso`]).getTime() / 1000)).toBe(v);
    }
    expect(d.score).toBeNull();
    expect(d.origin).toBe("submitted");
    expect(d.status).toBe("unverified");
    expect(d.paid_verification).toEqual({ verified: false });
  });
  it("404 in the error format for unknown ids", async () => {
    const res = await t.req("GET", "/v1/listings/lst_00000000000000000000");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found", message: expect.any(String) });
  });
});

describe("PATCH /v1/listings/{id}", () => {
  it("401 without a token names the claim flow; 401 with a wrong token", async () => {
    const none = await t.req("PATCH", `/v1/listings/${id}`, { name: "x" });
    expect(none.status).toBe(401);
    expect((await none.json()).message).toMatch(/claim/);
    const wrong = await t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { name: "x" },
      { "x-claim-token": "0".repeat(64) },
    );
    expect(wrong.status).toBe(401);
    const after = await (await t.req("GET", `/v1/listings/${id}`)).json();
    expect(after.name).toBe("Paris weather");
  });
  it.each([
    ["x-claim-token", (tok: string) => ({ "x-claim-token": tok })],
    ["x-edit-token", (tok: string) => ({ "x-edit-token": tok })],
    ["Authorization: Bearer", (tok: string) => ({ authorization: `Bearer ${tok}` })],
  ])("accepts the token in %s", async (_h, headers) => {
    const res = await t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { description: `edited via ${_h}` },
      headers(token),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).description).toBe(`edited via ${_h}`);
  });
  it("refuses endpoint_url (delist and resubmit) and unknown fields", async () => {
    const res = await t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { endpoint_url: "https://api.example.com/v2" },
      { "x-claim-token": token },
    );
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/delist/);
    const unk = await t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { status: "verified" },
      { "x-claim-token": token },
    );
    expect(unk.status).toBe(400);
    expect((await (await t.req("GET", `/v1/listings/${id}`)).json()).status).toBe("unverified");
  });
  it.each(["null", "[]", '"x"', "1"])(
    "a body of %s is a 400 asking for a JSON object, on PATCH and on POST",
    async (body) => {
      const res = await t.app.request(`/v1/listings/${id}`, {
        method: "PATCH",
        body,
        headers: { "content-type": "application/json", "x-claim-token": token },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: "validation_failed",
        message: "the body must be a JSON object",
      });
      const posted = await t.app.request("/v1/listings", {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
      expect(posted.status).toBe(400);
      expect(((await posted.json()) as { message: string }).message).toBe("the body must be a JSON object");
    },
  );
  it("never resets verification", async () => {
    await t.tdb.db
      .updateTable("listings")
      .set({ status: "verified", score: 0.9, probe_count: 20, probes_passed: 20 })
      .where("id", "=", id)
      .execute();
    const res = await t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { price_amount: 0.02, category: "data.finance" },
      { "x-claim-token": token },
    );
    const d = await res.json();
    expect(d).toMatchObject({
      status: "verified",
      score: 0.9,
      probe_count: 20,
      price_amount: 0.02,
      category: "data.finance",
    });
  });
  it("validates edited fields: category, sample_query rules", async () => {
    const cat = await t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { category: "nope.nope" },
      { "x-claim-token": token },
    );
    expect(cat.status).toBe(400);
    const same = await t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { sample_query: "https://api.example.com/v1/weather" },
      { "x-claim-token": token },
    );
    expect(same.status).toBe(400);
    expect((await same.json()).message).toMatch(/omit/);
  });
  it.each([
    ["http", "http://weather.example.com/free", /must use https/],
    ["a route pattern", "https://weather.example.com/free/{city}", /route pattern/],
    ["credentials", "https://user:pw@weather.example.com/free", /credentials/],
    ["a private address", "https://internal.example.com/free", /sample_query: /],
    ["cloud metadata", "https://meta.example.com/latest", /sample_query: /],
    ["a loopback literal", "https://127.0.0.1/free", /sample_query: /],
    ["a host that does not resolve", "https://nowhere.example.net/free", /sample_query: /],
    ["not a URL", "free preview", /not a valid absolute URL/],
  ])("PATCH sample_query refuses %s, as POST does", async (_label, sample_query, reason) => {
    const before = await (await t.req("GET", `/v1/listings/${id}`)).json();
    const res = await t.req("PATCH", `/v1/listings/${id}`, { sample_query }, { "x-claim-token": token });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("validation_failed");
    expect(body.message).toMatch(reason);
    const post = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "https://pub-sample.example.com/paid", sample_query }),
    );
    expect(post.status).toBe(400);
    expect((await post.json()).message).toMatch(reason);
    expect((await (await t.req("GET", `/v1/listings/${id}`)).json()).sample_query).toBe(before.sample_query);
  });
  it("PATCH accepts a public https sample_query, and null removes it", async () => {
    const ok = await t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { sample_query: "https://weather.example.com/free/paris" },
      { "x-claim-token": token },
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()).sample_query).toBe("https://weather.example.com/free/paris");
    const cleared = await t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { sample_query: null },
      { "x-claim-token": token },
    );
    expect((await cleared.json()).sample_query).toBeNull();
  });
});

describe("resolve, delist, history", () => {
  it("active → delisted → not_listed for unknown", async () => {
    const created = await (
      await t.req("POST", "/v1/listings", validListing({ endpoint_url: "https://weather.example.com/r" }))
    ).json();
    const url = encodeURIComponent("https://WEATHER.example.com/r/");
    expect((await (await t.req("GET", `/v1/resolve?url=${url}`)).json()).match).toBe("active");
    const noTok = await t.req("DELETE", `/v1/listings/${created.id}`);
    expect(noTok.status).toBe(401);
    const del = await t.req("DELETE", `/v1/listings/${created.id}`, undefined, {
      authorization: `Bearer ${created.claim_token}`,
    });
    expect(del.status).toBe(200);
    const r = await (await t.req("GET", `/v1/resolve?url=${url}`)).json();
    expect(r.match).toBe("delisted");
    expect(r.detail.id).toBe(created.id);
    expect((await t.req("GET", `/v1/listings/${created.id}`)).status).toBe(404);
    const rows = await t.tdb.db
      .selectFrom("status_changes")
      .selectAll()
      .where("listing_id", "=", created.id)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.to_status)).toEqual(["unverified", "delisted"]);
    const none = await (
      await t.req("GET", `/v1/resolve?url=${encodeURIComponent("https://never.example.com/x")}`)
    ).json();
    expect(none).toEqual({ match: "not_listed", detail: null });
    expect((await t.req("GET", "/v1/resolve")).status).toBe(400);
    expect((await t.req("GET", "/v1/resolve?url=notaurl")).status).toBe(400);
  });
});

describe("GET /v1/listings", () => {
  it("pages in a stable order with the index fields and status filters", async () => {
    for (let i = 0; i < 4; i++)
      await t.req("POST", "/v1/listings", validListing({ endpoint_url: `https://other.example.org/p${i}` }));
    const all = await (await t.req("GET", "/v1/listings?limit=200")).json();
    const p1 = await (await t.req("GET", "/v1/listings?limit=2")).json();
    const p2 = await (await t.req("GET", `/v1/listings?limit=2&offset=${p1.next_offset}`)).json();
    expect(p1).toMatchObject({ total: all.total, count: 2, limit: 2, offset: 0, next_offset: 2 });
    expect([...p1.results, ...p2.results].map((r: { id: string }) => r.id)).toEqual(
      all.results.slice(0, 4).map((r: { id: string }) => r.id),
    );
    expect(all.next_offset).toBeNull();
    const delisted = await (await t.req("GET", "/v1/listings?status=delisted")).json();
    expect(delisted.results.every((r: { status: string }) => r.status === "delisted")).toBe(true);
    expect(delisted.total).toBeGreaterThan(0);
    const everything = await (await t.req("GET", "/v1/listings?status=all")).json();
    expect(everything.total).toBe(all.total + delisted.total);
    expect(all.results.some((r: { status: string }) => r.status === "delisted")).toBe(false);
    expect((await (await t.req("GET", "/v1/listings")).json()).limit).toBe(50);
  });
  it.each(["limit=0", "limit=201", "limit=abc", "offset=-1", "status=gone", "colour=red"])(
    "400 for %s",
    async (q) => {
      const res = await t.req("GET", `/v1/listings?${q}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    },
  );
});

describe("categories, discover, docs, unknown routes", () => {
  it("categories are dot-namespaced with active counts", async () => {
    const c = await (await t.req("GET", "/v1/categories")).json();
    const weather = c.categories.find((x: { id: string }) => x.id === "data.weather");
    expect(weather).toMatchObject({ namespace: "data", listings: expect.any(Number) });
    expect(c.categories.every((x: { id: string }) => /^[a-z]+\.[a-z-]+$/.test(x.id))).toBe(true);
  });
  it("discover filters and orders verified → score → price", async () => {
    const mk = async (
      path: string,
      status: string,
      score: number | null,
      price: number,
      category = "compute.inference",
    ) => {
      const r = await (
        await t.req(
          "POST",
          "/v1/listings",
          validListing({
            endpoint_url: `https://pub-${path}.com/llm`,
            category,
            price_amount: price,
            name: `LLM ${path}`,
            description: "text generation",
          }),
        )
      ).json();
      await t.tdb.db.updateTable("listings").set({ status, score }).where("id", "=", r.id).execute();
      return r.id as string;
    };
    const a = await mk("a", "unverified", 0.95, 0.01);
    const b = await mk("b", "verified", 0.85, 0.05);
    const c = await mk("c", "verified", 0.85, 0.01);
    const d = await mk("d", "failing", 0.99, 0.001);
    const e = await mk("e", "verified", 0.99, 0.5);
    const res = await (await t.req("GET", "/v1/discover?category=compute.inference")).json();
    expect(res.results.map((r: { id: string }) => r.id)).toEqual([e, c, b, a, d]);
    const cheap = await (await t.req("GET", "/v1/discover?category=compute.inference&max_price=0.01")).json();
    expect(cheap.results.map((r: { id: string }) => r.id)).toEqual([c, a, d]);
    const good = await (await t.req("GET", "/v1/discover?category=compute.inference&min_score=0.9")).json();
    expect(good.results.map((r: { id: string }) => r.id)).toEqual([e, a, d]);
    const lim = await (await t.req("GET", "/v1/discover?category=compute.inference&limit=2")).json();
    expect(lim.count).toBe(2);
    const q = await (await t.req("GET", "/v1/discover?q=weather%20forecast")).json();
    expect(q.results.length).toBeGreaterThan(0);
    expect(
      q.results.every((r: { name: string; category: string; description: string }) =>
        /weather|forecast/i.test(r.name + r.description + r.category),
      ),
    ).toBe(true);
    // Typed full-width (another keyboard's compatibility forms): the same need, the same answer.
    const wide = await (
      await t.req("GET", `/v1/discover?q=${encodeURIComponent("ｗｅａｔｈｅｒ　ｆｏｒｅｃａｓｔ")}`)
    ).json();
    expect(wide.results.map((r: { id: string }) => r.id)).toEqual(q.results.map((r: { id: string }) => r.id));
    for (const bad of ["limit=51", "limit=0", "min_score=2", "max_price=-1", "max_price=cheap", "sort=price"])
      expect((await t.req("GET", `/v1/discover?${bad}`)).status, bad).toBe(400);
  });
  it("serves /openapi.json generated from the schemas and a human reference", async () => {
    const doc = await (await t.req("GET", "/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/v1/listings",
        "/v1/listings/{id}",
        "/v1/discover",
        "/v1/resolve",
        "/v1/categories",
      ]),
    );
    expect(doc.components.schemas.ListingDetail).toBeDefined();
    const html = await (await t.req("GET", "/docs")).text();
    expect(html).toContain("/v1/discover");
  });
  it("unknown routes answer 404 in the error format", async () => {
    const res = await t.req("GET", "/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found" });
  });
});
