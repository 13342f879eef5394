import type { Db } from "@tollgate/db";
import { LISTED_STATUSES, listedPayTos, refreshOnchainFigures, SHAPE_SAMPLE } from "@tollgate/registry";
import { sql } from "kysely";
import { decodeFunctionData, parseAbi } from "viem";

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** The one-writer lock: a second replica waits on it. */
export const INDEXER_LOCK_KEY = 7_411_900_013n;

/**
 * Call-data selectors of USDC that move money: EIP-3009 (transferWithAuthorization and
 * receiveWithAuthorization, each in its v,r,s and bytes-signature form) and plain transfer / transferFrom.
 */
const EIP3009 = new Set(["0xe3ee160e", "0xcf092995", "0xef55bec6", "0x88b7ab63"]);
const PLAIN = new Set(["0xa9059cbb", "0x23b872dd"]);
/** keccak256("AuthorizationUsed(address,bytes32)"): USDC emits it right before an EIP-3009 transfer. */
export const AUTHORIZATION_USED_TOPIC = "0x98de503528ee59b575ef0c0a2576a82497bfc029a5685b209e9ec333479b10a5";
const MULTICALL3 = "0xca11bde05977b3631167028862be2a173976ca11";
const AGGREGATE3_ABI = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
]);

/**
 * How a transaction paid, from its call data: eip3009 (transferWithAuthorization or receiveWithAuthorization on
 * USDC; the first is the x402 exact scheme), plain (transfer or transferFrom on USDC) or other. A facilitator
 * may settle several x402 payments in one Multicall3 aggregate3 transaction: one whose every call is an
 * EIP-3009 transfer on USDC is eip3009. `paymentKind` also reads the receipt, for payments a contract relayed.
 */
export function callKind(
  t: { input: string; to: string | null },
  usdc: string,
): "eip3009" | "plain" | "other" {
  const selector = t.input.slice(0, 10).toLowerCase();
  const to = t.to?.toLowerCase();
  if (to === usdc.toLowerCase())
    return EIP3009.has(selector) ? "eip3009" : PLAIN.has(selector) ? "plain" : "other";
  if (to !== MULTICALL3) return "other";
  try {
    const { functionName, args } = decodeFunctionData({
      abi: AGGREGATE3_ABI,
      data: t.input as `0x${string}`,
    });
    const calls = functionName === "aggregate3" ? args[0] : [];
    return calls.length > 0 &&
      calls.every(
        (c) =>
          c.target.toLowerCase() === usdc.toLowerCase() && EIP3009.has(c.callData.slice(0, 10).toLowerCase()),
      )
      ? "eip3009"
      : "other";
  } catch {
    return "other";
  }
}

interface ReceiptLog {
  address: string;
  topics: string[];
  logIndex: string;
}

/**
 * How one payment (the USDC Transfer log at `logIndex`) was made. eip3009 when USDC itself recorded an
 * EIP-3009 authorization of the payer for it: its AuthorizationUsed event, with the payer as authorizer,
 * right before the Transfer (USDC emits the two together in transferWithAuthorization and
 * receiveWithAuthorization), whoever called USDC: a facilitator directly, Multicall3, a forwarder, a
 * smart-contract wallet or a 4337 bundler. Otherwise the transaction's call data decides (`callKind`):
 * transfer or transferFrom sent to USDC is plain; a contract moving USDC any other way is other.
 */
export function paymentKind(
  t: { input: string; to: string | null },
  logs: readonly ReceiptLog[],
  logIndex: number,
  usdc: string,
): "eip3009" | "plain" | "other" {
  const at = logs.findIndex((l) => Number(BigInt(l.logIndex)) === logIndex);
  const transfer = at >= 0 ? logs[at] : undefined;
  const before = at > 0 ? logs[at - 1] : undefined;
  if (
    transfer &&
    before &&
    Number(BigInt(before.logIndex)) === logIndex - 1 &&
    before.address.toLowerCase() === usdc.toLowerCase() &&
    before.topics[0]?.toLowerCase() === AUTHORIZATION_USED_TOPIC &&
    addressOfTopic(before.topics[1] ?? "0x") === addressOfTopic(transfer.topics[1] ?? "0x")
  )
    return "eip3009";
  return callKind(t, usdc);
}

export interface IndexerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** How often (in ranges read) old block hashes are pruned. */
const PRUNE_EVERY_RANGES = 50;

export interface IndexerOptions {
  db: Db;
  rpcUrl: string;
  /** The USDC contract whose Transfer logs are followed. */
  usdc: string;
  /** First block of the backfill for a newly listed payTo. */
  startBlock: number;
  /** Blocks behind the head that are not read yet. */
  confirmations: number;
  /** Largest block range per eth_getLogs; halves when the RPC refuses a range, grows back after. */
  maxRange?: number;
  /** payTo addresses per eth_getLogs. */
  addressChunk?: number;
  /** Wait between polls once caught up. */
  pollMs?: number;
  /** Every caught-up payTo's figures are recomputed this often (the 30-day window slides); payTos with
   * new payments, new listings or a rewind are recomputed on the pass that sees them. */
  figuresEveryMs?: number;
  /** Wait between tries for the lock. */
  lockPollMs?: number;
  /**
   * Block hashes kept below the newest stored one, for noticing a reorg (older ones are pruned: a reorg
   * deeper than this, far past Base's finality, is not looked for). At least 64.
   */
  keepBlocks?: number;
  log?: IndexerLog;
}

interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  blockTimestamp?: string;
}

/** The RPC refused a query as too large (range or result size): the range halves. */
export class RangeRefusedError extends Error {}

/** Accepted ranges in a row before the range doubles again. */
const GROW_AFTER = 8;
const TOO_LARGE = /range|too (large|many|big)|limit|exceed|more than|response size/i;
const silent: IndexerLog = { info() {}, warn() {} };
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(t);
      resolve();
    };
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });

const topicAddress = (a: string) => `0x${a.toLowerCase().replace(/^0x/, "").padStart(64, "0")}`;
const addressOfTopic = (t: string) => `0x${t.slice(-40)}`.toLowerCase();

const ZERO_ADDRESS = `0x${"0".repeat(40)}`;
const atomicOf = (l: Pick<RpcLog, "data">) => BigInt(l.data === "0x" ? 0 : l.data);

/**
 * A Transfer log that is a payment: emitted by USDC itself (the node filters by address; checked again),
 * of more than 0, from another wallet than the payee, and neither a mint (from the zero address) nor a burn
 * (to it). A 0 transfer is no payment: anyone can make one from any wallet (transferFrom of 0 needs no
 * allowance; address poisoning does it), and it would count a payer who never paid. A payTo sending to
 * itself and USDC minted to it (Circle, a bridge) are no customer's payment either; the report check refuses
 * both the same way. USDC's burns (redemptions, CCTP) are Transfers to the zero address: a listing whose
 * payTo is the zero address (a sentinel) would otherwise show every burn on Base as its revenue.
 */
export function isPayment(l: Pick<RpcLog, "address" | "topics" | "data">, usdc: string): boolean {
  if (l.address.toLowerCase() !== usdc.toLowerCase() || l.topics.length !== 3) return false;
  if (l.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) return false;
  const from = addressOfTopic(l.topics[1] ?? "0x");
  const to = addressOfTopic(l.topics[2] ?? "0x");
  if (from === ZERO_ADDRESS || to === ZERO_ADDRESS || from === to) return false;
  return atomicOf(l) > 0n;
}

/** A JSON-RPC client over fetch: errors keep the node's message (range refusals are told apart). */
export function jsonRpc(url: string, timeoutMs = 10_000) {
  let id = 0;
  return async function call<T>(method: string, params: unknown[]): Promise<T> {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: { result?: T; error?: { code?: number; message?: string } };
    try {
      body = JSON.parse(text);
    } catch {
      if (res.status === 413 || TOO_LARGE.test(text)) throw new RangeRefusedError(text.slice(0, 200));
      throw new Error(`${method}: HTTP ${res.status} ${text.slice(0, 200)}`);
    }
    if (body.error) {
      const msg = `${method}: ${body.error.message ?? "error"} (${body.error.code ?? "?"})`;
      if (
        method === "eth_getLogs" &&
        (body.error.code === -32005 || TOO_LARGE.test(body.error.message ?? ""))
      )
        throw new RangeRefusedError(msg);
      throw new Error(msg);
    }
    if (!res.ok) throw new Error(`${method}: HTTP ${res.status}`);
    return body.result as T;
  };
}

/**
 * The chain indexer: one writer (Postgres advisory lock), following USDC Transfer logs to every listed
 * payTo. Each payTo has its own cursor (chain_watch.synced_to); addresses at the same cursor are read
 * together, so a newly listed payTo backfills from `startBlock` and joins the others once caught up.
 * Ranges stop `confirmations` blocks behind the head. Transfers, block hashes and the cursor move in one
 * transaction, and transfers are unique by (tx_hash, log_index): a crash or a re-read counts nothing twice.
 */
export class ChainIndexer {
  state: "idle" | "waiting_for_lock" | "running" | "stopped" = "idle";
  range: number;
  /**
   * Blocks between the chain head and the lowest cursor of the listed payTos at the last pass
   * (confirmations included, so a caught-up indexer shows about `confirmations`); undefined before one.
   */
  lagBlocks: number | undefined;
  /** When the last pass finished (epoch ms). */
  lastPassAt: number | undefined;
  /** Counters for tests and the benchmark. */
  readonly stats = {
    logs: 0,
    ranges: 0,
    refusals: 0,
    rpcErrors: 0,
    reorgs: 0,
    /** Ranges read but not stored because the chain moved under the read. */
    movedUnderRead: 0,
    figureRefreshes: 0,
  };
  private readonly abort = new AbortController();
  private loop: Promise<void> | null = null;
  private readonly rpc;
  private readonly log: IndexerLog;
  private readonly maxRange: number;
  private okStreak = 0;
  /** payTos whose figures changed since they were last written. */
  private readonly dirty = new Set<string>();
  private lastFullRefresh = 0;

  constructor(private readonly o: IndexerOptions) {
    this.rpc = jsonRpc(o.rpcUrl);
    this.log = o.log ?? silent;
    this.maxRange = o.maxRange ?? 2000;
    this.range = this.maxRange;
  }

  /** Start in the background: wait for the lock, then index until stop(). Never ends by itself. */
  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
    this.state = "stopped";
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    await this.o.db.connection().execute(async (conn) => {
      this.state = "waiting_for_lock";
      while (!signal.aborted) {
        const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${INDEXER_LOCK_KEY}) as ok`
          .execute(conn)
          .then((r) => r.rows[0]?.ok === true)
          .catch(() => false);
        if (got) break;
        await wait(this.o.lockPollMs ?? 2000, signal);
      }
      if (signal.aborted) return;
      this.state = "running";
      this.log.info({ lock: String(INDEXER_LOCK_KEY) }, "holding the indexer lock");
      try {
        const dropped = await this.dropNonPayments().catch(() => 0);
        if (dropped > 0) this.log.info({ dropped }, "dropped stored transfers that are no payments");
        let failures = 0;
        while (!signal.aborted) {
          try {
            const caughtUp = await this.tick();
            failures = 0;
            if (caughtUp) await wait(this.o.pollMs ?? 2000, signal);
          } catch (err) {
            failures++;
            this.stats.rpcErrors++;
            const backoff = Math.min(30_000, 250 * 2 ** Math.min(failures, 7));
            this.log.warn({ err: String(err), backoff_ms: backoff }, "index pass failed; retrying");
            await wait(backoff, signal);
          }
        }
      } finally {
        await sql`select pg_advisory_unlock(${INDEXER_LOCK_KEY})`.execute(conn).catch(() => undefined);
      }
    });
  }

  /** One pass: follow the listed set, notice reorgs, read ranges for a while, refresh figures. */
  async tick(): Promise<boolean> {
    const { db } = this.o;
    // EVM payTos only (listedPayTos): a base58 one in an eth_getLogs topic made the node refuse every pass.
    const listed = await listedPayTos(db);
    if (listed.size > 0)
      await db
        .insertInto("chain_watch")
        .values([...listed.keys()].map((address) => ({ address, synced_to: this.o.startBlock - 1 })))
        .onConflict((oc) => oc.column("address").doNothing())
        .execute();
    const head = Number(BigInt(await this.rpc<string>("eth_blockNumber", [])));
    const target = head - this.o.confirmations;
    await this.checkReorg();
    const sliceEnd = Date.now() + 5000;
    let caughtUp = false;
    while (!this.abort.signal.aborted && Date.now() < sliceEnd) {
      const watch = await db.selectFrom("chain_watch").select(["address", "synced_to"]).execute();
      let lowest = head;
      for (const w of watch) if (listed.has(w.address)) lowest = Math.min(lowest, Number(w.synced_to));
      this.lagBlocks = Math.max(0, head - lowest);
      const behind = watch
        .filter((w) => listed.has(w.address) && Number(w.synced_to) < target)
        .map((w) => ({ address: w.address, at: Number(w.synced_to) }));
      if (behind.length === 0) {
        caughtUp = true;
        break;
      }
      const low = Math.min(...behind.map((b) => b.at));
      const group = behind.filter((b) => b.at === low).map((b) => b.address);
      const next = Math.min(target, ...behind.filter((b) => b.at > low).map((b) => b.at));
      // The chain moved under the read (see readRange): nothing was stored; rewind if stored blocks left
      // the chain, then read again.
      if (!(await this.readRange(group, low, Math.min(low + this.range, next)))) await this.checkReorg();
    }
    await this.classify([...listed.keys()]);
    await this.refreshFigures(listed, target);
    this.lastPassAt = Date.now();
    return caughtUp;
  }

  /** Write figures for caught-up payTos: changed or never written ones now, all of them periodically. */
  private async refreshFigures(listed: Map<string, number>, target: number): Promise<void> {
    const { db } = this.o;
    const ready = (await db.selectFrom("chain_watch").select(["address", "synced_to"]).execute())
      .filter((w) => listed.has(w.address) && Number(w.synced_to) >= target)
      .map((w) => w.address);
    if (ready.length === 0) return;
    const full = Date.now() - this.lastFullRefresh >= (this.o.figuresEveryMs ?? 60_000);
    let due = ready;
    if (!full) {
      const unwritten = await db
        .selectFrom("listings")
        .select(sql<string>`distinct lower(obs_pay_to)`.as("pay_to"))
        .where("status", "in", [...LISTED_STATUSES])
        .where("obs_pay_to", "is not", null)
        .where((eb) =>
          eb.or([
            eb("onchain_checked_at", "is", null),
            eb(sql`onchain->>'pay_to'`, "is distinct from", sql`lower(obs_pay_to)`),
          ]),
        )
        .execute();
      const missing = new Set(unwritten.map((u) => u.pay_to));
      due = ready.filter((a) => this.dirty.has(a) || missing.has(a));
    }
    if (due.length === 0) return;
    await refreshOnchainFigures(db, due);
    for (const a of due) this.dirty.delete(a);
    if (full) this.lastFullRefresh = Date.now();
    this.stats.figureRefreshes++;
  }

  /**
   * Read (from, to] for a group of addresses at the same cursor; halves the range on refusal. Stores nothing
   * and returns false when the chain moved under the read: the range's last block changed while its logs
   * were fetched (the logs may be of a branch that is gone), or the newest stored block is no longer on the
   * chain (a reorg after the pass looked for one; storing this range above it would hide it from the next
   * look, which only checks the newest stored hash).
   */
  private async readRange(addresses: string[], from: number, to: number): Promise<boolean> {
    const chunk = this.o.addressChunk ?? 100;
    let end = to;
    let logs: RpcLog[];
    let anchor: string | null;
    for (;;) {
      try {
        anchor = await this.hashAt(end);
        if (!anchor) throw new Error(`block ${end} not found (chain moved back)`);
        logs = [];
        for (let i = 0; i < addresses.length; i += chunk) {
          const topics = [TRANSFER_TOPIC, null, addresses.slice(i, i + chunk).map(topicAddress)];
          logs.push(
            ...(await this.rpc<RpcLog[]>("eth_getLogs", [
              {
                address: this.o.usdc,
                fromBlock: `0x${(from + 1).toString(16)}`,
                toBlock: `0x${end.toString(16)}`,
                topics,
              },
            ])),
          );
        }
        break;
      } catch (err) {
        if (!(err instanceof RangeRefusedError)) throw err;
        this.stats.refusals++;
        const span = end - from;
        if (span <= 1) throw err;
        this.okStreak = 0;
        this.range = Math.max(1, Math.floor(span / 2));
        end = from + this.range;
        this.log.warn({ range: this.range }, "RPC refused the range; halving");
      }
    }
    const endBlock = await this.rpc<{ hash: string } | null>("eth_getBlockByNumber", [
      `0x${end.toString(16)}`,
      false,
    ]);
    if (!endBlock) throw new Error(`block ${end} not found (chain moved back)`);
    if (endBlock.hash.toLowerCase() !== anchor || !(await this.storedTopCanonical())) {
      this.stats.movedUnderRead++;
      this.log.warn({ from, to: end }, "the chain moved while a range was read; not stored, looking again");
      return false;
    }
    logs = logs.filter((l) => isPayment(l, this.o.usdc));
    const times = await this.blockTimes(logs);
    await this.o.db.transaction().execute(async (tx) => {
      if (logs.length > 0)
        for (let i = 0; i < logs.length; i += 1000)
          await tx
            .insertInto("chain_transfers")
            .values(
              logs.slice(i, i + 1000).map((l) => ({
                tx_hash: l.transactionHash.toLowerCase(),
                log_index: Number(BigInt(l.logIndex)),
                block_number: Number(BigInt(l.blockNumber)),
                block_hash: l.blockHash.toLowerCase(),
                block_time: new Date(Number(times.get(l.blockHash)) * 1000),
                from_addr: addressOfTopic(l.topics[1] ?? "0x"),
                to_addr: addressOfTopic(l.topics[2] ?? "0x"),
                amount_atomic: atomicOf(l).toString(),
              })),
            )
            .onConflict((oc) => oc.columns(["tx_hash", "log_index"]).doNothing())
            .execute();
      const blocks = new Map<number, string>([[end, endBlock.hash.toLowerCase()]]);
      for (const l of logs) blocks.set(Number(BigInt(l.blockNumber)), l.blockHash.toLowerCase());
      await tx
        .insertInto("chain_blocks")
        .values([...blocks].map(([number, hash]) => ({ number, hash })))
        .onConflict((oc) => oc.column("number").doUpdateSet((eb) => ({ hash: eb.ref("excluded.hash") })))
        .execute();
      await tx
        .updateTable("chain_watch")
        .set({ synced_to: end })
        .where("address", "in", addresses)
        .where("synced_to", "=", String(from))
        .execute();
    });
    for (const l of logs) this.dirty.add(addressOfTopic(l.topics[2] ?? "0x"));
    this.stats.logs += logs.length;
    this.stats.ranges++;
    if (this.stats.ranges % PRUNE_EVERY_RANGES === 0) await this.pruneBlocks();
    // Grow back after a run of accepted ranges (a refused size is not retried at once).
    if (++this.okStreak >= GROW_AFTER && this.range < this.maxRange) {
      this.range = Math.min(this.maxRange, this.range * 2);
      this.okStreak = 0;
    }
    return true;
  }

  /** The newest stored block hash is still the chain's (true when none is stored). */
  private async storedTopCanonical(): Promise<boolean> {
    const top = await this.o.db
      .selectFrom("chain_blocks")
      .select(["number", "hash"])
      .orderBy("number", "desc")
      .limit(1)
      .executeTakeFirst();
    return !top || (await this.hashAt(Number(top.number))) === top.hash;
  }

  /**
   * Remove rows an earlier version stored that are no payments (see isPayment): 0 transfers, a payTo paying
   * itself, mints, burns. Run once when the lock is taken; the first pass then rewrites every payTo's figures.
   */
  async dropNonPayments(): Promise<number> {
    const r = await this.o.db
      .deleteFrom("chain_transfers")
      .where((eb) =>
        eb.or([
          eb("amount_atomic", "<=", "0"),
          eb("from_addr", "=", eb.ref("to_addr")),
          eb("from_addr", "=", ZERO_ADDRESS),
          eb("to_addr", "=", ZERO_ADDRESS),
        ]),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Drop block hashes older than the reorg window below the newest stored one. */
  async pruneBlocks(): Promise<number> {
    const keep = Math.max(64, this.o.keepBlocks ?? 10_000);
    const r =
      await sql`DELETE FROM chain_blocks WHERE number < (SELECT max(number) FROM chain_blocks) - ${keep}`.execute(
        this.o.db,
      );
    return Number(r.numAffectedRows ?? 0);
  }

  /** Block timestamps of the logs (from the log itself when the node includes it). */
  private async blockTimes(logs: RpcLog[]): Promise<Map<string, bigint>> {
    const times = new Map<string, bigint>();
    for (const l of logs) if (l.blockTimestamp) times.set(l.blockHash, BigInt(l.blockTimestamp));
    for (const l of logs) {
      if (times.has(l.blockHash)) continue;
      const b = await this.rpc<{ timestamp: string } | null>("eth_getBlockByHash", [l.blockHash, false]);
      if (!b) throw new Error(`block ${l.blockHash} not found (reorg under the read)`);
      times.set(l.blockHash, BigInt(b.timestamp));
    }
    return times;
  }

  /**
   * The newest stored block hash must still be on the chain; when it is not, find the newest stored block
   * that is, drop what was read above it and move every cursor back there (the next pass re-reads).
   */
  private async checkReorg(): Promise<void> {
    const { db } = this.o;
    const top = await db
      .selectFrom("chain_blocks")
      .select(["number", "hash"])
      .orderBy("number", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!top || (await this.hashAt(Number(top.number))) === top.hash) return;
    let keep = this.o.startBlock - 1;
    let before = Number(top.number);
    search: for (;;) {
      const rows = await db
        .selectFrom("chain_blocks")
        .select(["number", "hash"])
        .where("number", "<", String(before))
        .orderBy("number", "desc")
        .limit(64)
        .execute();
      if (rows.length === 0) break;
      for (const r of rows) {
        if ((await this.hashAt(Number(r.number))) === r.hash) {
          keep = Number(r.number);
          break search;
        }
        before = Number(r.number);
      }
    }
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom("chain_transfers").where("block_number", ">", String(keep)).execute();
      await tx.deleteFrom("chain_blocks").where("number", ">", String(keep)).execute();
      await tx
        .updateTable("chain_watch")
        .set({ synced_to: keep })
        .where("synced_to", ">", String(keep))
        .execute();
    });
    this.stats.reorgs++;
    this.lastFullRefresh = 0;
    this.log.warn({ rewound_to: keep, diverged_at_or_below: Number(top.number) }, "reorg: rewound the index");
  }

  private async hashAt(n: number): Promise<string | null> {
    const b = await this.rpc<{ hash: string } | null>("eth_getBlockByNumber", [`0x${n.toString(16)}`, false]);
    return b?.hash.toLowerCase() ?? null;
  }

  /**
   * Classify the most recent payments to each payTo (the shape sample), lazily: one transaction and one
   * receipt per transaction, each of its payments classified on its own (`paymentKind`).
   */
  private async classify(addresses: string[]): Promise<void> {
    if (addresses.length === 0) return;
    const rows = await sql<{ tx_hash: string; to_addr: string }>`
      select distinct t.tx_hash, t.to_addr from unnest(${addresses}::text[]) a(addr)
      cross join lateral (
        select tx_hash, to_addr, call_kind from chain_transfers where to_addr = a.addr
        order by block_number desc, log_index desc limit ${SHAPE_SAMPLE}
      ) t where t.call_kind is null limit 500`.execute(this.o.db);
    // One lookup per transaction (a batch transaction pays many payTos at once).
    const byTx = new Map<string, string[]>();
    for (const r of rows.rows) byTx.set(r.tx_hash, [...(byTx.get(r.tx_hash) ?? []), r.to_addr]);
    for (const [tx_hash, payTos] of byTx) {
      for (const a of payTos) this.dirty.add(a);
      const t = await this.rpc<{ input: string; to: string | null } | null>("eth_getTransactionByHash", [
        tx_hash,
      ]);
      const receipt = t
        ? await this.rpc<{ logs: ReceiptLog[] } | null>("eth_getTransactionReceipt", [tx_hash])
        : null;
      if (!t || !receipt) continue;
      const open = await this.o.db
        .selectFrom("chain_transfers")
        .select(["log_index", "to_addr"])
        .where("tx_hash", "=", tx_hash)
        .where("call_kind", "is", null)
        .execute();
      for (const r of open) {
        this.dirty.add(r.to_addr);
        await this.o.db
          .updateTable("chain_transfers")
          .set({ call_kind: paymentKind(t, receipt.logs, r.log_index, this.o.usdc) })
          .where("tx_hash", "=", tx_hash)
          .where("log_index", "=", r.log_index)
          .where("call_kind", "is", null)
          .execute();
      }
    }
  }
}
