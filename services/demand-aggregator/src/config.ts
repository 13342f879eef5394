import { baseEnv, demandEnv, envInt, opsEnv } from "@tollgate/platform";
import { z } from "zod";

/** The environment this service reads (parsed once at start). */
export const demandAggregatorEnvSchema = z.object({
  ...baseEnv,
  ...demandEnv,
  ...opsEnv(9406),
  /** The batch job of the system: one demand aggregate reads the whole 30-day search log (3.5 s at 1M
   * searches, growing with the log), so its statements get 2 minutes where request paths get 15 s. */
  DATABASE_STATEMENT_TIMEOUT_MS: envInt(120_000, 100, 3_600_000),
  /** How often the paid snapshots are rebuilt (15 minutes). */
  DEMAND_SNAPSHOT_EVERY_MS: envInt(900_000, 1000, 86_400_000),
  /** How often listings created or edited since their last embedding are looked for. */
  EMBED_SYNC_EVERY_MS: envInt(1000, 100, 600_000),
});
export type DemandAggregatorConfig = z.infer<typeof demandAggregatorEnvSchema>;
