import { createPublicClient, http, type PublicClient, parseAbi, parseAbiItem } from "viem";

/** What the chain says about one EIP-3009 authorization presented to us as payment. */
export type AuthorizationOutcome =
  /** Used, in a transaction that moved the amount from the payer to our payTo. */
  | { state: "settled"; txHash: string }
  /** Not used yet and still valid: it can settle now. */
  | { state: "unused" }
  /** Not used and past validBefore: it can never settle, so nothing was or will be taken. */
  | { state: "expired" }
  /** Used or cancelled without paying us (the payer cancelled it): nothing was taken by us. */
  | { state: "voided" }
  /** Used, but the transaction was not found within the look-back: left for a later look. */
  | { state: "unknown" };

export interface AuthorizationQuery {
  asset: string;
  payer: string;
  nonce: string;
  payTo: string;
  amountAtomic: string;
  validBefore: Date | null;
}

/** Reads settlement outcomes from the chain itself, never from a facilitator's word. */
export interface SettlementReader {
  check(q: AuthorizationQuery): Promise<AuthorizationOutcome>;
}

const TOKEN_ABI = parseAbi([
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
]);
const AUTHORIZATION_USED = parseAbiItem(
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
);
const AUTHORIZATION_CANCELED = parseAbiItem(
  "event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce)",
);
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

const topicAddress = (t: string | undefined) => (t ? `0x${t.slice(-40)}`.toLowerCase() : "");

/**
 * A reader over an RPC URL. `authorizationState` says whether the nonce was consumed; the
 * `AuthorizationUsed` log finds the transaction, whose receipt must carry the USDC transfer from the payer
 * to our payTo for the amount (a cancelled authorization is consumed without paying anyone). Logs are read
 * backwards in chunks, as public RPCs refuse wide ranges.
 */
export function createSettlementReader(
  rpcUrl: string,
  opts: { lookbackBlocks?: bigint; chunkBlocks?: bigint; clockSkewS?: number } = {},
): SettlementReader {
  const client = createPublicClient({
    transport: http(rpcUrl, { timeout: 10_000, retryCount: 2 }),
  }) as PublicClient;
  const lookback = opts.lookbackBlocks ?? 100_000n;
  const chunk = opts.chunkBlocks ?? 10_000n;
  const skewMs = (opts.clockSkewS ?? 120) * 1000;
  return {
    async check(q) {
      const asset = q.asset as `0x${string}`;
      const used = await client.readContract({
        address: asset,
        abi: TOKEN_ABI,
        functionName: "authorizationState",
        args: [q.payer as `0x${string}`, q.nonce as `0x${string}`],
      });
      if (!used) {
        const expired = q.validBefore !== null && Date.now() > q.validBefore.getTime() + skewMs;
        return { state: expired ? "expired" : "unused" };
      }
      // viem caches the head for its polling interval: a transfer mined a moment ago would fall outside the range.
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const floor = head > lookback ? head - lookback : 0n;
      for (let to = head; to >= floor; to -= chunk) {
        const from = to - chunk + 1n > floor ? to - chunk + 1n : floor;
        const range = {
          address: asset,
          args: { authorizer: q.payer as `0x${string}`, nonce: q.nonce as `0x${string}` },
          fromBlock: from,
          toBlock: to,
        };
        const [logs, cancelled] = await Promise.all([
          client.getLogs({ ...range, event: AUTHORIZATION_USED }),
          client.getLogs({ ...range, event: AUTHORIZATION_CANCELED }),
        ]);
        if (cancelled.length > 0) return { state: "voided" };
        for (const log of logs) {
          if (!log.transactionHash) continue;
          const receipt = await client.getTransactionReceipt({ hash: log.transactionHash });
          const paid = receipt.logs.some(
            (l) =>
              l.address.toLowerCase() === q.asset.toLowerCase() &&
              l.topics[0] === TRANSFER_TOPIC &&
              topicAddress(l.topics[1]) === q.payer.toLowerCase() &&
              topicAddress(l.topics[2]) === q.payTo.toLowerCase() &&
              BigInt(l.data) === BigInt(q.amountAtomic),
          );
          return paid ? { state: "settled", txHash: log.transactionHash } : { state: "voided" };
        }
        if (from === floor) break;
      }
      // Consumed, but neither used nor cancelled within reach: older than the look-back.
      return { state: "unknown" };
    },
  };
}
