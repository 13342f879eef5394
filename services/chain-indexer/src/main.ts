import { openDatabase } from "@tollgate/db";
import { baseEnv, databaseFromConfig, runService } from "@tollgate/platform";
import { createPublicClient, http } from "viem";
import { z } from "zod";

// Following USDC Transfer logs arrives in a later issue; until then the process boots, checks that the
// chain RPC answers with the expected chain id and that Postgres is migrated, reports ready and stops
// cleanly. It writes nothing.
const schema = z.object({
  ...baseEnv,
  CHAIN_RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  CHAIN_ID: z.coerce.number().int().default(8453),
});

await runService("chain-indexer", schema, async ({ config, shutdown }) => {
  const db = await openDatabase(config.DATABASE_URL, {
    applicationName: "chain-indexer",
    max: 2,
    ...databaseFromConfig(config),
  });
  shutdown.register("postgres", () => db.destroy());
  const client = createPublicClient({
    transport: http(config.CHAIN_RPC_URL, { timeout: 5000, retryCount: 2 }),
  });
  const chainId = await client.getChainId();
  if (chainId !== config.CHAIN_ID)
    throw new Error(`CHAIN_RPC_URL serves chain ${chainId}, expected ${config.CHAIN_ID}`);
  const block = await client.getBlockNumber();
  return {
    chainId,
    block: Number(block),
    capability: "none yet: the USDC index comes with the on-chain issue",
  };
});
