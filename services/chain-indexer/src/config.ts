import { baseEnv, opsEnv } from "@tollgate/platform";
import { z } from "zod";

/** The environment this service reads (parsed once at start). */
export const chainIndexerEnvSchema = z.object({
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
export type ChainIndexerConfig = z.infer<typeof chainIndexerEnvSchema>;
