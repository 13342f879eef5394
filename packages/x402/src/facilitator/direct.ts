import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import {
  encodeFunctionData,
  type Hex,
  isAddressEqual,
  type Log,
  type PublicClient,
  parseEventLogs,
  parseSignature,
} from "viem";
import { waitForReceipt } from "./receipt.js";
import { notMinedYet, type RawSend, rpcCode, type Sent } from "./sender.js";

// The exact scheme's reason codes (@x402/evm), so that a refusal reads the same whichever path settled it.
const NONCE_USED = "invalid_exact_evm_nonce_already_used";
const TX_FAILED = "invalid_exact_evm_transaction_failed";
const TRANSFER_MISMATCH = "invalid_exact_evm_transfer_event_mismatch";
const VALID_BEFORE = "invalid_exact_evm_payload_authorization_valid_before";
const VALID_AFTER = "invalid_exact_evm_payload_authorization_valid_after";
const BALANCE = "invalid_exact_evm_insufficient_balance";
const SIGNATURE = "invalid_exact_evm_signature";
/**
 * Sent, and not mined within the confirmation wait: the authorization stays unused on chain only until the
 * transaction is mined, so this refusal is never a failure (the seller decides it as indeterminate).
 */
export const SETTLEMENT_PENDING = "settlement_pending";
const PENDING = SETTLEMENT_PENDING;

/** transferWithAuthorization, (v, r, s) form, and the ERC-20 Transfer event. */
export const TOKEN_ABI = [
  {
    type: "function",
    name: "transferWithAuthorization",
    stateMutability: "nonpayable",
    inputs: [
      { name: "from", type: "address" },
      { name: "to", type: "address" },
      { name: "value", type: "uint256" },
      { name: "validAfter", type: "uint256" },
      { name: "validBefore", type: "uint256" },
      { name: "nonce", type: "bytes32" },
      { name: "v", type: "uint8" },
      { name: "r", type: "bytes32" },
      { name: "s", type: "bytes32" },
    ],
    outputs: [],
  },
  {
    type: "event",
    name: "Transfer",
    inputs: [
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "value", type: "uint256", indexed: false },
    ],
  },
] as const;

/** A signed EIP-3009 TransferWithAuthorization as an x402 exact payload carries it. */
export interface SignedAuthorization {
  authorization: {
    from: `0x${string}`;
    to: `0x${string}`;
    value: string;
    validAfter: string;
    validBefore: string;
    nonce: Hex;
  };
  signature: Hex;
}

/** transferWithAuthorization (v, r, s form) arguments for `signed`, as a relayer sends them. */
export function transferWithAuthorizationArgs(signed: SignedAuthorization) {
  const a = signed.authorization;
  const sig = parseSignature(signed.signature);
  return [
    a.from,
    a.to,
    BigInt(a.value),
    BigInt(a.validAfter),
    BigInt(a.validBefore),
    a.nonce,
    Number(sig.v ?? BigInt(sig.yParity) + 27n),
    sig.r,
    sig.s,
  ] as const;
}

/** An x402 v2 exact EIP-3009 payload signed by a plain key (65-byte signature), or null. */
export function eoaAuthorization(
  payload: PaymentPayload,
  req: PaymentRequirements,
): SignedAuthorization | null {
  if (payload.x402Version !== 2 || req.scheme !== "exact") return null;
  const p = payload.payload as Partial<SignedAuthorization> | undefined;
  const a = p?.authorization;
  if (!a || typeof p.signature !== "string" || !/^0x[0-9a-fA-F]{130}$/.test(p.signature)) return null;
  for (const k of ["from", "to"] as const) if (!/^0x[0-9a-fA-F]{40}$/.test(String(a[k]))) return null;
  if (!/^0x[0-9a-fA-F]{64}$/.test(String(a.nonce))) return null;
  for (const k of ["value", "validAfter", "validBefore"] as const)
    if (!/^[0-9]{1,78}$/.test(String(a[k]))) return null;
  return p as SignedAuthorization;
}

/** The same refusal codes the scheme gives for a transaction the node refuses (estimate or broadcast). */
function reasonOf(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  if (/authorization.*(expired|valid before)|AuthorizationExpired/i.test(msg)) return VALID_BEFORE;
  if (/authorization.*not.*valid|AuthorizationNotYetValid/i.test(msg)) return VALID_AFTER;
  if (/authorization.*used|AuthorizationAlreadyUsed|AuthorizationUsedOrCanceled/i.test(msg))
    return NONCE_USED;
  if (/transfer.*exceeds.*balance|insufficient.*balance|ERC20InsufficientBalance/i.test(msg)) return BALANCE;
  if (/invalid.*signature|SignerMismatch|InvalidSignatureV|InvalidSignatureS/i.test(msg)) return SIGNATURE;
  return TX_FAILED;
}

/**
 * Settles, without verifying a second time, the EIP-3009 payments this facilitator has itself just
 * verified: the scheme's own settle checks the whole payment again (the payer's code, the EIP-712 hash and
 * the secp256k1 recovery of the signature) before it sends. Here a payment that verified — exactly this
 * payload for exactly these requirements, signed by a plain key (65 bytes) from an address without code —
 * is sent as `transferWithAuthorization(…, v, r, s)` at once. Nothing is taken on trust that could move
 * money wrongly: the token checks the signature, the nonce, the validity window and the balance again when
 * the transaction runs, and the settlement counts only if its receipt carries the Transfer of the amount
 * from the payer to payTo on the asset. An authorization this facilitator is settling, or has settled, is
 * refused without sending. Everything else (smart-wallet signatures, ERC-6492, Permit2, v1 payloads, a
 * payment not verified here) goes to the scheme's settle.
 */
export function createDirectSettler(opts: {
  client: Pick<PublicClient, "getTransactionReceipt">;
  send: (req: RawSend) => Promise<Sent>;
  /** The payer's code (shared reads): only an address without code is settled here. */
  codeAt: (address: string) => Promise<Hex | undefined>;
  confirmationTimeoutMs: number;
  /** How long a verification stands for a settlement (the seller settles within a request). */
  verifiedForMs?: number;
}) {
  const verifiedForMs = opts.verifiedForMs ?? 120_000;
  // signature → the exact verified payload and requirements, and until when
  const verified = new Map<string, { identity: string; until: number }>();
  // `${payer}:${nonce}` of authorizations being settled, and of those settled (until their validBefore)
  const inFlight = new Set<string>();
  const settled = new Map<string, number>();
  const counts = { direct: 0, scheme: 0 };

  const identity = (payload: PaymentPayload, req: PaymentRequirements) =>
    JSON.stringify([payload.x402Version, payload.accepted, payload.payload, req]);

  // Expired entries are dropped at most every 10 s, and only once there are many.
  let prunedAt = 0;
  const prune = (now: number) => {
    if (now - prunedAt < 10_000 || verified.size + settled.size < 1000) return;
    prunedAt = now;
    for (const [k, e] of verified) if (e.until <= now) verified.delete(k);
    for (const [k, until] of settled) if (until <= now) settled.delete(k);
  };

  return {
    counts,
    /** After the scheme's verify said valid: keep that this exact payment may be settled directly. */
    async verifiedOk(payload: PaymentPayload, req: PaymentRequirements): Promise<void> {
      const p = eoaAuthorization(payload, req);
      if (!p) return;
      const code = await opts.codeAt(p.authorization.from.toLowerCase()).catch(() => "error");
      if (code !== undefined && code !== "0x") return;
      const now = Date.now();
      prune(now);
      verified.set(p.signature.toLowerCase(), {
        identity: identity(payload, req),
        until: now + verifiedForMs,
      });
    },

    /** Whether this settlement is this path's: verified here, unchanged since, not expired. */
    claims(payload: PaymentPayload, req: PaymentRequirements): boolean {
      const p = eoaAuthorization(payload, req);
      if (!p) return false;
      const kept = verified.get(p.signature.toLowerCase());
      return !!kept && kept.until > Date.now() && kept.identity === identity(payload, req);
    },

    async settle(payload: PaymentPayload, req: PaymentRequirements): Promise<SettleResponse> {
      const p = eoaAuthorization(payload, req) as SignedAuthorization;
      const a = p.authorization;
      const network = payload.accepted.network;
      const payer = a.from;
      const refused = (errorReason: string, transaction = "", errorMessage?: string): SettleResponse => ({
        success: false,
        errorReason: errorReason as SettleResponse["errorReason"],
        ...(errorMessage ? { errorMessage: errorMessage.slice(0, 500) } : {}),
        transaction,
        network,
        payer,
      });
      const key = `${a.from.toLowerCase()}:${a.nonce.toLowerCase()}`;
      const now = Date.now();
      prune(now);
      if (inFlight.has(key) || (settled.get(key) ?? 0) > now) return refused(NONCE_USED);
      // The window as the scheme checks it at settle time (the token checks it again against block time).
      const secs = BigInt(Math.floor(now / 1000));
      if (BigInt(a.validBefore) < secs + 6n) return refused(VALID_BEFORE);
      if (BigInt(a.validAfter) > secs) return refused(VALID_AFTER);
      counts.direct++;
      inFlight.add(key);
      try {
        const data = encodeFunctionData({
          abi: TOKEN_ABI,
          functionName: "transferWithAuthorization",
          args: transferWithAuthorizationArgs(p),
        });
        let sent: Sent;
        try {
          // Gas is estimated first: an authorization the token would refuse is refused here, sending nothing.
          sent = await opts.send({ to: req.asset as `0x${string}`, data });
        } catch (err) {
          return refused(reasonOf(err), "", String((err as Error)?.message ?? err));
        }
        const hash = sent.hash;
        let receipt: Awaited<ReturnType<PublicClient["getTransactionReceipt"]>> | undefined;
        if (sent.receipt) {
          // The node's own answer (eth_sendRawTransactionSync); code 4 (not in a block yet) or none: ask below.
          try {
            receipt = await sent.receipt;
          } catch (err) {
            // The node's refusal came after the queue moved on: not sent. Held by the node but not mined
            // yet, or no answer at all: outcome unknown, asked below.
            const code = rpcCode(err);
            if (!notMinedYet(err) && code !== undefined)
              return refused(reasonOf(err), "", String((err as Error)?.message ?? err));
          }
        }
        try {
          receipt ??= await waitForReceipt(opts.client, { hash, timeout: opts.confirmationTimeoutMs });
        } catch (err) {
          // Sent, outcome unknown: the caller decides it from the chain.
          return refused(PENDING, hash, String((err as Error)?.message ?? err));
        }
        if (receipt.status !== "success") return refused(TX_FAILED, hash);
        if (!transferred(receipt.logs, req.asset, a.from, a.to, BigInt(a.value)))
          return refused(TRANSFER_MISMATCH, hash);
        settled.set(key, Math.min(Number(a.validBefore) * 1000, now + 86_400_000) + 60_000);
        return { success: true, transaction: hash, network, payer };
      } finally {
        // One settlement per verification: a later attempt goes through the scheme's settle.
        verified.delete(p.signature.toLowerCase());
        inFlight.delete(key);
      }
    },
  };
}

/** Whether the logs hold the asset's Transfer of `value` from `from` to `to`. */
export function transferred(logs: Log[], asset: string, from: string, to: string, value: bigint): boolean {
  const ours = logs.filter((l) => isAddressEqual(l.address, asset as `0x${string}`));
  return parseEventLogs({ abi: TOKEN_ABI, eventName: "Transfer", logs: ours }).some(
    (l) =>
      isAddressEqual(l.args.from, from as `0x${string}`) &&
      isAddressEqual(l.args.to, to as `0x${string}`) &&
      l.args.value === value,
  );
}
