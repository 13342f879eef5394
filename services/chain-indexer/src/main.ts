import { databaseReachable, openDatabase } from "@tollgate/db";
import { databaseFromConfig, indexerMetrics, runService } from "@tollgate/platform";
import { chainIndexerEnvSchema as schema } from "./config.js";
import { ChainIndexer, jsonRpc } from "./indexer.js";

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
