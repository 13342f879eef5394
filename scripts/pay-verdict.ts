/**
 * Buy a verdict from the locally running Tollgate with the official x402 client and a funded local
 * wallet: `pnpm exec tsx scripts/pay-verdict.ts <listing id> [api url]`.
 */
import { attachChain, payingFetch } from "@tollgate/devnet";

const [id, api = "http://127.0.0.1:8080"] = process.argv.slice(2);
if (!id) {
  process.stderr.write("usage: pay-verdict.ts <listing id> [api url]\n");
  process.exit(2);
}
const chain = await attachChain(process.env.CHAIN_RPC_URL ?? "http://127.0.0.1:8545");
const res = await payingFetch(chain, chain.wallets.buyers[0]!)(`${api}/v1/listings/${id}/verdict`);
process.stdout.write(
  `${res.status} ${res.headers.get("payment-response") ? "(paid, receipt in PAYMENT-RESPONSE)" : ""}\n`,
);
process.stdout.write(`${JSON.stringify(await res.json(), null, 2)}\n`);
