import { databaseReachable, openDatabase } from "@tollgate/db";
import { baseEnv, databaseFromConfig, indexerMetrics, opsEnv, runService } from "@tollgate/platform";
import { z } from "zod";
import { ChainIndexer, jsonRpc } from "./indexer.js";

const schema = z.object({
  ...baseEnv,
  ...opsEnv(9405),
  CHAIN_RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  CHAIN_ID: z.coerce.number().int().default(8453),
  /** Base USDC. */
  USDC_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
  /** First block a newly listed payTo is backfilled from. */
  INDEXER_START_BLOCK: z.coerce.number().int().min(0).default(0),
  INDEXER_CONFIRMATIONS: z.coerce.number().int().min(0).default(3),
  INDEXER_MAX_RANGE: z.coerce.number().int().min(1).default(2000),
  INDEXER_ADDRESS_CHUNK: z.coerce.number().int().min(1).default(100),
  INDEXER_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** Block hashes kept for reorg detection below the newest read block (older ones are pruned). */
  INDEXER_KEEP_BLOCKS: z.coerce.number().int().min(64).default(10_000),
});

// Long-running: the indexer loop keeps the process alive (it waits for the lock, retries RPC errors with
// backoff) until SIGTERM/SIGINT; it never ends by itself.
await runService("chain-indexer", schema, async ({ config, log, shutdown, metrics, serveOps }) => {
  // Shutdown steps run in order: the loop lets go of its lock connection before the pool closes.
  let indexer: ChainIndexer | null = null;
  shutdown.register("indexer", () => indexer?.stop());
  const db = await openDatabase(config.DATABASE_URL, {
    applicationName: "chain-indexer",
    max: 3,
    ...databaseFromConfig(config),
  });
  shutdown.register("postgres", () => db.destroy());
  const chainId = Number(BigInt(await jsonRpc(config.CHAIN_RPC_URL)<string>("eth_chainId", [])));
  if (chainId !== config.CHAIN_ID)
    throw new Error(`CHAIN_RPC_URL serves chain ${chainId}, expected ${config.CHAIN_ID}`);
  indexer = new ChainIndexer({
    db,
    rpcUrl: config.CHAIN_RPC_URL,
    usdc: config.USDC_ADDRESS.toLowerCase(),
    startBlock: config.INDEXER_START_BLOCK,
    confirmations: config.INDEXER_CONFIRMATIONS,
    maxRange: config.INDEXER_MAX_RANGE,
    addressChunk: config.INDEXER_ADDRESS_CHUNK,
    pollMs: config.INDEXER_POLL_MS,
    keepBlocks: config.INDEXER_KEEP_BLOCKS,
    log,
  });
  indexer.start();
  const running = indexer;
  indexerMetrics(metrics, () => ({
    lagBlocks: running.lagBlocks,
    lastPassAt: running.lastPassAt,
    holdsLock: running.state === "running",
  }));
  // Ready once Postgres answers (the chain RPC is checked at start; an RPC outage shows as lag, not as an
  // unready pod: there is no traffic to send elsewhere).
  await serveOps({ postgres: () => databaseReachable(db) });
  return {
    chainId,
    start_block: config.INDEXER_START_BLOCK,
    confirmations: config.INDEXER_CONFIRMATIONS,
  };
});
