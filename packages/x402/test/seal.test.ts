import type { PaymentPayload } from "@x402/core/types";
import { describe, expect, it } from "vitest";
import { fingerprints, samePaidRequest } from "../src/sell/seal.js";

const payload = {
  x402Version: 2,
  accepted: { scheme: "exact", network: "eip155:8453", amount: "5000" },
  payload: { signature: "0x01", authorization: { nonce: "0x02" } },
} as unknown as PaymentPayload;
const keysOf = (url: string, body?: string, method = "POST") => fingerprints({ url, method, body }, payload);
const base = "https://api.example/v1/listings";

describe("a paid request's identity", () => {
  it("is the request as its handler reads it: JSON re-serialised and query reordered are the same request", () => {
    const one = keysOf(`${base}?b=2&a=1&a=0`, '{"name":"x","tags":["a","b"],"price":1}');
    const same = [
      keysOf(`${base}?a=1&a=0&b=2`, '{ "price": 1.0, "tags": [ "a", "b" ], "name": "x" }'),
      keysOf(`${base}?a=1&b=%32&a=0`, '{"price":1,"name":"\\u0078","tags":["a","b"]}'),
      keysOf(`https://site.example/v1/listings?b=2&a=1&a=0`, '\n{"name":"x","tags":["a","b"],"price":1}\n'),
    ];
    for (const k of same) expect(k.requestSha256).toBe(one.requestSha256);
  });

  it("differs for another body, another order within one parameter's values, another path or method", () => {
    const one = keysOf(`${base}?a=1&a=0`, '{"name":"x","tags":["a","b"]}');
    const other = [
      keysOf(`${base}?a=1&a=0`, '{"name":"y","tags":["a","b"]}'),
      keysOf(`${base}?a=1&a=0`, '{"name":"x","tags":["b","a"]}'),
      keysOf(`${base}?a=0&a=1`, '{"name":"x","tags":["a","b"]}'),
      keysOf(`${base}/x?a=1&a=0`, '{"name":"x","tags":["a","b"]}'),
      keysOf(`${base}?a=1&a=0`, '{"name":"x","tags":["a","b"]}', "PUT"),
      keysOf(`${base}?a=1&a=0`, "not json"),
    ];
    for (const k of other) expect(k.requestSha256).not.toBe(one.requestSha256);
  });

  it("a body that is not JSON is its bytes", () => {
    expect(keysOf(base, "a b").requestSha256).not.toBe(keysOf(base, "a  b").requestSha256);
  });

  it("a payment kept under the first form (raw body, query as sent) is still matched by the exact same request only", () => {
    const body = '{ "name": "x" }';
    const keys = keysOf(`${base}?b=1&a=2`, body);
    const row = { payload_sha256: keys.payloadSha256, request_sha256: keys.legacyRequestSha256 };
    expect(samePaidRequest(row, keys)).toBe(true);
    expect(samePaidRequest(row, keysOf(`${base}?a=2&b=1`, '{"name":"x"}'))).toBe(false);
    expect(
      samePaidRequest(
        { ...row, request_sha256: keys.requestSha256 },
        keysOf(`${base}?a=2&b=1`, '{"name":"x"}'),
      ),
    ).toBe(true);
    expect(samePaidRequest({ ...row, payload_sha256: "0".repeat(64) }, keys)).toBe(false);
  });
});
