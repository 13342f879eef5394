import {
  type Abi,
  concat,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  type LocalAccount,
  type PublicClient,
  type TransactionSerializable,
} from "viem";
import { recentReads } from "./recent.js";

/** What the facilitator scheme asks its signer to send (viem's writeContract / sendTransaction shapes). */
export type ContractWrite = {
  address: `0x${string}`;
  abi: Abi | readonly unknown[];
  functionName: string;
  args?: readonly unknown[];
  dataSuffix?: Hex;
  gas?: bigint;
};
export type RawSend = { to: `0x${string}`; data?: Hex; value?: bigint; gas?: bigint };

const NONCE_ERROR = /nonce|replacement transaction underpriced/i;

/**
 * Sends transactions from one wallet back to back, with the account nonce kept here instead of read from
 * the chain for every send. Gas and fees are worked out concurrently and before a nonce is taken, so a
 * transaction the node would refuse (an authorization already used, a revert) never takes one. Only the
 * signing and the broadcast hold the queue, never the wait for a receipt: the next send goes out as soon as
 * the node has accepted the previous one into its pool, so a refused broadcast cannot leave a gap behind
 * later nonces. Any refused broadcast re-reads the nonce from the chain (someone else sent from this
 * wallet, or the node dropped a transaction); a refusal about the nonce itself is retried once with it.
 */
export function createPipelinedSender(opts: {
  account: LocalAccount;
  client: PublicClient;
  chainId: number;
  /** How long one look at the fees serves later sends. */
  feesForMs?: number;
}) {
  const { account, client, chainId } = opts;
  let next: number | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  const resync = async () => {
    next = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    return next;
  };

  async function broadcast(tx: Omit<TransactionSerializable, "nonce" | "chainId">): Promise<Hex> {
    for (let attempt = 0; ; attempt++) {
      const nonce = next ?? (await resync());
      try {
        const serializedTransaction = await account.signTransaction({
          ...tx,
          chainId,
          nonce,
        } as TransactionSerializable);
        const hash = await client.sendRawTransaction({ serializedTransaction });
        next = nonce + 1;
        return hash;
      } catch (err) {
        next = null;
        if (attempt === 0 && NONCE_ERROR.test(String((err as Error)?.message ?? err))) continue;
        throw err;
      }
    }
  }

  /** Queue the broadcast behind earlier ones; a failure does not stop the ones queued behind it. */
  function queued(tx: Omit<TransactionSerializable, "nonce" | "chainId">): Promise<Hex> {
    const run = tail.then(
      () => broadcast(tx),
      () => broadcast(tx),
    );
    tail = run.catch(() => undefined);
    return run;
  }

  /**
   * EIP-1559 fees: the latest block's base fee × 2 plus the node's suggested priority fee, the block and the
   * priority fee asked for at once (over a batching transport, in the same request as a gas estimate). One
   * look serves every send for `feesForMs` (1 s): settlements at tens a second each read and formatted a
   * whole block for it. The max fee only caps what is paid (base fee + priority fee); twice the base fee
   * stays above it through several blocks of the steepest rise EIP-1559 allows (12.5 % a block), where viem's
   * own estimate (× 1.2) is meant for one send right after its look. A node without
   * eth_maxPriorityFeePerGas gets viem's own estimate.
   */
  async function readFees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    try {
      const [block, tip] = await Promise.all([
        client.getBlock({ blockTag: "latest" }),
        client.request({ method: "eth_maxPriorityFeePerGas" }),
      ]);
      if (typeof block.baseFeePerGas !== "bigint") throw new Error("no base fee");
      const maxPriorityFeePerGas = hexToBigInt(tip);
      return { maxFeePerGas: block.baseFeePerGas * 2n + maxPriorityFeePerGas, maxPriorityFeePerGas };
    } catch {
      return client.estimateFeesPerGas();
    }
  }
  const fees = recentReads(readFees, opts.feesForMs ?? 1_000);

  async function send(req: RawSend): Promise<Hex> {
    const base = { account: account.address, to: req.to, data: req.data, value: req.value };
    const [gas, fee] = await Promise.all([req.gas ?? client.estimateGas(base), fees("")]);
    return queued({
      type: "eip1559",
      to: req.to,
      data: req.data,
      value: req.value,
      gas,
      maxFeePerGas: fee.maxFeePerGas,
      maxPriorityFeePerGas: fee.maxPriorityFeePerGas,
    });
  }

  return {
    writeContract(w: ContractWrite): Promise<Hex> {
      const call = encodeFunctionData({
        abi: w.abi as Abi,
        functionName: w.functionName,
        args: w.args,
      } as never);
      return send({ to: w.address, data: w.dataSuffix ? concat([call, w.dataSuffix]) : call, gas: w.gas });
    },
    sendTransaction: send,
  };
}
