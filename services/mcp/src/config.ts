import { baseEnv, demandEnv, envInt, searchEnv } from "@tollgate/platform";
import { z } from "zod";

export const mcpEnvSchema = z.object({
  ...baseEnv,
  ...demandEnv,
  ...searchEnv,
  MCP_HOST: z.string().default("127.0.0.1"),
  MCP_PORT: envInt(8090, 0, 65535),
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    ),
});
export type McpConfig = z.infer<typeof mcpEnvSchema>;
