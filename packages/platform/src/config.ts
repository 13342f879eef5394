import { z } from "zod";

/** Thrown when the environment does not satisfy a service's config schema; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid configuration:\n  ${issues.join("\n  ")}`);
    this.name = "ConfigError";
  }
}

/**
 * Parse the environment once, at start. Every key of the schema is an environment variable name,
 * so a failure message names the variable that is wrong.
 */
export function parseConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "(environment)";
      const key = typeof issue.path[0] === "string" ? issue.path[0] : undefined;
      const value = key === undefined ? undefined : env[key];
      // The message lands in stderr and pod logs: never echo a key, salt or password back.
      const shown = key && SECRET_NAME.test(key) ? "(value hidden)" : `(got ${JSON.stringify(value)})`;
      return `${name}: ${issue.message}${value === undefined ? "" : ` ${shown}`}`;
    }),
  );
}

/** Variables whose values are secrets (or may embed one, like a database URL with a password). */
const SECRET_NAME = /KEY|JWK|SECRET|SALT|TOKEN|PASSWORD|DATABASE_URL|REDIS_URL/;

/** An env variable holding JSON, checked by `schema`; a parse failure names the variable. */
export const envJson = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "not valid JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** Boolean env flag: "1", "true", "yes" and "0", "false", "no"; anything else is an error. */
export const envBoolean = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no"], { message: "expected true or false" })
    .default(fallback ? "true" : "false")
    .transform((v) => v === "1" || v === "true" || v === "yes");

export const envInt = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Settings shared by every service. */
export const baseEnv = {
  /** Required, no default: a production pod that lost its NODE_ENV must not start as development. */
  NODE_ENV: z.enum(["development", "test", "production"], {
    error: (issue) =>
      issue.input === undefined
        ? "required (development, test or production); every production guard keys off it"
        : "expected development, test or production",
  }),
  SERVICE_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,30}$/, "lowercase letters, digits and dashes")
    .default("tollgate"),
  DATABASE_URL: z.string().url().default("postgres://postgres@127.0.0.1:5432/tollgate"),
  REDIS_URL: z.string().url().default("redis://127.0.0.1:6379"),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, "letters, digits, _ and -")
    .default("tollgate"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Postgres cancels any one statement running longer (a stuck query must not hold a connection forever). */
  DATABASE_STATEMENT_TIMEOUT_MS: envInt(15_000, 100, 3_600_000),
  /** OTLP/HTTP collector (e.g. http://otel-collector:4318): traces are exported only when it is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
};
export const baseEnvSchema = z.object(baseEnv);
export type BaseConfig = z.infer<typeof baseEnvSchema>;

/**
 * How a service opens its database: outside production it migrates at start (local convenience, safe
 * under the migrator's advisory lock); in production the migrate Job is the one owner of the schema and
 * a service only checks that every migration it knows is applied.
 */
export function databaseFromConfig(c: { NODE_ENV: string; DATABASE_STATEMENT_TIMEOUT_MS: number }) {
  return { migrate: c.NODE_ENV !== "production", statementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS };
}

/** The salt of local runs and tests: public, so production refuses it (hashes of IPv4 addresses under a
 * known salt are reversed by trying every address). */
export const LOCAL_DEMAND_SALT = "tollgate-local-demand-salt";

/** Demand settings shared by every service that logs searches or serves the feed (api, mcp, aggregator). */
export const demandEnv = {
  /** Salt for client-address hashes in the search log (set a secret one in production). */
  DEMAND_SALT: z.string().min(8).default(LOCAL_DEMAND_SALT),
  /** Distinct non-seller client IPs a term needs before it is published anywhere. */
  DEMAND_K_FLOOR: envInt(3, 1, 1000),
  /** The paid demand tier is on sale (the free feed then ends a week behind live). */
  PAID_DEMAND_LIVE: envBoolean(true),
  /** How long one aggregation of the search log serves the free feed (per process). */
  DEMAND_FEED_CACHE_MS: envInt(60_000, 0, 3_600_000),
  /** Searches of one client (IPv4 address, IPv6 /64) per hour that enter the demand log; later ones are
   * answered but not logged. Shared by api and mcp through Redis. */
  DEMAND_LOG_PER_CLIENT_PER_HOUR: envInt(120, 1, 1_000_000),
  /** Non-production only: override the free feed's delay behind live (hours), for demos and e2e. */
  DEMAND_DELAY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .optional(),
};

/**
 * The demand settings a verb needs, from parsed config. Production refuses a delay override and the public
 * local salt; the error names the variable.
 */
export function demandFromConfig(c: {
  NODE_ENV?: string;
  DEMAND_SALT: string;
  DEMAND_K_FLOOR: number;
  PAID_DEMAND_LIVE: boolean;
  DEMAND_DELAY_HOURS?: number | undefined;
  DEMAND_FEED_CACHE_MS: number;
}) {
  if (c.NODE_ENV === "production" && c.DEMAND_DELAY_HOURS !== undefined)
    throw new Error("DEMAND_DELAY_HOURS: not allowed in production (the delay behind live is policy)");
  if (c.NODE_ENV === "production" && c.DEMAND_SALT === LOCAL_DEMAND_SALT)
    throw new Error("DEMAND_SALT: set a secret salt in production (the default one is public)");
  return {
    salt: c.DEMAND_SALT,
    kFloor: c.DEMAND_K_FLOOR,
    paidTierLive: c.PAID_DEMAND_LIVE,
    delayHours: c.DEMAND_DELAY_HOURS,
    cacheMs: c.DEMAND_FEED_CACHE_MS,
  };
}

/** Discovery by meaning: the embedding model runs in each api/mcp replica (off to plain text when false). */
export const searchEnv = {
  SEMANTIC_SEARCH: envBoolean(true),
  /** Vectors of needs kept per replica (least recently used dropped first; ~2.3 KB each with their objects). */
  QUERY_VECTOR_CACHE: envInt(20_000, 1, 1_000_000),
};
