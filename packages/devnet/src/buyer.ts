import { x402Client } from "@x402/core/client";
import { toClientEvmSigner } from "@x402/evm";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { BASE_USDC, type Chain } from "./chain/chain.js";
import type { Wallet } from "./chain/wallets.js";

/**
 * fetch that pays with the OFFICIAL x402 client from a local wallet. The local USDC sits at the
 * canonical Base address, and the spend controls name it explicitly (the client refuses unknown assets).
 */
export function payingFetch(chain: Chain, wallet: Wallet, opts: { maxAtomicPerPayment?: string } = {}) {
  return wrapFetchWithPayment(fetch, payingClient(chain, wallet, opts));
}

/** The official x402 client for a local wallet (to wrap a fetch of your own). */
export function payingClient(chain: Chain, wallet: Wallet, opts: { maxAtomicPerPayment?: string } = {}) {
  const account = privateKeyToAccount(wallet.privateKey);
  const signer = toClientEvmSigner(account, chain.publicClient as never);
  const client = new x402Client();
  registerExactEvmScheme(client, { signer, networks: ["eip155:8453"] });
  client.setSpendControls({
    allowedAssets: [
      {
        network: "eip155:8453",
        asset: BASE_USDC,
        maxAmountPerPayment: opts.maxAtomicPerPayment ?? "5000000",
      },
    ],
  });
  return client;
}

/**
 * A real PAYMENT-SIGNATURE for this request from the official client, captured instead of sent: tests
 * present it themselves (twice, to another replica, for another request) to check what a payment buys.
 */
export async function signPaymentFor(
  chain: Chain,
  wallet: Wallet,
  url: string,
  init: RequestInit = {},
): Promise<string> {
  let captured: string | null = null;
  const spy = async (input: string | URL | Request, i?: RequestInit) => {
    const req = new Request(input, i);
    const sig = req.headers.get("payment-signature");
    if (sig) {
      captured = sig;
      return new Response("{}", { status: 599 });
    }
    return fetch(req);
  };
  await wrapFetchWithPayment(spy as typeof fetch, payingClient(chain, wallet))(url, init).catch(
    () => undefined,
  );
  if (!captured) throw new Error(`no payment was signed for ${url}`);
  return captured;
}

/** An EIP-191 personal_sign by a local wallet (what a payer signs to report an outcome). */
export function personalSign(wallet: Wallet, message: string): Promise<`0x${string}`> {
  return privateKeyToAccount(wallet.privateKey).signMessage({ message });
}
