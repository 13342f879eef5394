import type { Db } from "@tollgate/db";
import type { Limiter, Logger, SafeHttpClient } from "@tollgate/platform";
import type { DiscoverDeps, HostCheck } from "@tollgate/registry";
import type { Payments } from "./payments.js";

/** Everything a route needs, built once in main.ts (or by a test) and passed in. */
export interface AppDeps {
  db: Db;
  log: Logger;
  serviceName: string;
  maxBodyBytes: number;
  allowHttpEndpoints: boolean;
  trustedProxies: string[];
  checkHost: HostCheck;
  discover: DiscoverDeps;
  payments: Payments;
  /** The SSRF-safe client: the only way the API fetches a user-supplied URL (claim proofs). */
  safeClient: SafeHttpClient;
  /** Redis-backed limits shared by every api replica. */
  limits: { challenge: Limiter; claim: Limiter };
  demand: {
    salt: string;
    kFloor: number;
    paidTierLive: boolean;
    delayHours?: number | undefined;
    cacheMs?: number;
  };
}
