import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { decodeAbiParameters, encodeFunctionData, type Hex, type PublicClient } from "viem";
import { eoaAuthorization, TOKEN_ABI, transferWithAuthorizationArgs } from "./direct.js";
import { recentReads } from "./recent.js";

/** name() and version(): the token's own EIP-712 domain. */
const NAME = "0x06fdde03";
const VERSION = "0x54fd4d50";
/** How long a token's EIP-712 domain read stands (as long as the scheme keeps its finding that an asset is a contract). */
const TOKEN_FACTS_MS = 15 * 60_000;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Accepts the x402 v2 exact EIP-3009 payments signed by a plain key that @x402/evm's exact scheme would
 * accept, with each of the checks its verify makes, at a fraction of its cost: the scheme recovers the signer
 * from the EIP-712 hash in JavaScript secp256k1 (~2 ms of the api's one thread per payment) and then
 * simulates the transfer on the token, which checks the same signature again, natively. Here the token's check
 * is the signature check: the transfer is simulated with that signature (eth_call, as the scheme's simulation)
 * and the offered EIP-712 domain must be the token's own (its name() and version(), read once), so a signature
 * the token accepts is one over exactly the offered domain. The checks, in the scheme's order:
 * - scheme `exact` in the payload and the requirements; the requirements' network is this chain's and the
 *   payload's network is the requirements';
 * - the requirements name an EIP-712 domain (extra.name, extra.version), the token's own;
 * - the payer has no code (a contract or ERC-6492 signer is the scheme's), and the signature is 65 bytes;
 * - the authorization pays `payTo`; validBefore at least 6 s ahead and validAfter not ahead of this clock;
 *   its value is exactly the amount;
 * - the asset is a contract: an address without code has no name() to read, so the domain check refuses it;
 * - the transfer, simulated on the token, succeeds: signature, nonce unused, validity window by block time,
 *   balance.
 * A payment failing any check is not refused here: it is handed to the scheme, which verifies it whole and
 * gives its own reason (the same reason codes whichever path refused it). Only acceptance is decided here.
 */
export function createExactVerifier(opts: {
  client: Pick<PublicClient, "request">;
  chainId: number;
  /** The payer's code (shared reads). */
  codeAt: (address: string) => Promise<Hex | undefined>;
}) {
  const network = `eip155:${opts.chainId}`;
  const call = (to: string, data: Hex) =>
    opts.client.request({ method: "eth_call", params: [{ to: to as Hex, data }, "latest"] }) as Promise<Hex>;
  const domainOf = recentReads(async (asset) => {
    const [name, version] = await Promise.all([call(asset, NAME), call(asset, VERSION)]);
    const text = (h: Hex) => decodeAbiParameters([{ type: "string" }], h)[0];
    return { name: text(name), version: text(version) };
  }, TOKEN_FACTS_MS);
  return {
    /**
     * The transferWithAuthorization call data when every check passed (the payment is valid); null when the
     * scheme must decide (a check failed, a read failed, or the payment is not of this kind).
     */
    async accepts(payload: PaymentPayload, req: PaymentRequirements): Promise<Hex | null> {
      const p = eoaAuthorization(payload, req);
      if (!p || payload.accepted?.scheme !== "exact") return null;
      if (req.network !== network || payload.accepted.network !== req.network) return null;
      const extra = req.extra as { name?: unknown; version?: unknown } | undefined;
      if (typeof extra?.name !== "string" || typeof extra.version !== "string") return null;
      if (!/^0x[0-9a-fA-F]{40}$/.test(req.asset) || !/^0x[0-9a-fA-F]{40}$/.test(req.payTo)) return null;
      const a = p.authorization;
      if (!sameAddress(a.to, req.payTo)) return null;
      const now = BigInt(Math.floor(Date.now() / 1000));
      if (BigInt(a.validBefore) < now + 6n || BigInt(a.validAfter) > now) return null;
      if (!/^[0-9]{1,78}$/.test(req.amount) || BigInt(a.value) !== BigInt(req.amount)) return null;
      const asset = req.asset.toLowerCase();
      const data = encodeFunctionData({
        abi: TOKEN_ABI,
        functionName: "transferWithAuthorization",
        args: transferWithAuthorizationArgs(p),
      });
      try {
        // The reads go out together (one JSON-RPC batch): the payer's code, the token's facts, the simulation.
        const [code, domain] = await Promise.all([
          opts.codeAt(a.from.toLowerCase()),
          domainOf(asset),
          call(asset, data),
        ]);
        if (code !== undefined && code !== "0x") return null;
        if (domain.name !== extra.name || domain.version !== extra.version) return null;
        return data;
      } catch {
        // The simulation reverted (or a read failed): the scheme verifies it and says why.
        return null;
      }
    },
  };
}
