import { createRequire } from "node:module";
import { type Abi, createWalletClient, encodeFunctionData, type Hex, http, parseAbi, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  type SignedAuthorization,
  signAuthorization,
  transferWithAuthorizationArgs,
} from "./authorization.js";
import { BASE_USDC, type Chain, USDC_ABI, USDC_DOMAIN } from "./chain.js";
import type { Wallet } from "./wallets.js";

// The shapes real USDC payments take on Base besides a facilitator's top-level transferWithAuthorization:
// relayed by a contract (a batcher, a forwarder, a smart-contract wallet), pulled by the payee with
// receiveWithAuthorization, several in one transaction, reverted, or a look-alike token's Transfer event.

const require = createRequire(import.meta.url);
const artifacts = require("../../contracts/artifacts.json") as {
  LocalUSDC: { abi: Abi; runtime: Hex };
  Multicall3: { abi: Abi; runtime: Hex };
};

const AGGREGATE3 = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
]);

/**
 * A contract at `address` that relays calls (Multicall3's code at another address: a forwarder or a
 * smart-contract wallet as far as USDC can tell; it pays from its own balance when it calls `transfer`).
 */
export async function placeForwarder(chain: Chain, address: Hex): Promise<Hex> {
  await rpcOf(chain)("anvil_setCode", [address, artifacts.Multicall3.runtime]);
  return address;
}

/**
 * A look-alike token at `address`: the local USDC's code (same Transfer event, same EIP-3009 functions, a
 * public `mint`) at an address that is not USDC.
 */
export async function placeLookalikeToken(chain: Chain, address: Hex): Promise<Hex> {
  await rpcOf(chain)("anvil_setCode", [address, artifacts.LocalUSDC.runtime]);
  return address;
}

/** Call data of a forwarder's aggregate3 over `calls` (each [target, callData]); no call may fail. */
export function forwardCalls(calls: readonly (readonly [Hex, Hex])[]): Hex {
  return encodeFunctionData({
    abi: AGGREGATE3,
    functionName: "aggregate3",
    args: [calls.map(([target, callData]) => ({ target, allowFailure: false, callData }))],
  });
}

/** USDC call data: transferWithAuthorization (v, r, s form) of a signed authorization. */
export function transferWithAuthorizationData(signed: SignedAuthorization): Hex {
  return encodeFunctionData({
    abi: USDC_ABI,
    functionName: "transferWithAuthorization",
    args: [...transferWithAuthorizationArgs(signed)],
  });
}

/** USDC call data: transferWithAuthorization in its bytes-signature form (what smart-wallet signers use). */
export function transferWithAuthorizationBytesData(signed: SignedAuthorization): Hex {
  const a = signed.authorization;
  return encodeFunctionData({
    abi: USDC_ABI,
    functionName: "transferWithAuthorization",
    args: [
      a.from,
      a.to,
      BigInt(a.value),
      BigInt(a.validAfter),
      BigInt(a.validBefore),
      a.nonce,
      signed.signature,
    ],
  });
}

/** USDC call data: a plain transfer / transferFrom. */
export function transferData(to: Hex, atomic: bigint): Hex {
  return encodeFunctionData({ abi: USDC_ABI, functionName: "transfer", args: [to, atomic] });
}
export function transferFromData(from: Hex, to: Hex, atomic: bigint): Hex {
  return encodeFunctionData({ abi: USDC_ABI, functionName: "transferFrom", args: [from, to, atomic] });
}

/** A signed EIP-3009 authorization of `from` paying `to` (fresh nonce). */
export const authorize = (from: Wallet, to: Hex, atomic: bigint) => signAuthorization(from, to, atomic);

/**
 * USDC call data: receiveWithAuthorization signed by `from` for `to`; only `to` itself may send it (the
 * payee pulls the payment).
 */
export async function receiveWithAuthorizationData(from: Wallet, to: Hex, atomic: bigint): Promise<Hex> {
  const account = privateKeyToAccount(from.privateKey);
  const message = {
    from: account.address,
    to,
    value: atomic,
    validAfter: 0n,
    validBefore: BigInt(Math.floor(Date.now() / 1000) + 600),
    nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
  };
  const signature = await account.signTypedData({
    domain: { ...USDC_DOMAIN, chainId: 8453, verifyingContract: BASE_USDC },
    types: {
      ReceiveWithAuthorization: [
        { name: "from", type: "address" },
        { name: "to", type: "address" },
        { name: "value", type: "uint256" },
        { name: "validAfter", type: "uint256" },
        { name: "validBefore", type: "uint256" },
        { name: "nonce", type: "bytes32" },
      ],
    },
    primaryType: "ReceiveWithAuthorization",
    message,
  });
  const r = `0x${signature.slice(2, 66)}` as Hex;
  const s = `0x${signature.slice(66, 130)}` as Hex;
  const v = Number.parseInt(signature.slice(130, 132), 16);
  return encodeFunctionData({
    abi: USDC_ABI,
    functionName: "receiveWithAuthorization",
    args: [
      message.from,
      message.to,
      message.value,
      message.validAfter,
      message.validBefore,
      message.nonce,
      v,
      r,
      s,
    ],
  });
}

/**
 * Send `data` to `to` from `sender` and wait for the receipt, whatever its status. `gas` skips the
 * estimate (which refuses a transaction that would revert), so a reverted transaction can be mined.
 */
export async function sendCall(
  chain: Chain,
  sender: Wallet,
  to: Hex,
  data: Hex,
  opts: { gas?: bigint } = {},
): Promise<{ hash: Hex; status: "success" | "reverted"; blockNumber: bigint }> {
  const wallet = createWalletClient({
    chain: chain.viemChain,
    transport: http(chain.rpcUrl),
    account: privateKeyToAccount(sender.privateKey),
  });
  const hash = await wallet.sendTransaction({ to, data, ...(opts.gas ? { gas: opts.gas } : {}) });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  return { hash, status: receipt.status, blockNumber: receipt.blockNumber };
}

function rpcOf(chain: Chain) {
  return async (method: string, params: unknown[]) => {
    const res = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
}
