import { baseEnv, envBoolean, envInt, netEnv, opsEnv } from "@tollgate/platform";
import { z } from "zod";

export const proberEnvSchema = z
  .object({
    ...baseEnv,
    ...netEnv,
    ...opsEnv(9403),
    PROBE_TIMEOUT_MS: envInt(10_000, 100, 120_000),
    /** Probes (HTTP) in flight per replica. */
    PROBE_CONCURRENCY: envInt(20, 1, 1000),
    /** Due listings per probe job: BullMQ's Redis work is per job, not per probe. */
    PROBE_JOB_SIZE: envInt(10, 1, 1000),
    /** How often the scheduler leases due listings. */
    PROBE_TICK_MS: envInt(5000, 100, 600_000),
    /** Due listings one scheduler tick leases; the name predates "lease" and stays for existing configs. */
    PROBE_CLAIM_BATCH: envInt(500, 1, 10_000),
    PROBE_LEASE_S: envInt(300, 5, 3600),
    /** Most probe results written in one transaction (and listings read in one query). */
    PROBE_WRITE_BATCH: envInt(100, 1, 1000),
    /** How long a lone result waits for others to share its transaction. */
    PROBE_WRITE_LINGER_MS: envInt(5, 0, 1000),
    /** Minimum gap between two probes of one host (politeness). */
    PROBE_HOST_MIN_GAP_MS: envInt(1000, 0, 600_000),
    /** Non-production only: multiply every probe interval (e.g. 0.01 for demos and e2e). */
    PROBE_INTERVAL_SCALE: z.coerce.number().positive().max(1).default(1),
    /** Lock/stall window: a job whose worker died is redelivered after about this long. */
    PROBE_STALLED_MS: envInt(30_000, 1000, 600_000),
    PROBE_RETENTION_EVERY_MS: envInt(3_600_000, 1000, 86_400_000),
    ALLOW_HTTP_ENDPOINTS: envBoolean(false),
    /**
     * Discovery catalogues to import listings from (origin `indexed`), comma-separated: a facilitator's
     * Bazaar-style `…/discovery/resources`. Empty: no imports.
     */
    CATALOGUE_URLS: z
      .string()
      .default("")
      .refine(
        (s) => s === "" || s.split(",").every((u) => URL.canParse(u.trim()) && /^https?:/.test(u.trim())),
        "expected http(s) URLs separated by commas",
      ),
    CATALOGUE_IMPORT_EVERY_MS: envInt(6 * 3_600_000, 10_000, 7 * 86_400_000),
    /** The operator's revenue payTo: a listing paying it is marked self_referential (verdict never above caution). */
    OPERATOR_PAY_TO: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional(),
    /** More addresses of ours, comma-separated (the scout's, a fee wallet…), marked the same way. */
    SELF_PAYTO_ADDRESSES: z
      .string()
      .default("")
      .refine(
        (s) => s === "" || s.split(",").every((a) => /^0x[0-9a-fA-F]{40}$/.test(a.trim())),
        "expected 0x addresses separated by commas",
      ),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV !== "production") return;
    if (c.PROBE_INTERVAL_SCALE !== 1)
      ctx.addIssue({ code: "custom", path: ["PROBE_INTERVAL_SCALE"], message: "must be 1 in production" });
    if (c.ALLOW_HTTP_ENDPOINTS)
      ctx.addIssue({
        code: "custom",
        path: ["ALLOW_HTTP_ENDPOINTS"],
        message: "must not be set in production",
      });
  });
export type ProberConfig = z.infer<typeof proberEnvSchema>;

/** The operator's own payment addresses, lowercase. */
export function selfPayTos(c: Pick<ProberConfig, "OPERATOR_PAY_TO" | "SELF_PAYTO_ADDRESSES">): Set<string> {
  return new Set(
    [c.OPERATOR_PAY_TO ?? "", ...c.SELF_PAYTO_ADDRESSES.split(",")]
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
  );
}
