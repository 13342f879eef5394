import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Db } from "@tollgate/db";
import { type Chain, USDC_ABI } from "@tollgate/devnet";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** A listing row the index follows (what the prober would have written after a probe). */
export async function insertListing(db: Db, payTo: string, status = "verified"): Promise<string> {
  const id = `lst_${randomBytes(10).toString("hex")}`;
  const host = `${id}.example.com`;
  await db
    .insertInto("listings")
    .values({
      id,
      name: `seller ${id}`,
      description: "a paid test endpoint",
      endpoint_url: `https://${host}/v1/paid`,
      endpoint_canonical: `https://${host}/v1/paid`,
      host,
      registered_domain: "example.com",
      category: "data.weather",
      price_amount: 0.01,
      status,
      obs_pay_to: payTo,
    })
    .execute();
  return id;
}

/** A plain ERC-20 transfer (not x402) from a devnet wallet. */
export async function plainTransfer(chain: Chain, fromKey: `0x${string}`, to: `0x${string}`, atomic: bigint) {
  const wallet = createWalletClient({
    chain: chain.viemChain,
    transport: http(chain.rpcUrl),
    account: privateKeyToAccount(fromKey),
  });
  const hash = await wallet.writeContract({
    address: chain.usdc,
    abi: USDC_ABI,
    functionName: "transfer",
    args: [to, atomic],
  });
  await chain.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

export async function rpcCall<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result as T;
}

/**
 * A loopback JSON-RPC proxy in front of anvil that behaves like a public RPC: it refuses eth_getLogs over
 * more than `maxRange` blocks (code -32005, as providers do) and fails the next `failNext` calls with 503.
 */
export async function startFlakyRpc(upstream: string, opts: { maxRange: number }) {
  const control: {
    maxRange: number;
    failNext: number;
    refused: number;
    failed: number;
    getLogs: number;
    delayMs: number;
    /**
     * Called around each eth_getLogs this proxy forwards ("before" it asks anvil, "after" it has the answer
     * and before it returns it): a test changes the chain there, e.g. a reorg in the middle of a read.
     */
    onGetLogs?: (
      range: { from: number; to: number },
      phase: "before" | "after",
      logs?: { blockNumber: string; data: string }[],
    ) => Promise<void>;
  } = { maxRange: opts.maxRange, failNext: 0, refused: 0, failed: 0, getLogs: 0, delayMs: 0 };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    if (control.delayMs > 0) await new Promise((r) => setTimeout(r, control.delayMs));
    if (control.failNext > 0) {
      control.failNext--;
      control.failed++;
      res.writeHead(503, { "content-type": "text/plain" }).end("upstream unavailable");
      return;
    }
    const msg = JSON.parse(body) as {
      id: number;
      method: string;
      params: { fromBlock: string; toBlock: string }[];
    };
    if (msg.method === "eth_getLogs") {
      control.getLogs++;
      const p = msg.params[0]!;
      const span = Number(BigInt(p.toBlock)) - Number(BigInt(p.fromBlock)) + 1;
      if (span > control.maxRange) {
        control.refused++;
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            jsonrpc: "2.0",
            id: msg.id,
            error: { code: -32005, message: `query exceeds max block range ${control.maxRange}` },
          }),
        );
        return;
      }
    }
    const range =
      msg.method === "eth_getLogs"
        ? { from: Number(BigInt(msg.params[0]!.fromBlock)), to: Number(BigInt(msg.params[0]!.toBlock)) }
        : null;
    if (range) await control.onGetLogs?.(range, "before");
    const up = await fetch(upstream, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const text = await up.text();
    if (range) await control.onGetLogs?.(range, "after", (JSON.parse(text) as { result?: [] }).result ?? []);
    res.writeHead(up.status, { "content-type": "application/json" }).end(text);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    control,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Poll until `fn` returns a truthy value (the indexer runs on its own timers). */
export async function until<T>(
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting for the indexer");
    await new Promise((r) => setTimeout(r, 100));
  }
}
