import { baseEnv, demandEnv, envCidrList, envInt, opsEnv, searchEnv } from "@tollgate/platform";
import { z } from "zod";

export const mcpEnvSchema = z.object({
  ...baseEnv,
  ...demandEnv,
  ...searchEnv,
  ...opsEnv(9402),
  MCP_HOST: z.string().default("127.0.0.1"),
  MCP_PORT: envInt(8090, 0, 65535),
  /** CIDR ranges of the proxies whose X-Forwarded-For hops are believed (walked from the right). */
  TRUSTED_PROXIES: envCidrList(),
  /** POST /mcp per client (IPv4 address, IPv6 /64) per minute. */
  MCP_LIMIT_PER_MINUTE: envInt(600, 1, 1_000_000),
});
export type McpConfig = z.infer<typeof mcpEnvSchema>;
