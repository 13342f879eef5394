import { startChain } from "./chain.js";

// `tsx packages/devnet/src/chain/cli.ts [port]`: start the local chain, print where it is, stay up.
const chain = await startChain({ port: process.argv[2] ? Number(process.argv[2]) : undefined });
process.stdout.write(
  `${JSON.stringify({ msg: "ready", rpcUrl: chain.rpcUrl, chainId: chain.chainId, usdc: chain.usdc, operator: chain.wallets.operator.address })}\n`,
);
const stop = () => void chain.stop().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
