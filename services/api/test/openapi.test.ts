import { createRoute, z } from "@hono/zod-openapi";
import { createLogger } from "@tollgate/platform";
import {
  ApiError,
  ERROR_CATALOG,
  ERROR_CODES,
  ERROR_STATUS,
  type ErrorCode,
  RESERVED_ERROR_CODES,
} from "@tollgate/schema";
import type { PaidAnswer } from "@tollgate/x402";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApp } from "../src/app.js";
import { documentedCodes, errorDocsOf, strictErrorDocs, undocumentedError } from "../src/error-docs.js";
import { errorResponse } from "../src/errors.js";
import { respond } from "../src/routes/paid/respond.js";
import { ANY_OPERATION_ERRORS, errorResponseSpec, PAYMENT_REFUSALS, TAGS } from "../src/routes/responses.js";
import { startTestApi, type TestApi } from "./helpers.js";

// The document is generated from the routes as they are served: nothing is registered beside a handler,
// so the two cannot drift apart.
let t: TestApi;
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read field by field
let doc: any;
type Operation = {
  operationId?: string;
  tags?: string[];
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<
    string,
    {
      description?: string;
      content?: Record<string, { schema: Record<string, unknown>; examples?: Record<string, unknown> }>;
    }
  >;
};
const METHODS = ["get", "post", "put", "patch", "delete"];

function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => [method, path, op] as [string, string, Operation]),
  );
}
const op = (method: string, path: string): Operation => doc.paths[path][method];

beforeAll(async () => {
  t = await startTestApi();
  doc = await (await t.req("GET", "/openapi.json")).json();
});
afterAll(() => t.tdb.drop());

describe("/openapi.json", () => {
  it("every operation has a known tag and a unique operationId", () => {
    const ids = operations().map(([, , o]) => o.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [method, path, o] of operations()) {
      expect(o.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const tag of o.tags ?? []) expect(Object.keys(TAGS), `${method} ${path}`).toContain(tag);
    }
    expect(doc.tags.map((x: { name: string }) => x.name)).toEqual(Object.keys(TAGS));
  });

  it("every path the app serves is in the document, and every documented operation is served", () => {
    const served = t.app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => {
        // A regex parameter ending in .svg (the status badge, `:id{…\.svg}`) is documented as `{id}.svg`.
        const path = r.path.replace(/:([a-z_]+)\{[^/]*\\\.svg\}/g, "{$1}.svg").replace(/:([^/]+)/g, "{$1}");
        return `${r.method.toLowerCase()} ${path}`;
      });
    const documented = operations().map(([method, path]) => `${method} ${path}`);
    expect([...new Set(served)].sort()).toEqual([...documented].sort());
  });

  it("lists the error codes of the catalog in the error body schema", () => {
    expect(doc.components.schemas.ErrorCode.enum).toEqual(ERROR_CODES);
    expect(doc.components.schemas.Error.properties.error.$ref).toBe("#/components/schemas/ErrorCode");
    expect(doc.components.schemas.Error.required).toEqual(
      expect.arrayContaining(["error", "message", "request_id"]),
    );
  });

  it.each([
    ["/v1/listings/{id}/verdict", "Verdict"],
    ["/v1/listings/{id}/purchases", "PurchaseHistory"],
    ["/v1/demand/clusters", "DemandClusters"],
    ["/v1/demand/report", "DemandReport"],
  ])("paid %s: 200 is %s, 402 is PaymentRequired or an error body", (path, schema) => {
    const o = op("get", path);
    expect(o.tags).toContain("paid");
    expect(o.responses["200"]?.content?.["application/json"]?.schema).toEqual({
      $ref: `#/components/schemas/${schema}`,
    });
    // The offer, or the Error body with `error` narrowed to the route's refusals.
    const offer = o.responses["402"]?.content?.["application/json"]?.schema as { anyOf: unknown[] };
    expect(offer.anyOf[0]).toEqual({ $ref: "#/components/schemas/PaymentRequired" });
    expect(offer.anyOf[1]).toMatchObject({ allOf: [{ $ref: "#/components/schemas/Error" }, {}] });
  });

  it("a paid id is any string (malformed ids are refused as unknown, never by validation)", () => {
    for (const path of ["/v1/listings/{id}/verdict", "/v1/listings/{id}/purchases"]) {
      const id = op("get", path).parameters?.find((p) => p.name === "id");
      expect(id).toMatchObject({ in: "path", schema: { type: "string" } });
      expect(id?.schema.pattern).toBeUndefined();
    }
    // Free routes keep the id pattern: a malformed id there is a 404.
    const free = op("get", "/v1/listings/{id}").parameters?.find((p) => p.name === "id");
    expect(free?.schema.pattern).toBeDefined();
  });

  it("POST /v1/listings documents its body, 201, 402, 409, 415 and 429", () => {
    const create = op("post", "/v1/listings");
    expect(create.requestBody?.content["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/ListingCreateRequest",
    });
    expect(doc.components.schemas.ListingCreateRequest.properties.endpoint_url).toBeDefined();
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(["201", "402", "409", "415", "429"]),
    );
  });
});

describe("error codes per operation", () => {
  /** Every 4xx/5xx response of every operation: [operation, status, response]. */
  const errorResponses = () =>
    operations().flatMap(([method, path, o]) =>
      Object.entries(o.responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, r]) => [`${method} ${path}`, Number(status), r] as const),
    );

  it("every error response names at least one code, each in its description and with an example", () => {
    expect(errorResponses().length).toBeGreaterThan(40);
    for (const [operation, status, r] of errorResponses()) {
      const where = `${operation} ${status}`;
      // The site's listing page answers a browser's 404 as an HTML page, not an error body.
      if (r.content?.["text/html"]) continue;
      const codes = documentedCodes(r);
      expect(codes.length, where).toBeGreaterThan(0);
      for (const code of codes) expect(r.description, where).toContain(`\`${code}\``);
      expect(Object.keys(r.content?.["application/json"]?.examples ?? {}).sort(), where).toEqual(
        [...codes].sort(),
      );
    }
  });

  it("every documented code is in the catalog with the status it is documented under", () => {
    for (const [operation, status, r] of errorResponses())
      for (const code of documentedCodes(r)) {
        expect(Object.keys(ERROR_CATALOG), `${operation} ${status}`).toContain(code);
        expect(ERROR_STATUS[code as ErrorCode], `${operation} ${status} ${code}`).toBe(status);
      }
  });

  it("402 refusals are documented on paid routes (and the submission fee) only, each naming the payment refusals", () => {
    for (const [operation, status, r] of errorResponses()) {
      if (status !== 402) continue;
      const [method, path] = operation.split(" ") as [string, string];
      if (operation !== "post /v1/listings") expect(op(method, path).tags, operation).toContain("paid");
      expect(documentedCodes(r), operation).toEqual(expect.arrayContaining([...PAYMENT_REFUSALS]));
      // A listing route refuses an unknown id with listing_not_found; nothing else does.
      expect(documentedCodes(r).includes("listing_not_found"), operation).toBe(path.includes("{id}"));
    }
  });

  it("every code the catalog serves is documented: on an operation, or once for every operation", () => {
    const onOperations = new Set(errorResponses().flatMap(([, , r]) => documentedCodes(r)));
    for (const code of ANY_OPERATION_ERRORS) {
      expect(doc.info.description).toContain(`\`${code}\` (${ERROR_STATUS[code]})`);
    }
    const served = ERROR_CODES.filter((c) => !RESERVED_ERROR_CODES.includes(c));
    const undocumented = served.filter(
      (c) => !onOperations.has(c) && !(ANY_OPERATION_ERRORS as readonly string[]).includes(c),
    );
    expect(undocumented).toEqual([]);
    // Reserved codes are not served, so no operation may list them.
    expect(RESERVED_ERROR_CODES.filter((c) => onOperations.has(c))).toEqual([]);
  });

  it("the /docs header says each operation lists its codes and names the codes of every operation", async () => {
    const page = await (await t.req("GET", "/docs")).text();
    const header = page.slice(page.indexOf("<header>"), page.indexOf("</header>"));
    expect(header).toContain("each operation lists the codes it answers");
    for (const code of ANY_OPERATION_ERRORS) expect(header).toContain(code);
  });
});

describe("TOLLGATE_STRICT_ERROR_DOCS", () => {
  /** A tiny app under the strict check: GET /things/{id} documents only 404 not_found. */
  function tinyApp(raise: ApiError | PaidAnswer) {
    const app = newApp();
    const check = strictErrorDocs(
      () => app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }),
      createLogger("strict-test", "silent"),
    );
    app.use("*", async (c, next) => {
      c.set("errorDocs", check);
      await next();
    });
    app.onError((err, c) => errorResponse(err, c));
    app.openapi(
      createRoute({
        method: "get",
        path: "/things/{id}",
        request: { params: z.object({ id: z.string() }) },
        responses: {
          200: { description: "ok", content: { "application/json": { schema: z.object({}) } } },
          404: errorResponseSpec("No such thing", ["not_found"]),
        },
      }),
      (c) => {
        if (raise instanceof ApiError) throw raise;
        return respond(c, raise) as never;
      },
    );
    return app;
  }

  it("answers an undocumented code 500 naming the code and the operation", async () => {
    const res = await tinyApp(new ApiError("validation_failed", "bad")).request("/things/1");
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe("internal_error");
    expect(body.message).toContain("validation_failed");
    expect(body.message).toContain("get /things/{id}");
  });

  it("lets a documented code and a code every operation may answer through", async () => {
    const notFound = await tinyApp(new ApiError("not_found", "no such thing")).request("/things/1");
    expect(notFound.status).toBe(404);
    expect(((await notFound.json()) as { error: string }).error).toBe("not_found");
    const down = await tinyApp(new ApiError("service_unavailable", "db down")).request("/things/1");
    expect(down.status).toBe(503);
  });

  it("holds a paid answer's refusal (respond) to the same check", async () => {
    const res = await tinyApp({ status: 409, body: { error: "plan_in_progress", message: "open" } }).request(
      "/things/1",
    );
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).toContain("plan_in_progress");
  });

  it("exempts a request no operation answers (404 for an unknown path)", async () => {
    const res = await tinyApp(new ApiError("validation_failed", "bad")).request("/nowhere");
    expect(res.status).toBe(404);
  });

  it("checks the status too, and lets a facilitator's own reason through only on a 402 offer", () => {
    const docs = errorDocsOf({
      paths: {
        "/paid": {
          get: {
            responses: {
              402: {
                content: {
                  "application/json": { schema: { properties: { error: { enum: ["invalid_payment"] } } } },
                },
              },
            },
          },
        },
      },
    });
    expect(undocumentedError(docs, "get /paid", 402, "invalid_payment")).toBeNull();
    expect(undocumentedError(docs, "get /paid", 402, "settlement_failed")).toContain("settlement_failed");
    expect(undocumentedError(docs, "get /paid", 404, "invalid_payment")).toContain("catalog gives it 402");
    expect(undocumentedError(docs, "get /paid", 402, "insufficient_funds", { offer: true })).toBeNull();
    expect(undocumentedError(docs, "get /paid", 402, "insufficient_funds")).toContain("insufficient_funds");
    expect(undocumentedError(docs, "get /other", 404, "not_found")).toContain("not in /openapi.json");
  });

  it("is on for the test suites (vitest.config.ts), so every test's error answers are checked", () => {
    expect(process.env.TOLLGATE_STRICT_ERROR_DOCS).toBe("1");
  });
});
