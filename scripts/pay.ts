/**
 * Buy from the locally running Tollgate with the official x402 client and a funded local wallet:
 *   pnpm exec tsx scripts/pay.ts /v1/listings/<id>/verdict
 *   pnpm exec tsx scripts/pay.ts /v1/demand/report
 * A second argument overrides the API URL (default http://127.0.0.1:8080).
 */
import { attachChain, payingFetch } from "@tollgate/devnet";

const [path, api = "http://127.0.0.1:8080"] = process.argv.slice(2);
if (!path?.startsWith("/")) {
  process.stderr.write(
    "usage: pay.ts <path, e.g. /v1/listings/<id>/verdict or /v1/demand/report> [api url]\n",
  );
  process.exit(2);
}
const chain = await attachChain(process.env.CHAIN_RPC_URL ?? "http://127.0.0.1:8545");
const res = await payingFetch(chain, chain.wallets.buyers[0]!)(`${api}${path}`);
process.stdout.write(
  `${res.status} ${res.headers.get("payment-response") ? "(paid, receipt in PAYMENT-RESPONSE)" : "(not charged)"}\n`,
);
process.stdout.write(`${JSON.stringify(await res.json(), null, 2)}\n`);
