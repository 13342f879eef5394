import { randomBytes } from "node:crypto";
import { testPrefix } from "@tollgate/db/testing";
import { ADMIN_URL, RUN_DB_PREFIX } from "@tollgate/db/testing/shared";
import {
  dropQueuePrefix,
  localWallet,
  type RunningService,
  type ServiceName,
  startService,
} from "@tollgate/devnet";

export interface World {
  databaseUrl: string;
  env: Record<string, string>;
  services: Map<string, RunningService>;
  start(name: ServiceName, extraEnv?: Record<string, string>): Promise<RunningService>;
  url(name: ServiceName): string;
  stop(): Promise<void>;
}

/**
 * A fresh world for one e2e file: its own database (the services create and migrate it themselves),
 * its own Redis queue prefix, and every service started as a separate process on demand.
 */
export function createWorld(baseEnv: Record<string, string> = {}): World {
  const id = randomBytes(5).toString("hex");
  const u = new URL(ADMIN_URL);
  u.pathname = `/${RUN_DB_PREFIX}e2e_${id}`;
  const env: Record<string, string> = {
    NODE_ENV: "test",
    DATABASE_URL: u.toString(),
    REDIS_URL: "redis://127.0.0.1:6379",
    QUEUE_PREFIX: testPrefix("e2e"),
    API_PORT: "0",
    MCP_PORT: "0",
    // The scout's wallet on the devnet chain (a deterministic local key, funded by startChain).
    SCOUT_PRIVATE_KEY: localWallet("scout").privateKey,
    ...baseEnv,
  };
  const services = new Map<string, RunningService>();
  return {
    databaseUrl: env.DATABASE_URL!,
    env,
    services,
    async start(name, extraEnv = {}) {
      const s = await startService(name, { ...env, ...extraEnv });
      services.set(name, s);
      return s;
    },
    url(name) {
      const s = services.get(name);
      if (!s || typeof s.ready.url !== "string") throw new Error(`${name} is not running or printed no url`);
      return s.ready.url;
    },
    async stop() {
      await Promise.all([...services.values()].map((s) => s.stop()));
      services.clear();
      await dropQueuePrefix(env.QUEUE_PREFIX!, env.REDIS_URL);
    },
  };
}
