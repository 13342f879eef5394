import { createServer, type Server } from "node:http";
import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRpcFetch } from "../src/facilitator/rpc-fetch.js";

// The facilitator's JSON-RPC fetch over node:http (src/facilitator/rpc-fetch.ts), against a local HTTP server
// that answers as a node would, through viem's own http transport.

let server: Server;
let url: string;
const seen: { body: string; length: string | undefined; type: string | undefined }[] = [];
let hold = false;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    seen.push({ body, length: req.headers["content-length"], type: req.headers["content-type"] });
    if (hold) return; // never answers
    const calls = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
    const answer = (c: { id: number; method: string }) =>
      c.method !== "eth_nothing"
        ? { jsonrpc: "2.0", id: c.id, result: "0x2105" }
        : { jsonrpc: "2.0", id: c.id, error: { code: -32601, message: `no ${c.method}` } };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("the facilitator's JSON-RPC fetch", () => {
  it("sends the whole body with its length and type, and gives viem the answer (single and batched)", async () => {
    const rpc = createRpcFetch();
    const one = createPublicClient({ transport: http(url, { fetchFn: rpc.fetchFn }) });
    expect(await one.getChainId()).toBe(8453);
    const batched = createPublicClient({ transport: http(url, { batch: true, fetchFn: rpc.fetchFn }) });
    seen.length = 0;
    const ask = (method: string) => batched.request({ method } as never) as Promise<string>;
    expect(await Promise.all([ask("eth_chainId"), ask("net_version")])).toEqual(["0x2105", "0x2105"]);
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body)).toHaveLength(2);
    expect(seen[0]!.length).toBe(String(Buffer.byteLength(seen[0]!.body)));
    expect(seen[0]!.type).toBe("application/json");
    rpc.close();
  });

  it("an RPC error reaches the caller as viem's error", async () => {
    const rpc = createRpcFetch();
    const client = createPublicClient({ transport: http(url, { fetchFn: rpc.fetchFn, retryCount: 0 }) });
    await expect(client.request({ method: "eth_nothing" } as never)).rejects.toThrow(/no eth_nothing/);
    rpc.close();
  });

  it("a node that does not answer is given up at the transport's timeout; an unreachable one fails", async () => {
    const rpc = createRpcFetch();
    hold = true;
    try {
      const client = createPublicClient({
        transport: http(url, { fetchFn: rpc.fetchFn, retryCount: 0, timeout: 200 }),
      });
      await expect(client.getChainId()).rejects.toThrow(/took too long|timed out|abort/i);
    } finally {
      hold = false;
    }
    const closed = createPublicClient({
      transport: http("http://127.0.0.1:1", { fetchFn: rpc.fetchFn, retryCount: 0 }),
    });
    await expect(closed.getChainId()).rejects.toThrow();
    rpc.close();
  });
});
