import { type SignedAuthorization, transferWithAuthorizationArgs } from "@tollgate/x402";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { concat, decodeFunctionData, parseAbi, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { BASE_USDC, USDC_DOMAIN } from "./chain.js";

export { type SignedAuthorization, transferWithAuthorizationArgs };

import type { Wallet } from "./wallets.js";

/** EIP-712 types of USDC's EIP-3009 `transferWithAuthorization`. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

/** An EIP-3009 TransferWithAuthorization of local USDC signed by `from`, with a fresh random nonce. */
export async function signAuthorization(
  from: Wallet,
  to: `0x${string}`,
  value: bigint,
): Promise<SignedAuthorization> {
  const account = privateKeyToAccount(from.privateKey);
  const message = {
    from: account.address,
    to,
    value,
    validAfter: 0n,
    validBefore: BigInt(Math.floor(Date.now() / 1000) + 600),
    nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
  };
  const signature = await account.signTypedData({
    domain: { ...USDC_DOMAIN, chainId: 8453, verifyingContract: BASE_USDC },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: "TransferWithAuthorization",
    message,
  });
  return {
    authorization: {
      ...message,
      value: String(value),
      validAfter: String(message.validAfter),
      validBefore: String(message.validBefore),
    },
    signature,
  };
}

/** The x402 v2 "exact" payment an official client would send for `signed`, with its requirements. */
export function exactPayment(signed: SignedAuthorization): {
  payload: PaymentPayload;
  requirements: PaymentRequirements;
} {
  const requirements = {
    scheme: "exact",
    network: "eip155:8453",
    amount: signed.authorization.value,
    asset: BASE_USDC,
    payTo: signed.authorization.to,
    maxTimeoutSeconds: 60,
    extra: { ...USDC_DOMAIN },
  } as PaymentRequirements;
  const payload = {
    x402Version: 2,
    accepted: requirements,
    payload: { authorization: signed.authorization, signature: signed.signature },
  } as PaymentPayload;
  return { payload, requirements };
}

/**
 * An EIP-3009 TransferWithAuthorization signed with exactly the given terms, for tests that attack a seller:
 * any field can be wrong (another chain id or token domain, a validity window in the past or future), the
 * signature can cover another nonce than the one sent, and `signer` can be another wallet than `from`.
 */
export async function signAuthorizationWith(o: {
  from: Wallet;
  signer?: Wallet;
  to: `0x${string}`;
  value: bigint;
  validAfter?: bigint;
  validBefore: bigint;
  nonce?: `0x${string}`;
  signedNonce?: `0x${string}`;
  chainId?: number;
  verifyingContract?: `0x${string}`;
  domain?: { name: string; version: string };
}): Promise<SignedAuthorization> {
  const account = privateKeyToAccount((o.signer ?? o.from).privateKey);
  const message = {
    from: privateKeyToAccount(o.from.privateKey).address,
    to: o.to,
    value: o.value,
    validAfter: o.validAfter ?? 0n,
    validBefore: o.validBefore,
    nonce: o.nonce ?? toHex(crypto.getRandomValues(new Uint8Array(32))),
  };
  const signature = await account.signTypedData({
    domain: {
      ...(o.domain ?? USDC_DOMAIN),
      chainId: o.chainId ?? 8453,
      verifyingContract: o.verifyingContract ?? BASE_USDC,
    },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: "TransferWithAuthorization",
    message: { ...message, nonce: o.signedNonce ?? message.nonce },
  });
  return {
    authorization: {
      ...message,
      value: String(message.value),
      validAfter: String(message.validAfter),
      validBefore: String(message.validBefore),
    },
    signature,
  };
}

const TRANSFER_WITH_AUTHORIZATION_ABI = parseAbi([
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
]);

/**
 * What anyone watching the chain reads from a settlement: the signed authorization, out of the
 * transferWithAuthorization calldata (as the official client spelled it: checksummed addresses, decimal
 * strings, a 65-byte signature). With the route's public offer it rebuilds the payment header.
 */
export async function authorizationOnChain(
  publicClient: { getTransaction(a: { hash: `0x${string}` }): Promise<{ input: `0x${string}` }> },
  txHash: `0x${string}`,
): Promise<SignedAuthorization> {
  const { input } = await publicClient.getTransaction({ hash: txHash });
  const { args } = decodeFunctionData({ abi: TRANSFER_WITH_AUTHORIZATION_ABI, data: input });
  const [from, to, value, validAfter, validBefore, nonce, v, r, s] = args;
  return {
    authorization: {
      from,
      to,
      value: String(value),
      validAfter: String(validAfter),
      validBefore: String(validBefore),
      nonce,
    },
    signature: concat([r, s, toHex(v, { size: 1 })]),
  };
}
