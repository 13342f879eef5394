// Maps, not plain objects: these are looked up with names a seller's challenge chooses, and a plain
// object answers "constructor" or "__proto__" from its prototype.

/** Base USDC and Base Sepolia USDC, lowercase, by CAIP-2 network. */
export const USDC_BY_NETWORK: ReadonlyMap<string, string> = new Map([
  ["eip155:8453", "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"],
  ["eip155:84532", "0x036cbd53842c5426634e7929541ec2318f3dcf7e"],
]);

const V1_NETWORKS: ReadonlyMap<string, string> = new Map([
  ["base", "eip155:8453"],
  ["base-sepolia", "eip155:84532"],
  ["ethereum", "eip155:1"],
  ["sepolia", "eip155:11155111"],
  ["polygon", "eip155:137"],
  ["polygon-amoy", "eip155:80002"],
  ["avalanche", "eip155:43114"],
  ["avalanche-fuji", "eip155:43113"],
]);

export const TESTNETS = new Set([
  "eip155:84532",
  "eip155:11155111",
  "eip155:80002",
  "eip155:43113",
  "solana-devnet",
]);

/** v1 network names and CAIP-2 ids to CAIP-2. */
export function toCaip2(network: string): string {
  const n = network.trim().toLowerCase();
  return V1_NETWORKS.get(n) ?? n;
}

/**
 * Burn and placeholder addresses: a payment to one of these is destroyed. A challenge naming one is a
 * sentinel (`payto_sentinel`).
 */
export const BURN_ADDRESSES = new Set([
  "0x0000000000000000000000000000000000000000",
  "0x0000000000000000000000000000000000000001",
  "0x000000000000000000000000000000000000dead",
  "0xdead000000000000000042069420694206942069",
  "0xffffffffffffffffffffffffffffffffffffffff",
]);

export const isBurnAddress = (a: string | null | undefined) => !!a && BURN_ADDRESSES.has(a.toLowerCase());
