import {
  baseEnv,
  demandEnv,
  envBoolean,
  envCidrList,
  envInt,
  netEnv,
  parseConfig,
  searchEnv,
} from "@tollgate/platform";
import { z } from "zod";

export const apiEnvSchema = z
  .object({
    ...baseEnv,
    ...netEnv,
    API_HOST: z.string().default("127.0.0.1"),
    API_PORT: envInt(8080, 0, 65535),
    PUBLIC_BASE_URL: z.string().url().optional(),
    /** Comma-separated CIDR ranges (or single addresses) of the proxies whose X-Forwarded-For hops are
     * believed, walked from the right (see README "Client address"). */
    TRUSTED_PROXIES: envCidrList(),
    /** Per client (IPv4 address, IPv6 /64): GET /v1/discover per minute, POST /v1/listings per hour. */
    DISCOVER_LIMIT_PER_MINUTE: envInt(600, 1, 1_000_000),
    SUBMISSION_LIMIT_PER_HOUR: envInt(30, 1, 1_000_000),
    MAX_BODY_BYTES: envInt(64 * 1024, 1024, 10 * 1024 * 1024),
    /** Where Tollgate's own revenue is paid (x402 payTo). Paid routes are off until it is set. */
    OPERATOR_PAY_TO: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address")
      .optional(),
    /** Production: a remote x402 facilitator. */
    FACILITATOR_URL: z.string().url().optional(),
    /** Local chain: an in-process facilitator settling through this RPC with this key (non-production). */
    FACILITATOR_RPC_URL: z.string().url().optional(),
    FACILITATOR_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "a 32-byte hex private key")
      .optional(),
    /** Ed25519 private JWK for attestations (production, from the secret store). */
    SIGNING_KEY_JWK: z.string().optional(),
    /** Local only: a key file generated on first use. */
    SIGNING_KEY_FILE: z.string().default(".tollgate/signing-key.json"),
    ...demandEnv,
    ...searchEnv,
    /** Non-production only: accept http:// endpoints (local demo sellers). */
    ALLOW_HTTP_ENDPOINTS: envBoolean(false),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === "production" && c.ALLOW_HTTP_ENDPOINTS)
      ctx.addIssue({
        code: "custom",
        path: ["ALLOW_HTTP_ENDPOINTS"],
        message: "must not be set in production",
      });
  });
export type ApiConfig = z.infer<typeof apiEnvSchema>;

export const loadApiConfig = (env: NodeJS.ProcessEnv = process.env) => parseConfig(apiEnvSchema, env);
