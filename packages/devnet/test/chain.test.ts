import { createWalletClient, http, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BASE_USDC,
  type Chain,
  startChain,
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  USDC_ABI,
  USDC_DOMAIN,
} from "../src/index.js";

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
});
afterAll(() => chain.stop());

const types = TRANSFER_WITH_AUTHORIZATION_TYPES;

describe("local Base", () => {
  it("serves chain id 8453 with USDC (USD Coin, version 2, 6 decimals) at the canonical address", async () => {
    expect(await chain.publicClient.getChainId()).toBe(8453);
    const read = (functionName: string) =>
      chain.publicClient.readContract({ address: BASE_USDC, abi: USDC_ABI, functionName, args: [] });
    expect(await read("name")).toBe("USD Coin");
    expect(await read("version")).toBe("2");
    expect(await read("decimals")).toBe(6);
    expect(await chain.balanceOf(chain.wallets.buyers[0]!.address)).toBe(1_000_000_000n);
  });

  it("settles an EIP-3009 authorization once; a replay reverts", async () => {
    const buyer = privateKeyToAccount(chain.wallets.buyers[1]!.privateKey);
    const to = chain.wallets.operator.address;
    const message = {
      from: buyer.address,
      to,
      value: 5000n,
      validAfter: 0n,
      validBefore: BigInt(Math.floor(Date.now() / 1000) + 600),
      nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
    };
    const signature = await buyer.signTypedData({
      domain: { ...USDC_DOMAIN, chainId: 8453, verifyingContract: BASE_USDC },
      types,
      primaryType: "TransferWithAuthorization",
      message,
    });
    const relayer = createWalletClient({
      chain: chain.viemChain,
      transport: http(chain.rpcUrl),
      account: privateKeyToAccount(chain.wallets.facilitator.privateKey),
    });
    const before = await chain.balanceOf(to);
    const args = [
      message.from,
      message.to,
      message.value,
      message.validAfter,
      message.validBefore,
      message.nonce,
      signature,
    ] as const;
    const hash = await relayer.writeContract({
      address: BASE_USDC,
      abi: USDC_ABI,
      functionName: "transferWithAuthorization",
      args,
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(await chain.balanceOf(to)).toBe(before + 5000n);
    await expect(
      relayer.writeContract({
        address: BASE_USDC,
        abi: USDC_ABI,
        functionName: "transferWithAuthorization",
        args,
      }),
    ).rejects.toThrow(/used or canceled/);
    expect(await chain.balanceOf(to)).toBe(before + 5000n);
  });
});
