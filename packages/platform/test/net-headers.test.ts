import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RESPONSE_HEADER_BYTES } from "../src/net/client.js";
import { createSafeHttpClient, SafeFetchError, type SafeHttpClient } from "../src/net/index.js";

// A PAYMENT-REQUIRED header with many offers and discovery schemas runs past Node's default 16 KiB of
// response headers: the client reads up to MAX_RESPONSE_HEADER_BYTES, and refuses more as protocol_error.
let s: Server;
let port = 0;
let client: SafeHttpClient;
const headerOf = (bytes: number) => Buffer.alloc(bytes, "A").toString();

beforeAll(async () => {
  s = createServer((req, res) => {
    const size = Number(new URL(req.url ?? "/", "http://x").searchParams.get("size"));
    res.writeHead(402, { "content-type": "application/json", "payment-required": headerOf(size) });
    res.end("{}");
  });
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  port = (s.address() as AddressInfo).port;
  client = createSafeHttpClient({
    verifiedBy: "tollgate-test",
    allowHttp: true,
    timeoutMs: 3000,
    maxBodyBytes: 64 * 1024,
    allowance: { hosts: { "seller.test": "127.0.0.1" }, cidrs: [] },
  });
});
afterAll(async () => {
  await client.close();
  s.closeAllConnections();
  await new Promise<void>((r) => s.close(() => r()));
});

describe("large response headers", () => {
  it.each([20 * 1024, 48 * 1024])("a %i-byte PAYMENT-REQUIRED header is read whole", async (size) => {
    const res = await client.request(`http://seller.test:${port}/?size=${size}`);
    expect(res.status).toBe(402);
    expect(res.headers["payment-required"]).toHaveLength(size);
  });

  it("headers past the bound fail as protocol_error, not a hang or a crash", async () => {
    const err = await client
      .request(`http://seller.test:${port}/?size=${MAX_RESPONSE_HEADER_BYTES + 1024}`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SafeFetchError);
    expect((err as SafeFetchError).code).toBe("protocol_error");
  });
});
