import { describe, expect, it } from "vitest";
import { type DepthPurchase, gradeDelivery, normalisedBodyHash, paidDepth } from "../src/index.js";

const H = 3600;
const D = 24 * H;
const ok = (at: number, over: Partial<DepthPurchase> = {}): DepthPurchase => ({
  at,
  delivered: true,
  quoteAtomic: "10000",
  payTo: "0xa",
  ...over,
});
const bad = (at: number, over: Partial<DepthPurchase> = {}) => ok(at, { delivered: false, ...over });

describe("paid-depth rungs (spec: Paid-depth rung)", () => {
  it("none before any delivery, even after failed purchases", () => {
    expect(paidDepth([]).rung).toBe("none");
    expect(paidDepth([bad(0), bad(D)])).toMatchObject({ rung: "none", deliveries: 0, last_attempt_ok: 0 });
  });
  it("paid_verified on the first delivery; a second one within 48 h stays paid_verified", () => {
    expect(paidDepth([ok(0)]).rung).toBe("paid_verified");
    expect(paidDepth([ok(0), ok(47 * H)]).rung).toBe("paid_verified");
  });
  it("2x once a second delivery comes at least 48 h after the first", () => {
    expect(paidDepth([ok(0), ok(48 * H)])).toMatchObject({ rung: "2x", deliveries: 2 });
  });
  it("held when two deliveries straddle a seller-caused change of price or payTo", () => {
    expect(paidDepth([ok(0), ok(H, { quoteAtomic: "9000" })])).toMatchObject({
      rung: "held",
      through_change: true,
    });
    expect(paidDepth([ok(0), bad(H, { payTo: "0xb" }), ok(2 * H, { payTo: "0xb" })]).rung).toBe("held");
    expect(paidDepth([ok(0), ok(H)]).through_change).toBe(false);
  });
  it("Nwk when deliveries span N >= 3 weeks", () => {
    expect(paidDepth([ok(0), ok(20 * D)]).rung).toBe("2x");
    expect(paidDepth([ok(0), ok(21 * D)])).toMatchObject({ rung: "3wk", span_weeks: 3 });
    expect(paidDepth([ok(0), ok(10 * D), ok(50 * D)]).rung).toBe("7wk");
  });
  it("failed_rebuy when the latest purchase failed after an earlier delivery, whatever rung came before", () => {
    expect(paidDepth([ok(0), bad(D)]).rung).toBe("failed_rebuy");
    expect(paidDepth([ok(0), ok(30 * D), bad(31 * D)]).rung).toBe("failed_rebuy");
    expect(paidDepth([ok(0), bad(D), ok(2 * D)]).rung).toBe("2x"); // recovered
  });
});

describe("grading a paid delivery", () => {
  const body = (s: string) => new TextEncoder().encode(s);
  const schemaCheck = (v: unknown) =>
    typeof (v as { city?: unknown }).city === "string" ? null : "city must be a string";
  it("delivered: 2xx JSON that matches the schema", () => {
    expect(
      gradeDelivery(
        { status: 200, contentType: "application/json", body: body('{"city":"x"}') },
        schemaCheck,
      ),
    ).toMatchObject({
      outcome: "delivered",
      delivered: true,
      json_valid: true,
      schema_valid: true,
    });
  });
  it.each([
    [500, "application/json", '{"city":"x"}', "paid_but_status_500"],
    [200, "text/html", "<html>thanks</html>", "html_instead_of_data"],
    [200, "application/json", "", "empty_body"],
    [200, "application/json", "{not json", "invalid_json"],
    [200, "application/json", '{"city":1}', "schema_mismatch"],
  ])("status %i %s %j is %s and not a delivery", (status, ct, text, outcome) => {
    const g = gradeDelivery({ status, contentType: ct, body: body(text) }, schemaCheck);
    expect(g).toMatchObject({ outcome, delivered: false });
    expect(g.failure_reason).toBeTruthy();
  });
  it("hashes the normalised body: key order and whitespace do not change it", () => {
    const a = normalisedBodyHash(body('{"a":1,"b":[1,2]}'), { ok: true, value: { a: 1, b: [1, 2] } });
    const b = gradeDelivery(
      { status: 200, contentType: "application/json", body: body('{ "b": [1,2], "a": 1 }') },
      null,
    );
    expect(b.body_sha256).toBe(a);
  });
  it("freshness: the data's own stamp (body field or Last-Modified) older than a week is stale_data", () => {
    const at = new Date("2026-11-25T12:00:00Z");
    const grade = (json: string, lastModified?: string) =>
      gradeDelivery(
        { status: 200, contentType: "application/json", body: body(json), lastModified, at },
        null,
      );
    expect(grade('{"city":"x"}')).toMatchObject({ outcome: "delivered", fresh: null });
    expect(grade('{"city":"x","as_of":"2026-11-25T11:00:00Z"}')).toMatchObject({
      outcome: "delivered",
      delivered: true,
      fresh: true,
    });
    const stale = grade('{"city":"x","updated_at":"2026-10-01T00:00:00Z"}');
    expect(stale).toMatchObject({ outcome: "stale_data", delivered: false, fresh: false });
    expect(stale.failure_reason).toMatch(/55 days old/);
    // unix seconds, and the header when the body says nothing
    expect(grade(`{"timestamp":${Math.floor(at.getTime() / 1000) - 60}}`)).toMatchObject({ fresh: true });
    expect(grade('{"city":"x"}', "Wed, 01 Jan 2025 00:00:00 GMT")).toMatchObject({ outcome: "stale_data" });
    // the newest stamp counts: an old header does not outvote a fresh body stamp
    expect(grade('{"as_of":"2026-11-25T10:00:00Z"}', "Wed, 01 Jan 2025 00:00:00 GMT")).toMatchObject({
      outcome: "delivered",
    });
  });
});
