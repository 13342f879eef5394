import { baseEnv, envBoolean, envInt, netEnv, parseConfig } from "@tollgate/platform";
import { z } from "zod";

export const apiEnvSchema = z
  .object({
    ...baseEnv,
    ...netEnv,
    API_HOST: z.string().default("127.0.0.1"),
    API_PORT: envInt(8080, 0, 65535),
    PUBLIC_BASE_URL: z.string().url().optional(),
    /** Comma-separated proxy addresses whose X-Forwarded-For is believed. */
    TRUSTED_PROXIES: z
      .string()
      .default("")
      .transform((s) =>
        s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    MAX_BODY_BYTES: envInt(64 * 1024, 1024, 10 * 1024 * 1024),
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
