import { createPublicClient, http, type PublicClient, recoverMessageAddress } from "viem";

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const topicAddress = (t: string | undefined) => (t ? `0x${t.slice(-40)}`.toLowerCase() : "");

/** An ERC-20 Transfer log of a transaction, addresses lowercase. */
export interface TokenTransfer {
  asset: string;
  from: string;
  to: string;
  value: bigint;
}

export type TransactionProof =
  /** No receipt: unknown to the chain (or not mined yet). */
  { found: false } | { found: true; success: boolean; blockNumber: bigint; transfers: TokenTransfer[] };

/** Reads what a transaction did, from the chain itself (its receipt), never from an index. */
export interface TransactionProofReader {
  read(txHash: string): Promise<TransactionProof>;
}

export function createTransactionProofReader(rpcUrl: string): TransactionProofReader {
  const client = createPublicClient({
    transport: http(rpcUrl, { timeout: 10_000, retryCount: 2 }),
  }) as PublicClient;
  return {
    async read(txHash) {
      let receipt: Awaited<ReturnType<PublicClient["getTransactionReceipt"]>>;
      try {
        receipt = await client.getTransactionReceipt({ hash: txHash as `0x${string}` });
      } catch (err) {
        if ((err as { name?: string }).name === "TransactionReceiptNotFoundError") return { found: false };
        throw err;
      }
      return {
        found: true,
        success: receipt.status === "success",
        blockNumber: receipt.blockNumber,
        transfers: receipt.logs
          // An ERC-20 Transfer's data is its one 32-byte value; another contract's look-alike (empty data, an
          // ERC-721's indexed id) is not a transfer to read, and must not fail the whole receipt.
          .filter(
            (l) =>
              l.topics[0] === TRANSFER_TOPIC && l.topics.length === 3 && /^0x[0-9a-fA-F]{64}$/.test(l.data),
          )
          .map((l) => ({
            asset: l.address.toLowerCase(),
            from: topicAddress(l.topics[1]),
            to: topicAddress(l.topics[2]),
            value: BigInt(l.data),
          })),
      };
    },
  };
}

/** The address that made an EIP-191 personal_sign `signature` over `message`; null for a malformed one. */
export async function recoverSigner(message: string, signature: string): Promise<string | null> {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return null;
  try {
    return (await recoverMessageAddress({ message, signature: signature as `0x${string}` })).toLowerCase();
  } catch {
    return null;
  }
}

/** Base mainnet: the only chain Tollgate reads payments on and pays on. */
export const BASE_CHAIN_ID = 8453;

/**
 * At start, every configured chain RPC must serve Base: one pointed at another chain by mistake would prove
 * that chain's transfers as payments (and pay there). An RPC that does not answer is let through with a
 * warning (an outage is not a misconfiguration; its requests fail later and are retried); one that answers
 * another chain id stops the start.
 */
export async function requireBaseRpc(
  rpcs: Record<string, string | undefined>,
  log: { warn(o: object, msg: string): void },
  timeoutMs = 5000,
): Promise<void> {
  for (const [name, url] of Object.entries(rpcs)) {
    if (!url) continue;
    let id: number;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const { result } = (await res.json()) as { result?: unknown };
      if (typeof result !== "string") throw new Error(`no chain id in the answer (HTTP ${res.status})`);
      id = Number(BigInt(result));
    } catch (err) {
      log.warn({ err: String(err), rpc: name }, "chain RPC did not say its chain id at start; going on");
      continue;
    }
    if (id !== BASE_CHAIN_ID)
      throw new Error(`${name} serves chain ${id}; Tollgate reads and pays on Base (chain ${BASE_CHAIN_ID})`);
  }
}
