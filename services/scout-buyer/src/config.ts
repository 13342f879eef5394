import { baseEnv, envBoolean, envInt, netEnv, opsEnv } from "@tollgate/platform";
import { z } from "zod";

const usd = (fallback: number) => z.coerce.number().positive().max(1000).default(fallback);

export const scoutEnvSchema = z
  .object({
    ...baseEnv,
    ...netEnv,
    ...opsEnv(9404),
    /** The scout's own wallet (pays sellers). */
    SCOUT_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "expected a 32-byte hex private key"),
    /** Base RPC (the devnet chain locally): settlements are read back from it. */
    CHAIN_RPC_URL: z.string().url(),
    SCOUT_TICK_MS: envInt(30_000, 100, 3_600_000),
    SCOUT_DAILY_BUDGET_USD: usd(5),
    SCOUT_PER_PURCHASE_CAP_USD: usd(0.5),
    SCOUT_PER_SELLER_DAILY_USD: usd(0.5),
    /** Seconds between two purchases of one listing (re-buys earn `2x`, `held`, `Nwk`). */
    SCOUT_REBUY_AFTER_S: envInt(3 * 86_400, 1, 90 * 86_400),
    SCOUT_TIMEOUT_MS: envInt(20_000, 100, 120_000),
    /** Age in seconds after which a purchase still in flight is taken for one a killed replica left behind
     * and settled from the chain. Must exceed SCOUT_TIMEOUT_MS, or a live purchase would be reconciled. */
    SCOUT_RECONCILE_AFTER_S: envInt(120, 1, 86_400),
    /** Purchases one replica makes at once (BullMQ worker concurrency). */
    SCOUT_CONCURRENCY: envInt(2, 1, 32),
    /** Routine purchases the tick enqueues at most (the most due first). */
    SCOUT_BATCH: envInt(20, 1, 1000),
    ALLOW_HTTP_ENDPOINTS: envBoolean(false),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === "production" && c.ALLOW_HTTP_ENDPOINTS)
      ctx.addIssue({
        code: "custom",
        path: ["ALLOW_HTTP_ENDPOINTS"],
        message: "must not be set in production",
      });
    if (c.SCOUT_RECONCILE_AFTER_S * 1000 <= c.SCOUT_TIMEOUT_MS)
      ctx.addIssue({
        code: "custom",
        path: ["SCOUT_RECONCILE_AFTER_S"],
        message: `must exceed SCOUT_TIMEOUT_MS (${c.SCOUT_TIMEOUT_MS} ms): a purchase in flight would be reconciled`,
      });
  });
export type ScoutConfig = z.infer<typeof scoutEnvSchema>;
