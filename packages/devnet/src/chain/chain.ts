import type { ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  parseEther,
  type Chain as ViemChain,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { spawnAnvil } from "./anvil.js";
import { type DevnetWallets, devnetWallets, type Wallet } from "./wallets.js";

const require = createRequire(import.meta.url);
const artifacts = require("../../contracts/artifacts.json") as {
  LocalUSDC: { abi: Abi; runtime: `0x${string}` };
  Multicall3: { abi: Abi; runtime: `0x${string}` };
};

/** Base USDC, the address our local token is placed at so local code paths use the real address. */
export const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as const;
export const MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11" as const;
export const USDC_ABI = artifacts.LocalUSDC.abi;
export const USDC_DOMAIN = { name: "USD Coin", version: "2" } as const;

export interface Chain {
  rpcUrl: string;
  chainId: 8453;
  usdc: typeof BASE_USDC;
  viemChain: ViemChain;
  wallets: DevnetWallets;
  publicClient: PublicClient;
  mint(to: `0x${string}`, atomic: bigint): Promise<void>;
  balanceOf(address: `0x${string}`): Promise<bigint>;
  stop(): Promise<void>;
}

export function localBase(rpcUrl: string): ViemChain {
  return defineChain({
    id: 8453,
    name: "Base (local anvil)",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3 } },
  });
}

async function rpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * Connect to a chain that is already running (the local start runs anvil as its own process) and make
 * sure the local world is in place: token code, Multicall3, gas and USDC balances. Idempotent.
 */
export async function attachChain(
  rpcUrl: string,
  opts: { child?: ChildProcess; usdcPerBuyer?: bigint } = {},
): Promise<Chain> {
  const viemChain = localBase(rpcUrl);
  const publicClient = createPublicClient({ chain: viemChain, transport: http(rpcUrl) }) as PublicClient;
  const wallets = devnetWallets();
  await rpc(rpcUrl, "anvil_setCode", [BASE_USDC, artifacts.LocalUSDC.runtime]);
  await rpc(rpcUrl, "anvil_setCode", [MULTICALL3, artifacts.Multicall3.runtime]);
  const everyone: Wallet[] = [
    wallets.operator,
    wallets.facilitator,
    wallets.scout,
    ...wallets.buyers,
    ...wallets.sellers,
  ];
  for (const w of everyone)
    await rpc(rpcUrl, "anvil_setBalance", [w.address, `0x${parseEther("100").toString(16)}`]);
  const minter = createWalletClient({
    chain: viemChain,
    transport: http(rpcUrl),
    account: privateKeyToAccount(wallets.facilitator.privateKey),
  });

  const balanceOf = async (address: `0x${string}`) =>
    (await publicClient.readContract({
      address: BASE_USDC,
      abi: USDC_ABI,
      functionName: "balanceOf",
      args: [address],
    })) as bigint;
  const mint = async (to: `0x${string}`, atomic: bigint) => {
    const hash = await minter.writeContract({
      address: BASE_USDC,
      abi: USDC_ABI,
      functionName: "mint",
      args: [to, atomic],
    });
    await publicClient.waitForTransactionReceipt({ hash });
  };
  const perBuyer = opts.usdcPerBuyer ?? 1_000_000_000n; // 1,000 USDC
  for (const w of [wallets.scout, ...wallets.buyers])
    if ((await balanceOf(w.address)) < perBuyer) await mint(w.address, perBuyer);

  return {
    rpcUrl,
    chainId: 8453,
    usdc: BASE_USDC,
    viemChain,
    wallets,
    publicClient,
    mint,
    balanceOf,
    async stop() {
      const child = opts.child;
      if (!child || child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

/** Start a fresh local Base (anvil, chain id 8453) with USDC at the canonical address and funded wallets. */
export async function startChain(opts: { port?: number } = {}): Promise<Chain> {
  const { child, rpcUrl } = await spawnAnvil(opts.port);
  try {
    return await attachChain(rpcUrl, { child });
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }
}
