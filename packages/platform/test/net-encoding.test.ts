import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeHttpClient, SafeFetchError, type SafeHttpClient } from "../src/net/index.js";

// Sellers compress their answers whether or not the request asked for it: the client hands on the decoded
// body, and counts the cap in decoded bytes (a small compressed body must not expand past it).
const DOC = JSON.stringify({ x402Version: 1, accepts: [{ scheme: "exact", network: "base" }] });
const CAP = 64 * 1024;
let s: Server;
let port = 0;
let client: SafeHttpClient;

beforeAll(async () => {
  s = createServer((req, res) => {
    const enc = (coding: string, body: Buffer) => {
      res.writeHead(402, { "content-type": "application/json", "content-encoding": coding });
      res.end(body);
    };
    if (req.url === "/gzip") return enc("gzip", gzipSync(DOC));
    if (req.url === "/deflate") return enc("deflate", deflateSync(DOC));
    if (req.url === "/br") return enc("br", brotliCompressSync(DOC));
    if (req.url === "/bomb") return enc("gzip", gzipSync(Buffer.alloc(16 * 1024 * 1024, "a")));
    if (req.url === "/empty") return enc("gzip", Buffer.alloc(0));
    if (req.url === "/corrupt") return enc("gzip", Buffer.from("not gzip at all"));
    if (req.url === "/big") {
      res.writeHead(200, { "content-type": "text/plain" });
      return res.end(Buffer.alloc(CAP * 4, "b"));
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(DOC);
  });
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  port = (s.address() as AddressInfo).port;
  client = createSafeHttpClient({
    verifiedBy: "tollgate-test",
    allowHttp: true,
    timeoutMs: 3000,
    maxBodyBytes: CAP,
    allowance: { hosts: { "seller.test": "127.0.0.1" }, cidrs: [] },
  });
});
afterAll(async () => {
  await client.close();
  s.closeAllConnections();
  await new Promise<void>((r) => s.close(() => r()));
});

const at = (path: string) => `http://seller.test:${port}${path}`;

describe("compressed bodies", () => {
  it.each(["/gzip", "/deflate", "/br"])(
    "%s: the decoded body, without the encoding headers",
    async (path) => {
      const res = await client.request(at(path));
      expect(res.status).toBe(402);
      expect(res.text()).toBe(DOC);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers["content-length"]).toBeUndefined();
      expect(res.truncated).toBeUndefined();
    },
  );

  it("a body that expands past the cap fails as body_too_large, or is cut at the cap when asked", async () => {
    const err = await client.request(at("/bomb")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SafeFetchError);
    expect((err as SafeFetchError).code).toBe("body_too_large");
    const cut = await client.request(at("/bomb"), { oversizeBody: "truncate" });
    expect(cut.truncated).toBe(true);
    expect(cut.body.byteLength).toBe(CAP);
  });

  it("an uncompressed body past the cap: the same two answers", async () => {
    const err = await client.request(at("/big")).catch((e: unknown) => e);
    expect((err as SafeFetchError).code).toBe("body_too_large");
    const cut = await client.request(at("/big"), { oversizeBody: "truncate" });
    expect(cut).toMatchObject({ status: 200, truncated: true });
    expect(cut.body.byteLength).toBe(CAP);
  });

  it("an empty body labelled gzip is an empty body", async () => {
    const res = await client.request(at("/empty"));
    expect(res.status).toBe(402);
    expect(res.body.byteLength).toBe(0);
  });

  it("a body that is not what its encoding says fails as a protocol error", async () => {
    const err = await client.request(at("/corrupt")).catch((e: unknown) => e);
    expect((err as SafeFetchError).code).toBe("protocol_error");
  });
});
