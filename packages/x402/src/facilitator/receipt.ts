import {
  type Hash,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
} from "viem";

/**
 * Wait for a settlement's receipt by asking for it: at once, then after 2, 4, 8 … ms, at most every
 * `maxIntervalMs`. viem's own wait watches the block number every polling interval and asks for the
 * transaction and its receipt on each new block (three calls a look): on a chain that mines within
 * milliseconds a settlement not mined at the very first look waited a whole interval. The backoff finds it
 * a few milliseconds after it is mined there, and settles at one look per interval on a chain with real
 * block times. A receipt that is not found yet keeps the wait going; any other error ends it (the
 * transport has retried it already), as does `timeout`.
 */
export async function waitForReceipt(
  client: Pick<PublicClient, "getTransactionReceipt">,
  args: { hash: Hash; timeout?: number },
  opts: { maxIntervalMs?: number; firstIntervalMs?: number } = {},
): Promise<TransactionReceipt> {
  const maxInterval = opts.maxIntervalMs ?? 100;
  const deadline = Date.now() + (args.timeout ?? 180_000);
  let interval = opts.firstIntervalMs ?? 2;
  for (;;) {
    try {
      return await client.getTransactionReceipt({ hash: args.hash });
    } catch (err) {
      if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
    }
    const left = deadline - Date.now();
    if (left <= 0) throw new WaitForTransactionReceiptTimeoutError({ hash: args.hash });
    await new Promise((r) => setTimeout(r, Math.min(interval, left)));
    interval = Math.min(interval * 2, maxInterval);
  }
}
