import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

let t: TestApi;
beforeAll(async () => {
  // More submissions than the default test limit (30 per hour) are made here; the limit is client-limits' subject.
  t = await startTestApi({ limits: { submissionsPerHour: 100 } });
});
afterAll(() => t.tdb.drop());

const count = async () =>
  Number(
    (
      await t.tdb.db
        .selectFrom("listings")
        .select((e) => e.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("POST /v1/listings", () => {
  it("creates a listing: 201 with a 64-hex claim token shown once, stored only as sha256", async () => {
    const res = await t.req("POST", "/v1/listings", validListing());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ status: "unverified", id: expect.stringMatching(/^lst_[0-9a-f]{20}$/) });
    expect(body.claim_token).toMatch(/^[0-9a-f]{64}$/);
    expect(typeof body.note).toBe("string");
    const cred = await t.tdb.db
      .selectFrom("claim_credentials")
      .selectAll()
      .where("listing_id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(cred.token_sha256).not.toBe(body.claim_token);
    expect(cred.token_sha256).toMatch(/^[0-9a-f]{64}$/);
    const detail = await (await t.req("GET", `/v1/listings/${body.id}`)).json();
    expect(detail.price_currency).toBe("USDC");
    expect(detail.chains).toEqual(["base"]);
    expect(JSON.stringify(detail)).not.toContain(body.claim_token);
  });

  it("409 endpoint_already_listed compares canonical URLs", async () => {
    const res = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "https://API.example.com:443/v1/weather/#x", name: "dupe" }),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe("endpoint_already_listed");
  });

  it("409 endpoint_already_listed for another percent-encoding of the listed path; nothing stored or changed", async () => {
    const listed = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "https://pub-enc.com/v1/paid/~tiles/a%2Fb", name: "encoded" }),
    );
    expect(listed.status).toBe(201);
    const { id } = await listed.json();
    const row = () =>
      t.tdb.db.selectFrom("listings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const stored = await row();
    expect(stored.endpoint_url).toBe("https://pub-enc.com/v1/paid/~tiles/a%2Fb");
    const before = await count();
    for (const endpoint_url of [
      "https://pub-enc.com/v1/%70aid/~tiles/a%2Fb", // %70 is p
      "https://pub-enc.com/v1/paid/%7Etiles/a%2Fb",
      "https://pub-enc.com/v1/paid/%7etiles/a%2fb", // lower-case hex
      "https://pub-enc.com/v1/p%61%69d/%7E%74iles/a%2f%62/",
    ]) {
      const res = await t.req("POST", "/v1/listings", validListing({ endpoint_url, name: "dupe" }));
      expect(res.status, endpoint_url).toBe(409);
      expect(await res.json()).toMatchObject({ error: "endpoint_already_listed", listing_id: id });
    }
    expect(await count()).toBe(before);
    expect(await row()).toEqual(stored);
    // A reserved character encoded (%2F) is another resource than the character itself.
    const other = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "https://pub-enc.com/v1/paid/~tiles/a/b", name: "not encoded" }),
    );
    expect(other.status).toBe(201);
  });

  const rejected: [string, Record<string, unknown>, RegExp][] = [
    ["http scheme", { endpoint_url: "http://weather.example.com/x" }, /https/],
    ["not a URL", { endpoint_url: "weather" }, /valid absolute URL/],
    ["route pattern {id}", { endpoint_url: "https://weather.example.com/v1/{city}" }, /route pattern/],
    ["route pattern :id", { endpoint_url: "https://weather.example.com/v1/:city" }, /route pattern/],
    ["route pattern *", { endpoint_url: "https://weather.example.com/v1/*" }, /route pattern/],
    ["route pattern [...]", { endpoint_url: "https://weather.example.com/v1/[...slug]" }, /route pattern/],
    ["private DNS answer", { endpoint_url: "https://internal.example.com/x" }, /private|not public|refused/i],
    [
      "one private address among answers",
      { endpoint_url: "https://rebind.example.com/x" },
      /private|loopback|not public/i,
    ],
    ["link-local metadata", { endpoint_url: "https://meta.example.com/x" }, /link|private|not public/i],
    ["IP literal loopback", { endpoint_url: "https://127.0.0.1/x" }, /private|loopback|not public/i],
    ["IP literal decimal", { endpoint_url: "https://2130706433/x" }, /private|loopback|not public/i],
    ["unresolvable host", { endpoint_url: "https://nowhere.example.net/x" }, /resolve/i],
    ["unknown category", { category: "data.nonsense" }, /category/],
    ["negative price", { price_amount: -1 }, /price_amount/],
    ["price as string", { price_amount: "0.01" }, /price_amount/],
    [
      "sample_query equals endpoint",
      { endpoint_url: "https://weather.example.com/v2", sample_query: "https://weather.example.com/v2/" },
      /omit/,
    ],
    ["missing name", { name: undefined }, /name/],
    ["unknown field", { colour: "blue" }, /unknown field/],
    ["credentials in URL", { endpoint_url: "https://u:p@weather.example.com/x" }, /credentials/],
    ["bad email", { submitter_email: "not-an-email" }, /submitter_email/],
  ];
  it.each(rejected)("400 and nothing stored: %s", async (_label, over, reason) => {
    const before = await count();
    const res = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "https://weather.example.com/ok", ...over }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("validation_failed");
    expect(body.message).toMatch(reason);
    expect(await count()).toBe(before);
  });

  it("names every failing rule at once", async () => {
    const res = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "http://x.example.com/{a}", category: "no.such" }),
    );
    const body = await res.json();
    expect(body.reasons.length).toBeGreaterThanOrEqual(2);
  });

  it("malformed JSON, wrong content type and oversize bodies get the error format", async () => {
    const bad = await t.req("POST", "/v1/listings", "{not json");
    expect(bad.status).toBe(400);
    // Thrown inside the body-limited chain (the JSON validator throws): still one error body, under the
    // request's id, and the answer keeps the request middleware's headers.
    const badBody = await bad.json();
    expect(badBody).toMatchObject({ error: "invalid_json", request_id: expect.any(String) });
    expect(bad.headers.get("x-request-id")).toBe(badBody.request_id);
    const big = await t.req("POST", "/v1/listings", validListing({ description: "x".repeat(70 * 1024) }));
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe("payload_too_large");
    const noType = await t.app.request("/v1/listings", {
      method: "POST",
      body: JSON.stringify(validListing()),
    });
    expect(noType.status).toBe(415);
    expect(await noType.json()).toMatchObject({
      error: "unsupported_media_type",
      message: expect.stringMatching(/json/),
    });
    const arr = await t.req("POST", "/v1/listings", [1, 2]);
    expect(arr.status).toBe(400);
  });

  it("a delisted endpoint can be listed again", async () => {
    const first = await (
      await t.req("POST", "/v1/listings", validListing({ endpoint_url: "https://other.example.org/relist" }))
    ).json();
    const del = await t.req("DELETE", `/v1/listings/${first.id}`, undefined, {
      "x-claim-token": first.claim_token,
    });
    expect(del.status).toBe(200);
    const again = await t.req(
      "POST",
      "/v1/listings",
      validListing({ endpoint_url: "https://other.example.org/relist" }),
    );
    expect(again.status).toBe(201);
    expect((await again.json()).id).not.toBe(first.id);
  });

  it("two concurrent submissions of one endpoint: one 201, one 409", async () => {
    const body = validListing({ endpoint_url: "https://other.example.org/race" });
    const [a, b] = await Promise.all([
      t.req("POST", "/v1/listings", body),
      t.req("POST", "/v1/listings", body),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });
});
