// The exact scheme's reason codes (@x402/evm), so that a refusal reads the same whichever path settled it.
export const NONCE_USED = "invalid_exact_evm_nonce_already_used";
export const TX_FAILED = "invalid_exact_evm_transaction_failed";
export const TRANSFER_MISMATCH = "invalid_exact_evm_transfer_event_mismatch";
export const VALID_BEFORE = "invalid_exact_evm_payload_authorization_valid_before";
export const VALID_AFTER = "invalid_exact_evm_payload_authorization_valid_after";
export const BALANCE = "invalid_exact_evm_insufficient_balance";
export const SIGNATURE = "invalid_exact_evm_signature";
export const PENDING = "settlement_pending";

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

/** The same refusal codes the scheme gives for a transaction the node refuses (estimate or broadcast). */
export function reasonOf(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  if (/authorization.*(expired|valid before)|AuthorizationExpired/i.test(msg)) return VALID_BEFORE;
  if (/authorization.*not.*valid|AuthorizationNotYetValid/i.test(msg)) return VALID_AFTER;
  if (/authorization.*used|AuthorizationAlreadyUsed|AuthorizationUsedOrCanceled/i.test(msg))
    return NONCE_USED;
  if (/transfer.*exceeds.*balance|insufficient.*balance|ERC20InsufficientBalance/i.test(msg)) return BALANCE;
  if (/invalid.*signature|SignerMismatch|InvalidSignatureV|InvalidSignatureS/i.test(msg)) return SIGNATURE;
  return TX_FAILED;
}
