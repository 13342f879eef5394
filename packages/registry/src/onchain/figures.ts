import type { Db } from "@tollgate/db";
import { sql } from "kysely";

const DAY = 86_400_000;
export const ONCHAIN_WINDOW_DAYS = 30;
export const SHAPE_SAMPLE = 25;

/** One UTC day of payments to an address (or to every listed payTo, in the ledger). */
export interface OnchainDay {
  day: string;
  tx: number;
  payers: number;
  usd: number;
}

/** The most recent payments classified by their transaction's call data. */
export interface OnchainShape {
  sample_n: number;
  eip3009: number;
  plain: number;
  other: number;
  sampled_at: number;
}

/** 30-day figures for one payTo, as the indexer stores them on each listing declaring it. */
export interface OnchainFigures {
  pay_to: string;
  scope: string;
  shared_by_listings: number;
  tx_count_30d: number;
  unique_payers_30d: number;
  volume_usd_30d: number;
  daily: OnchainDay[];
  shape: OnchainShape | null;
  source: "index";
}

/** Statuses of listings whose payTo the index follows. */
export const LISTED_STATUSES = ["unverified", "verified", "failing"] as const;

/** A payTo the index can follow on Base: an EVM address (a Solana-only offer's base58 payTo is not one). */
const EVM_PAY_TO = "^0x[0-9a-f]{40}$";

/** The EVM payTo addresses (lowercase) declared by active listings, with how many listings declare each. */
export async function listedPayTos(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("listings")
    .select([sql<string>`lower(obs_pay_to)`.as("pay_to"), sql<number>`count(*)::int`.as("n")])
    .where("status", "in", [...LISTED_STATUSES])
    .where(sql<boolean>`obs_pay_to ~* ${EVM_PAY_TO}`)
    .groupBy(sql`lower(obs_pay_to)`)
    .execute();
  return new Map(rows.map((r) => [r.pay_to, r.n]));
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** Today plus the 30 prior UTC days, oldest first, zero-filled from the rows given. */
export function fillDays(now: Date, rows: { day: string; tx: number; payers: number; usd: number }[]) {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out: OnchainDay[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let i = ONCHAIN_WINDOW_DAYS; i >= 0; i--) {
    const day = dayKey(new Date(today - i * DAY));
    const r = byDay.get(day);
    out.push({ day, tx: r?.tx ?? 0, payers: r?.payers ?? 0, usd: r ? round6(r.usd) : 0 });
  }
  return out;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const windowStart = (now: Date) => new Date(now.getTime() - ONCHAIN_WINDOW_DAYS * DAY);

/** Shape of the most recent classified payments (to the given addresses, or to all of them). */
async function shapeOf(db: Db, addresses: string[], now: Date): Promise<OnchainShape | null> {
  if (addresses.length === 0) return null;
  const rows = await db
    .selectFrom("chain_transfers")
    .select("call_kind")
    .where("to_addr", "in", addresses)
    .where("block_time", ">=", windowStart(now))
    .where("call_kind", "is not", null)
    .orderBy("block_number", "desc")
    .orderBy("log_index", "desc")
    .limit(SHAPE_SAMPLE)
    .execute();
  if (rows.length === 0) return null;
  const count = (k: string) => rows.filter((r) => r.call_kind === k).length;
  return {
    sample_n: rows.length,
    eip3009: count("eip3009"),
    plain: count("plain"),
    other: count("other"),
    sampled_at: Math.floor(now.getTime() / 1000),
  };
}

/** 30-day totals and the daily series of payments to a set of addresses. */
async function windowFigures(db: Db, addresses: string[], now: Date) {
  const since = windowStart(now);
  const totals = await db
    .selectFrom("chain_transfers")
    .select([
      sql<number>`count(*)::int`.as("tx"),
      sql<number>`count(distinct from_addr)::int`.as("payers"),
      sql<string>`coalesce(sum(amount_atomic), 0)::text`.as("atomic"),
    ])
    .where("to_addr", "in", addresses)
    .where("block_time", ">=", since)
    .executeTakeFirstOrThrow();
  const days = await db
    .selectFrom("chain_transfers")
    .select([
      sql<string>`to_char(block_time at time zone 'UTC', 'YYYY-MM-DD')`.as("day"),
      sql<number>`count(*)::int`.as("tx"),
      sql<number>`count(distinct from_addr)::int`.as("payers"),
      sql<string>`sum(amount_atomic)::text`.as("atomic"),
    ])
    .where("to_addr", "in", addresses)
    .where("block_time", ">=", since)
    .groupBy(sql`1`)
    .execute();
  return {
    tx: totals.tx,
    payers: totals.payers,
    usd: round6(Number(totals.atomic) / 1e6),
    daily: fillDays(
      now,
      days.map((d) => ({ day: d.day, tx: d.tx, payers: d.payers, usd: Number(d.atomic) / 1e6 })),
    ),
  };
}

/** The figures for one payTo (lowercase) at `now`. */
export async function figuresFor(db: Db, payTo: string, shared: number, now: Date): Promise<OnchainFigures> {
  const w = await windowFigures(db, [payTo], now);
  return {
    pay_to: payTo,
    scope: shared > 1 ? `wallet shared by ${shared} listings` : "own payTo",
    shared_by_listings: shared,
    tx_count_30d: w.tx,
    unique_payers_30d: w.payers,
    volume_usd_30d: w.usd,
    daily: w.daily,
    shape: await shapeOf(db, [payTo], now),
    source: "index",
  };
}

/**
 * Write the 30-day figures onto every active listing whose payTo is in `payTos` (addresses the index
 * has caught up on). Figures belong to the address: listings sharing it get the same figures.
 */
export async function refreshOnchainFigures(db: Db, payTos: Iterable<string>, now = new Date()) {
  const listed = await listedPayTos(db);
  let written = 0;
  for (const payTo of payTos) {
    const shared = listed.get(payTo);
    if (!shared) continue;
    const figures = await figuresFor(db, payTo, shared, now);
    const res = await db
      .updateTable("listings")
      .set({ onchain: JSON.stringify(figures), onchain_checked_at: now })
      .where(sql<boolean>`lower(obs_pay_to) = ${payTo}`)
      .where("status", "in", [...LISTED_STATUSES])
      .executeTakeFirst();
    written += Number(res.numUpdatedRows);
  }
  return written;
}

/** The listing's figures when they describe its current payTo; null otherwise (not indexed yet). */
export function onchainOf(row: {
  onchain: unknown;
  onchain_checked_at: Date | null;
  obs_pay_to: string | null;
}): (OnchainFigures & { checked_at: Date }) | null {
  const f = row.onchain as OnchainFigures | null;
  if (!f || !row.onchain_checked_at || !row.obs_pay_to) return null;
  if (f.pay_to !== row.obs_pay_to.toLowerCase()) return null;
  return { ...f, checked_at: row.onchain_checked_at };
}

/**
 * The data of `/state/the-ledger.json`: 30-day USDC payments to listed sellers, as the index saw them.
 * totals, shape (sampled), daily[], not_seen[] (listings whose payTo received nothing in the window).
 */
export async function ledgerReport(db: Db, now = new Date()) {
  const listed = await listedPayTos(db);
  const addresses = [...listed.keys()];
  const watched = await db.selectFrom("chain_watch").select(["address", "synced_to"]).execute();
  const lastBlock = watched.reduce((m, w) => Math.max(m, Number(w.synced_to)), 0);
  const w =
    addresses.length > 0
      ? await windowFigures(db, addresses, now)
      : { tx: 0, payers: 0, usd: 0, daily: fillDays(now, []) };
  const paid =
    addresses.length > 0
      ? await db
          .selectFrom("chain_transfers")
          .select(sql<string>`distinct to_addr`.as("to_addr"))
          .where("to_addr", "in", addresses)
          .where("block_time", ">=", windowStart(now))
          .execute()
      : [];
  const paidSet = new Set(paid.map((p) => p.to_addr));
  const notSeen = await db
    .selectFrom("listings")
    .select(["id", "name", "endpoint_url", "obs_pay_to"])
    .where("status", "in", [...LISTED_STATUSES])
    .where(sql<boolean>`obs_pay_to ~* ${EVM_PAY_TO}`)
    .orderBy("id")
    .execute();
  return {
    generated_at: Math.floor(now.getTime() / 1000),
    window_days: ONCHAIN_WINDOW_DAYS,
    source: "index",
    indexed_to_block: lastBlock || null,
    totals: {
      payments: w.tx,
      unique_payers: w.payers,
      volume_usd: w.usd,
      listed_pay_tos: addresses.length,
      pay_tos_paid: paidSet.size,
    },
    shape: await shapeOf(db, addresses, now),
    daily: w.daily,
    not_seen: notSeen
      .filter((l) => !paidSet.has((l.obs_pay_to ?? "").toLowerCase()))
      .map((l) => ({ listing_id: l.id, name: l.name, endpoint_url: l.endpoint_url, pay_to: l.obs_pay_to })),
    basis:
      "USDC Transfer logs on Base to payTo addresses of active listings over the last 30 days, from the registry's own index; a payTo shared by several listings is counted once",
  };
}
