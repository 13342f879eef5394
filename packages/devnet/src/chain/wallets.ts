import { keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export interface Wallet {
  label: string;
  address: `0x${string}`;
  privateKey: `0x${string}`;
}

/** A deterministic local wallet: the same label gives the same key on every machine. Devnet only. */
export function localWallet(label: string): Wallet {
  const privateKey = keccak256(toHex(`tollgate-devnet:${label}`));
  return { label, privateKey, address: privateKeyToAccount(privateKey).address };
}

/** The local world's cast: who receives Tollgate's revenue, who pays gas to settle, who buys. */
export function devnetWallets(buyers = 5, sellers = 12) {
  return {
    operator: localWallet("operator-payto"),
    facilitator: localWallet("facilitator"),
    scout: localWallet("scout"),
    buyers: Array.from({ length: buyers }, (_, i) => localWallet(`buyer-${i}`)),
    sellers: Array.from({ length: sellers }, (_, i) => localWallet(`seller-${i}`)),
  };
}
export type DevnetWallets = ReturnType<typeof devnetWallets>;
