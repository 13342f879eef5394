import type { Db } from "@tollgate/db";
import type { Cidr, Logger, Registry, SafeHttpClient } from "@tollgate/platform";
import type { DiscoverDeps, HostCheck, SearchEvent } from "@tollgate/registry";
import type { TransactionProofReader } from "@tollgate/x402";
import type { DiscoverCache, ListingCache } from "./cache.js";
import type { ApiLimits } from "./limits.js";
import type { Payments } from "./payments.js";

/** Everything a route needs, built once in main.ts (or by a test) and passed in. */
export interface AppDeps {
  db: Db;
  log: Logger;
  serviceName: string;
  /** The API's public origin: every absolute link (key_url, attestation_url) is built from it, never from Host. */
  publicBaseUrl: string;
  /** {site_url}: the site's own origin (the same app answers there); pages link with it. Default: publicBaseUrl. */
  siteUrl?: string;
  maxBodyBytes: number;
  allowHttpEndpoints: boolean;
  /** Proxies whose X-Forwarded-For hops are believed (TRUSTED_PROXIES, parsed). */
  trustedProxies: readonly Cidr[];
  checkHost: HostCheck;
  discover: DiscoverDeps;
  payments: Payments;
  /** The process's Prometheus registry: request latency by route pattern (absent: not measured). */
  metrics?: Registry;
  /** The SSRF-safe client: the only way the API fetches a user-supplied URL (claim proofs). */
  safeClient: SafeHttpClient;
  /** Redis-backed limits shared by every api replica, per client (IPv4 address, IPv6 /64). */
  limits: ApiLimits;
  /** Serialised GET /v1/listings/{id} answers, dropped on change notifications (absent: no caching). */
  listingCache?: ListingCache;
  /**
   * Serialised GET /v1/discover answers (absent: none kept), keyed with `matcherState` (the semantic index's
   * state: an answer is never served across a model or index change).
   */
  discoverCache?: { cache: DiscoverCache<SearchEvent>; matcherState: () => string };
  /** How long a computed /v1/stats answer is served (0 or absent: computed per request). */
  statsCacheMs?: number;
  /** POST /v1/reports: the chain that proves a reported payment (receipts), and the USDC contract. */
  reports?: { proof: TransactionProofReader | null; usdc: string };
  /**
   * TOLLGATE_STRICT_ERROR_DOCS (tests only): an error answer whose code its operation does not document in
   * /openapi.json is logged and answered 500 instead (error-docs.ts). Off in production.
   */
  strictErrorDocs?: boolean;
  demand: {
    salt: string;
    kFloor: number;
    paidTierLive: boolean;
    delayHours?: number | undefined;
    cacheMs?: number;
  };
}
