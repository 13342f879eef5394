import {
  type Abi,
  BaseError,
  concat,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  keccak256,
  type LocalAccount,
  type PublicClient,
  RpcRequestError,
  type TransactionReceipt,
  type TransactionSerializable,
} from "viem";
import { sendRawTransactionSync } from "viem/actions";
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
/**
 * A broadcast the node took: its hash, and, when it was sent with eth_sendRawTransactionSync, the node's
 * answer with its receipt. That answer rejects with code 4 (EIP-7966) when the node did not include it in
 * time (then ask for the receipt), or with the node's refusal when it came after the queue moved on.
 */
export type Sent = { hash: Hex; receipt?: Promise<TransactionReceipt> };

/**
 * The code of the node's own JSON-RPC error answer among a viem error's causes; undefined when the node did
 * not answer (a transport failure or time-out: the outcome of a send is then unknown).
 */
export function rpcCode(err: unknown): number | undefined {
  const answer = err instanceof BaseError ? err.walk((e) => e instanceof RpcRequestError) : undefined;
  return answer instanceof RpcRequestError ? answer.code : undefined;
}
/**
 * The synchronous answer failed, but the node holds the transaction (a time-out of the node's own wait, as
 * anvil answers it with -32603, or of the transport): sent, not mined yet. Read like EIP-7966's code 4.
 */
export class NotMinedYet extends Error {
  constructor(
    readonly hash: Hex,
    override readonly cause: unknown,
  ) {
    super(`transaction ${hash} was sent and is not mined yet`);
  }
}

/** The node took the transaction and has not mined it yet (EIP-7966 code 4, or a failed wait for it). */
export const notMinedYet = (err: unknown) => err instanceof NotMinedYet || rpcCode(err) === 4;

/** The node does not know eth_sendRawTransactionSync (method not found / not supported). */
const noSyncMethod = (err: unknown) =>
  rpcCode(err) === -32601 ||
  rpcCode(err) === -32004 ||
  /method.*(not found|not supported|does not exist|not available)/i.test(String((err as Error)?.message));

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
  /**
   * The same node without JSON-RPC batching, for eth_sendRawTransactionSync: its answer waits for the
   * block, and a batch is answered whole, so calls batched with it would wait for that block too.
   */
  syncClient?: PublicClient;
  chainId: number;
  /** How long one look at the fees serves later sends. */
  feesForMs?: number;
  /** How long a synchronous send holds the queue at most before the next one goes out (50 ms). */
  holdMs?: number;
}) {
  const { account, client, chainId } = opts;
  const holdMs = opts.holdMs ?? 50;
  // Whether the node answers eth_sendRawTransactionSync: tried until it says it does not know the method.
  let sync = opts.syncClient !== undefined;
  let syncKnown = false;
  const methods = { sync: 0, raw: 0 };
  let next: number | null = null;
  let resyncDue = false;
  let tail: Promise<unknown> = Promise.resolve();
  const resync = async () => {
    next = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    return next;
  };

  /**
   * EIP-7966: the node answers with the receipt once the transaction is in a block, or at once with its
   * refusal. The queue waits for that answer, but at most `holdMs`: a node that mines on arrival (anvil)
   * answers within it, so the nonce order is kept exactly as with eth_sendRawTransaction; on a chain with
   * block times the refusal would have come by then, and the next send goes out without waiting a block.
   */
  async function sendSync(serializedTransaction: Hex, nonce: number): Promise<Sent> {
    let answered = false;
    const hash = keccak256(serializedTransaction);
    // No time-out is asked for (anvil 1.7.1 refuses the optional second parameter): the node's own applies.
    const receipt = sendRawTransactionSync(opts.syncClient as PublicClient, {
      serializedTransaction,
    })
      .catch(async (err) => {
        // A failed answer is a refusal only if the node does not hold the transaction: a time-out (the
        // node's wait, or the transport's) leaves it in the pool, where it may still be mined.
        if (rpcCode(err) === 4 || noSyncMethod(err)) throw err;
        const held = await client.getTransaction({ hash }).then(
          () => true,
          () => false,
        );
        throw held ? new NotMinedYet(hash, err) : err;
      })
      .finally(() => {
        answered = true;
      });
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Until the node has answered one, it is not known to have the method: the first waits for its answer.
    await Promise.race([
      receipt.catch(() => undefined),
      new Promise((r) => {
        if (syncKnown) timer = setTimeout(r, holdMs);
      }),
    ]);
    clearTimeout(timer);
    if (answered) await receipt.catch((err) => (notMinedYet(err) ? undefined : Promise.reject(err)));
    syncKnown ||= answered;
    next = nonce + 1;
    // A refusal after the queue moved on: the next send re-reads the nonce from the chain (and fills the gap
    // a refused nonce leaves, if later sends took the ones after it).
    receipt.catch((err) => {
      if (!notMinedYet(err)) resyncDue = true;
      if (noSyncMethod(err)) sync = false;
    });
    return { hash, receipt };
  }

  async function broadcast(tx: Omit<TransactionSerializable, "nonce" | "chainId">): Promise<Sent> {
    for (let attempt = 0; ; attempt++) {
      if (resyncDue) [resyncDue, next] = [false, null];
      const nonce = next ?? (await resync());
      try {
        const serializedTransaction = await account.signTransaction({
          ...tx,
          chainId,
          nonce,
        } as TransactionSerializable);
        if (sync) {
          try {
            const sent = await sendSync(serializedTransaction, nonce);
            methods.sync++;
            return sent;
          } catch (err) {
            if (!noSyncMethod(err)) throw err;
            sync = false;
          }
        }
        const hash = await client.sendRawTransaction({ serializedTransaction });
        methods.raw++;
        next = nonce + 1;
        return { hash };
      } catch (err) {
        next = null;
        if (attempt === 0 && NONCE_ERROR.test(String((err as Error)?.message ?? err))) continue;
        throw err;
      }
    }
  }

  /** Queue the broadcast behind earlier ones; a failure does not stop the ones queued behind it. */
  function queued(tx: Omit<TransactionSerializable, "nonce" | "chainId">): Promise<Sent> {
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

  async function send(req: RawSend): Promise<Sent> {
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
    /** The scheme's writes: the hash only (it asks for the receipt itself). */
    async writeContract(w: ContractWrite): Promise<Hex> {
      const call = encodeFunctionData({
        abi: w.abi as Abi,
        functionName: w.functionName,
        args: w.args,
      } as never);
      const data = w.dataSuffix ? concat([call, w.dataSuffix]) : call;
      return (await send({ to: w.address, data, gas: w.gas })).hash;
    },
    sendTransaction: async (req: RawSend): Promise<Hex> => (await send(req)).hash,
    /** A send, with the node's receipt when it answered eth_sendRawTransactionSync. */
    send,
    /** How many sends went out by each method. */
    methods,
  };
}
