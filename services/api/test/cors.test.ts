import type { serve } from "@hono/node-server";
import { type Chain, startChain } from "@tollgate/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chainPayments,
  markVerified,
  serveTestApi,
  startTestApi,
  type TestApi,
  validListing,
} from "./helpers.js";

// Pages and agents on other origins, over real HTTP: a preflight for the owner and payment headers is
// answered 204, every answer to a request with an Origin is readable by it, with the x402 headers exposed;
// a request without an Origin gets no CORS headers, and an OPTIONS that is no preflight is answered as before.
let chain: Chain;
let t: TestApi;
let base: string;
let server: ReturnType<typeof serve>;
let id: string;
let token: string;
const ORIGIN = { origin: "https://agent.example" };
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();

beforeAll(async () => {
  chain = await startChain();
  t = await startTestApi({ payments: chainPayments(chain) });
  ({ server, base } = await serveTestApi(t));
  const created = await (await t.req("POST", "/v1/listings", validListing())).json();
  id = created.id;
  token = created.claim_token;
  await markVerified(t.tdb.db, [id]);
});
afterAll(async () => {
  server.close();
  await t.tdb.drop();
  await chain.stop();
});

describe("CORS", () => {
  it("a preflight for an owner edit or a paid request is 204 allowing those methods and headers", async () => {
    for (const [path, method, headers] of [
      [`/v1/listings/${id}`, "PATCH", "content-type, x-claim-token"],
      [`/v1/listings/${id}/verdict`, "GET", "payment-signature"],
      ["/v1/listings", "POST", "content-type, payment-signature"],
      // A page instrumented with OpenTelemetry sends its trace context (W3C Trace Context, Baggage).
      ["/v1/discover?q=weather", "GET", "traceparent, tracestate, baggage"],
    ] as const) {
      const res = await fetch(`${base}${path}`, {
        method: "OPTIONS",
        headers: {
          ...ORIGIN,
          "access-control-request-method": method,
          "access-control-request-headers": headers,
        },
      });
      expect({ path, status: res.status }).toEqual({ path, status: 204 });
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-methods")).toContain(method);
      for (const h of headers.split(", "))
        expect(res.headers.get("access-control-allow-headers")).toContain(h);
      expect(await res.text()).toBe("");
    }
    // Nothing changed by the preflights.
    const detail = await json(await fetch(`${base}/v1/listings/${id}`));
    expect(detail.name).toBe(validListing().name);
  });

  it("answers to a request with an Origin are readable, the x402 and request-id headers exposed", async () => {
    const read = await fetch(`${base}/v1/listings/${id}`, { headers: ORIGIN });
    expect(read.status).toBe(200);
    expect(read.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = read.headers.get("access-control-expose-headers") ?? "";
    for (const h of ["payment-required", "payment-response", "x-request-id", "etag", "retry-after"])
      expect(exposed).toContain(h);
    // Also an error, an offer and a repeated (kept) discover answer.
    for (const path of [
      "/v1/listings/lst_00000000000000000000",
      `/v1/listings/${id}/verdict`,
      "/v1/discover?q=weather",
    ]) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${base}${path}`, { headers: ORIGIN });
        expect({ path, acao: res.headers.get("access-control-allow-origin") }).toEqual({ path, acao: "*" });
      }
    }
    const edit = await fetch(`${base}/v1/listings/${id}`, {
      method: "PATCH",
      headers: { ...ORIGIN, "content-type": "application/json", "x-claim-token": token },
      body: JSON.stringify({ description: "edited from a page on another origin" }),
    });
    expect(edit.status).toBe(200);
    expect(edit.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("no Origin, no CORS headers; an OPTIONS that is no preflight is not answered 204", async () => {
    const plain = await fetch(`${base}/v1/listings/${id}`);
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
    const options = await fetch(`${base}/v1/listings/${id}`, { method: "OPTIONS" });
    expect(options.status).not.toBe(204);
    expect(options.status).toBeLessThan(500);
    expect((await json(options)).error).toBeTruthy();
  });
});
