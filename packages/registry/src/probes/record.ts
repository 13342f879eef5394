import type { Db } from "@tollgate/db";
import { sql } from "kysely";
import { type RecordOptions, recordProbes } from "./record-batch.js";

/** What one probe observed, as the prober hands it over. */
export interface ProbeOutcome {
  listingId: string;
  slot: number;
  at: Date;
  passed: boolean;
  failureReason: string | null;
  httpStatus: number | null;
  latencyMs: number;
  verifiedVia: "GET" | "POST" | null;
  sampleOk: boolean | null;
  challenge: null | {
    x402Version: number | null;
    protocols: string[];
    transport: string;
    scheme: string | null;
    network: string | null;
    asset: string | null;
    /** The chosen x402 offer's payTo, or an MPP-only challenge's `evm` charge recipient on Base. */
    payTo: string | null;
    acceptsCount: number;
    acceptsIndex: number | null;
    amountAtomic: string | null;
    amountUsd: number | null;
    domainName: string | null;
    domainVersion: string | null;
    mppMethods: string[] | null;
    mppOffers: unknown;
    headerBytes: number;
    testnet: boolean;
    payToSentinel: boolean;
  };
  detail?: Record<string, unknown>;
}

export type RecordResult =
  | { recorded: false }
  | { recorded: true; statusChange: { from: string; to: string } | null };

/**
 * Record one probe and everything it changes, in one transaction: the probe row (unique per listing and
 * slot, so a redelivered job counts once), counters, score, status (with one status-change row when it
 * really changes), latency percentiles, the observed challenge and payTo stability, and the next check.
 * The prober records many at once with `recordProbes` (same rules, one transaction per batch).
 */
export async function recordProbe(db: Db, o: ProbeOutcome, opts: RecordOptions = {}): Promise<RecordResult> {
  const [result] = await recordProbes(db, [o], opts);
  return result ?? { recorded: false };
}

/** Listings whose probe is due (leased or not; used by tests and metrics). */
export async function countDue(db: Db, now = new Date()): Promise<number> {
  const r = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM listings WHERE status <> 'delisted' AND next_check_by <= ${now}`.execute(
    db,
  );
  return r.rows[0]?.n ?? 0;
}
