import {
  encodeFunctionData,
  type Hex,
  isAddressEqual,
  type Log,
  type PublicClient,
  parseAbi,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import { PENDING, reasonOf, TOKEN_ABI, TRANSFER_MISMATCH, TX_FAILED } from "./reasons.js";
import { waitForReceipt } from "./receipt.js";
import { type RawSend, rpcCode, type Sent } from "./sender.js";

/** Multicall3 at its canonical address (on Base, and placed there on the local chain). */
export const MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11" as const;

const MULTICALL3_ABI = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
]);
const AUTHORIZATION_USED_ABI = parseAbi([
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
]);

/** One EIP-3009 transfer to settle: who pays whom how much with which nonce, and its call data. */
export interface SettlementItem {
  asset: `0x${string}`;
  from: `0x${string}`;
  to: `0x${string}`;
  value: bigint;
  nonce: Hex;
  /** transferWithAuthorization(…) on `asset`, already simulated by this facilitator's verify. */
  data: Hex;
}

/** How one item ended: paid in `transaction`, or refused (with the transaction it rode in, if any). */
export type ItemOutcome =
  | { success: true; transaction: Hex }
  | { success: false; errorReason: string; transaction: string; errorMessage?: string };

/**
 * The items that this receipt shows paid, by the token's own events: an `AuthorizationUsed(from, nonce)` of the
 * asset for that item's payer and nonce, and a Transfer(from, to, value) of the asset, neither claimed by an
 * earlier item of the batch (the same authorization twice in a batch is paid once). The transaction's status
 * says nothing about an item: Multicall3's aggregate3 with allowFailure succeeds when an inner call reverts.
 */
export function paidItems(logs: Log[], items: readonly SettlementItem[]): boolean[] {
  return decide(logs, items).map((d) => d === "paid");
}

/** Per item: paid; its authorization used here without its transfer; or no AuthorizationUsed of its own. */
function decide(logs: Log[], items: readonly SettlementItem[]): ("paid" | "mismatch" | "absent")[] {
  const used = parseEventLogs({ abi: AUTHORIZATION_USED_ABI, eventName: "AuthorizationUsed", logs });
  const transfers = parseEventLogs({ abi: TOKEN_ABI, eventName: "Transfer", logs });
  const usedTaken = new Set<number>();
  const transferTaken = new Set<number>();
  return items.map((it) => {
    const u = used.findIndex(
      (l, k) =>
        !usedTaken.has(k) &&
        isAddressEqual(l.address, it.asset) &&
        isAddressEqual(l.args.authorizer, it.from) &&
        l.args.nonce.toLowerCase() === it.nonce.toLowerCase(),
    );
    if (u < 0) return "absent";
    usedTaken.add(u);
    const t = transfers.findIndex(
      (l, k) =>
        !transferTaken.has(k) &&
        isAddressEqual(l.address, it.asset) &&
        isAddressEqual(l.args.from, it.from) &&
        isAddressEqual(l.args.to, it.to) &&
        l.args.value === it.value,
    );
    if (t < 0) return "mismatch";
    transferTaken.add(t);
    return "paid";
  });
}

/**
 * Settles EIP-3009 transfers in batches: the settlements that arrive while a batch is in flight (or in the same
 * tick) go out together as ONE transaction, Multicall3 `aggregate3` with `allowFailure: true` and one call per
 * transfer. One signing, one send and one block for N payments; no gas estimate (each item was simulated by
 * verify moments before): the gas limit is `gasPerItem` per item. A lone settlement goes as a batch of one.
 * Each item is decided from the receipt's logs (`paidItems`), never from the transaction's status. An item
 * that failed inside (its authorization used meanwhile, also by an item of the same batch; the payer drained
 * after verify) cost only its own gas and is refused, with the reason the token gives when it is simulated
 * again. A batch the node refused is refused whole; one sent whose outcome is unknown is `settlement_pending`
 * for every item, with the batch's hash, for the caller to decide from the chain. Every item paid in a batch
 * shares its transaction hash; what ties a payment to it on-chain is its own AuthorizationUsed and Transfer
 * logs.
 */
export function createBatchSettler(opts: {
  client: Pick<PublicClient, "getTransactionReceipt" | "request">;
  send: (req: RawSend) => Promise<Sent>;
  confirmationTimeoutMs: number;
  /** Code at an address (shared reads): whether Multicall3 is there. */
  codeAt: (address: string) => Promise<Hex | undefined>;
  multicall3?: `0x${string}`;
  /** Gas limit per item (a transferWithAuthorization uses ~60–90k). */
  gasPerItem?: bigint;
  /** Most items in one transaction. */
  maxItems?: number;
}) {
  const multicall3 = opts.multicall3 ?? MULTICALL3;
  const gasPerItem = opts.gasPerItem ?? 150_000n;
  const maxItems = opts.maxItems ?? 50;
  const pending: { item: SettlementItem; resolve: (o: ItemOutcome) => void }[] = [];
  let inFlight = false;
  let scheduled = false;
  const stats = { batches: 0, items: 0 };

  const kick = () => {
    if (inFlight || scheduled || pending.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (inFlight || pending.length === 0) return;
      inFlight = true;
      const batch = pending.splice(0, maxItems);
      run(batch.map((p) => p.item))
        .catch((err): ItemOutcome[] =>
          // Not reached by design (run answers every item); if it is, the outcome is unknown.
          batch.map(() => ({
            success: false,
            errorReason: PENDING,
            transaction: "",
            errorMessage: msg(err),
          })),
        )
        .then((outcomes) => {
          for (const [i, p] of batch.entries()) p.resolve(outcomes[i] as ItemOutcome);
        })
        .finally(() => {
          inFlight = false;
          kick();
        });
    });
  };

  /** Why an item that is not paid in the receipt failed: the token's answer to it now. */
  async function reasonNow(it: SettlementItem): Promise<string> {
    try {
      await opts.client.request({ method: "eth_call", params: [{ to: it.asset, data: it.data }, "latest"] });
      return TX_FAILED;
    } catch (err) {
      return reasonOf(err);
    }
  }

  // Whether Multicall3 has code on this chain (asked once); without it each item goes as its own
  // transferWithAuthorization, its gas estimated first, as before batching.
  let batching: Promise<boolean> | undefined;
  const hasMulticall = () => {
    batching ??= opts.codeAt(multicall3).then(
      (code) => code !== undefined && code !== "0x",
      () => {
        batching = undefined;
        return false;
      },
    );
    return batching;
  };

  async function run(batch: SettlementItem[]): Promise<ItemOutcome[]> {
    if (await hasMulticall()) {
      stats.batches++;
      stats.items += batch.length;
      const data = encodeFunctionData({
        abi: MULTICALL3_ABI,
        functionName: "aggregate3",
        args: [batch.map((it) => ({ target: it.asset, allowFailure: true, callData: it.data }))],
      });
      return sendAndDecide(batch, { to: multicall3, data, gas: 40_000n + gasPerItem * BigInt(batch.length) });
    }
    return Promise.all(
      batch.map(async (it) => (await sendAndDecide([it], { to: it.asset, data: it.data }))[0]!),
    );
  }

  async function sendAndDecide(items: SettlementItem[], tx: RawSend): Promise<ItemOutcome[]> {
    const all = (o: ItemOutcome) => items.map(() => o);
    let sent: Sent;
    try {
      sent = await opts.send(tx);
    } catch (err) {
      return all({ success: false, errorReason: reasonOf(err), transaction: "", errorMessage: msg(err) });
    }
    const hash = sent.hash;
    let receipt: TransactionReceipt | undefined;
    if (sent.receipt) {
      // The node's own answer (eth_sendRawTransactionSync); code 4 (not in a block yet) or none: ask below.
      try {
        receipt = await sent.receipt;
      } catch (err) {
        // The node's refusal came after the queue moved on: not sent. No answer at all: outcome unknown.
        const code = rpcCode(err);
        if (code !== undefined && code !== 4)
          return all({ success: false, errorReason: reasonOf(err), transaction: "", errorMessage: msg(err) });
      }
    }
    try {
      receipt ??= await waitForReceipt(opts.client, { hash, timeout: opts.confirmationTimeoutMs });
    } catch (err) {
      // Sent, outcome unknown: the caller decides each item from the chain (its AuthorizationUsed log).
      return all({ success: false, errorReason: PENDING, transaction: hash, errorMessage: msg(err) });
    }
    // Reverted whole (out of gas, say): no inner call took effect.
    if (receipt.status !== "success")
      return all({ success: false, errorReason: TX_FAILED, transaction: hash });
    const decided = decide(receipt.logs, items);
    return Promise.all(
      items.map(async (it, i): Promise<ItemOutcome> => {
        if (decided[i] === "paid") return { success: true, transaction: hash };
        // Its authorization used here without the signed transfer: not a transfer this payment asked for.
        if (decided[i] === "mismatch")
          return { success: false, errorReason: TRANSFER_MISMATCH, transaction: hash };
        return { success: false, errorReason: await reasonNow(it), transaction: hash };
      }),
    );
  }

  return {
    /** Settle one transfer in the next batch; resolves with its own outcome. */
    settle(item: SettlementItem): Promise<ItemOutcome> {
      return new Promise((resolve) => {
        pending.push({ item, resolve });
        kick();
      });
    },
    /** How many batches were sent and how many items they carried. */
    stats,
  };
}

const msg = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 500);
