import { existsSync } from "node:fs";
import {
  baseEnv,
  demandEnv,
  envBoolean,
  envCidrList,
  envInt,
  envJson,
  netEnv,
  opsEnv,
  parseConfig,
  searchEnv,
} from "@tollgate/platform";
import { z } from "zod";

/** An Ed25519 JWK as config carries it (public members; a private one also has d). */
const ed25519Jwk = z.looseObject({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string().min(40),
  d: z.string().min(40).optional(),
});

export const apiEnvSchema = z
  .object({
    ...baseEnv,
    ...netEnv,
    ...opsEnv(9401),
    API_HOST: z.string().default("127.0.0.1"),
    API_PORT: envInt(8080, 0, 65535),
    PUBLIC_BASE_URL: z.string().url().optional(),
    /** {site_url}: the site's own origin, if it has one (same app; pages and badge snippets link with it). */
    SITE_URL: z.string().url().optional(),
    /** Comma-separated CIDR ranges (or single addresses) of the proxies whose X-Forwarded-For hops are
     * believed, walked from the right (see README "Client address"). */
    TRUSTED_PROXIES: envCidrList(),
    /** Per client (IPv4 address, IPv6 /64): GET /v1/discover per minute, POST /v1/listings per hour. */
    DISCOVER_LIMIT_PER_MINUTE: envInt(600, 1, 1_000_000),
    SUBMISSION_LIMIT_PER_HOUR: envInt(30, 1, 1_000_000),
    MAX_BODY_BYTES: envInt(64 * 1024, 1024, 10 * 1024 * 1024),
    /** GET /v1/listings/{id} answers kept in memory at most this long (dropped at once on change); 0: off. */
    LISTING_CACHE_TTL_MS: envInt(5000, 0, 600_000),
    /** GET /v1/stats computed at most once per this many ms per replica; 0: per request. */
    STATS_CACHE_MS: envInt(5000, 0, 600_000),
    API_REQUEST_TIMEOUT_MS: envInt(30_000, 1000, 300_000),
    /** Where Tollgate's own revenue is paid (x402 payTo). Paid routes are off until it is set. */
    OPERATOR_PAY_TO: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address")
      .optional(),
    /** Production: a remote x402 facilitator. */
    FACILITATOR_URL: z.string().url().optional(),
    /** A Base RPC (the local chain's locally): settlements whose outcome was lost are decided from the chain
     * itself. Outside production it defaults to FACILITATOR_RPC_URL. */
    CHAIN_RPC_URL: z.string().url().optional(),
    /** Bound on one settlement call; past it the payment is indeterminate (502) until the chain decides. */
    SETTLE_TIMEOUT_MS: envInt(45_000, 1, 120_000),
    /** How often open payments nobody holds are decided from the chain. */
    PAYMENTS_RECONCILE_EVERY_MS: envInt(60_000, 1000, 3_600_000),
    /** Local chain: an in-process facilitator settling through this RPC with this key (non-production). */
    FACILITATOR_RPC_URL: z.string().url().optional(),
    FACILITATOR_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "a 32-byte hex private key")
      .optional(),
    /** Ed25519 private JWK that signs attestations (production: from the secret store, same in every replica). */
    SIGNING_KEY_JWK: envJson(ed25519Jwk.required({ d: true })).optional(),
    /** Or a file holding it (a mounted secret). Outside production it defaults to .tollgate/signing-key.json,
     * generated on first use; production never generates a key. */
    SIGNING_KEY_FILE: z.string().min(1).optional(),
    /** JSON array of Ed25519 JWKs (public or private) that sign nothing and stay in the JWKS: keys rotated
     * out, so attestations they signed still verify (and the next key, published before it signs). */
    SIGNING_KEYS_RETIRED_JWK: envJson(z.array(ed25519Jwk)).optional(),
    ...demandEnv,
    ...searchEnv,
    /** Non-production only: accept http:// endpoints (local demo sellers). */
    ALLOW_HTTP_ENDPOINTS: envBoolean(false),
    /** Tests: an error code its operation does not document in /openapi.json is answered 500 (error-docs.ts). */
    TOLLGATE_STRICT_ERROR_DOCS: envBoolean(false),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === "production" && c.ALLOW_HTTP_ENDPOINTS)
      ctx.addIssue({
        code: "custom",
        path: ["ALLOW_HTTP_ENDPOINTS"],
        message: "must not be set in production",
      });
    if (c.NODE_ENV === "production") productionPaymentIssues(c, ctx);
  });

/** Production settles through a remote facilitator and signs with the one key it was given. */
function productionPaymentIssues(
  c: {
    FACILITATOR_URL?: string | undefined;
    FACILITATOR_RPC_URL?: string | undefined;
    FACILITATOR_PRIVATE_KEY?: string | undefined;
    OPERATOR_PAY_TO?: string | undefined;
    CHAIN_RPC_URL?: string | undefined;
    PUBLIC_BASE_URL?: string | undefined;
    SIGNING_KEY_JWK?: unknown;
    SIGNING_KEY_FILE?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const issue = (name: string, message: string) => ctx.addIssue({ code: "custom", path: [name], message });
  if (c.OPERATOR_PAY_TO && !c.CHAIN_RPC_URL)
    issue(
      "CHAIN_RPC_URL",
      "required in production when OPERATOR_PAY_TO is set (lost settlements are decided on-chain)",
    );
  if (!c.PUBLIC_BASE_URL)
    issue(
      "PUBLIC_BASE_URL",
      "required in production (absolute links such as key_url never come from the Host header)",
    );
  const local =
    "must not be set in production (the in-process facilitator is for the local chain; set FACILITATOR_URL)";
  if (c.FACILITATOR_PRIVATE_KEY) issue("FACILITATOR_PRIVATE_KEY", local);
  if (c.FACILITATOR_RPC_URL) issue("FACILITATOR_RPC_URL", local);
  if (c.OPERATOR_PAY_TO && !c.FACILITATOR_URL)
    issue(
      "FACILITATOR_URL",
      "required in production when OPERATOR_PAY_TO is set (payments settle through it)",
    );
  if (c.SIGNING_KEY_JWK && c.SIGNING_KEY_FILE)
    issue("SIGNING_KEY_FILE", "set SIGNING_KEY_JWK or SIGNING_KEY_FILE, not both");
  else if (!c.SIGNING_KEY_JWK && !c.SIGNING_KEY_FILE)
    issue(
      "SIGNING_KEY_JWK",
      "required in production (the Ed25519 private JWK from the secret store, the same in every replica; or SIGNING_KEY_FILE naming a mounted file): production never generates a key",
    );
  else if (c.SIGNING_KEY_FILE && !existsSync(c.SIGNING_KEY_FILE))
    issue("SIGNING_KEY_FILE", `${c.SIGNING_KEY_FILE} does not exist (production never generates a key)`);
}

export type ApiConfig = z.infer<typeof apiEnvSchema>;

export const loadApiConfig = (env: NodeJS.ProcessEnv = process.env) => parseConfig(apiEnvSchema, env);
