import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  type Chain,
  createLocalFacilitator,
  type DemoSellers,
  payingFetch,
  startChain,
  startDemoSellers,
} from "@tollgate/devnet";
import { LISTING_COLUMNS, ledgerReport, prepareVerdict, toListingDetail } from "@tollgate/registry";
import { generateSigningKey } from "@tollgate/x402";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainIndexer } from "../src/indexer.js";
import { insertListing, plainTransfer, rpcCall, startFlakyRpc, until } from "./helpers.js";

let chain: Chain;
let t: TestDatabase;
let demo: DemoSellers;
let rpc: Awaited<ReturnType<typeof startFlakyRpc>>;
const running: ChainIndexer[] = [];
let shared1: string;
let shared2: string;
let own: string;

const indexer = () => {
  const ix = new ChainIndexer({
    db: t.db,
    rpcUrl: rpc.url,
    usdc: chain.usdc,
    startBlock: 0,
    confirmations: 0,
    maxRange: 64,
    addressChunk: 1,
    pollMs: 100,
    lockPollMs: 100,
  });
  running.push(ix);
  ix.start();
  return ix;
};

const detail = async (id: string) =>
  toListingDetail(
    await t.db.selectFrom("listings").select(LISTING_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow(),
  );
const transfers = async () =>
  t.db.selectFrom("chain_transfers").selectAll().orderBy("block_number").orderBy("log_index").execute();

beforeAll(async () => {
  [chain, t] = await Promise.all([startChain(), createTestDatabase()]);
  demo = await startDemoSellers({
    payTo: chain.wallets.sellers[0]!.address,
    facilitator: createLocalFacilitator(chain),
  });
  rpc = await startFlakyRpc(chain.rpcUrl, { maxRange: 4 });
  shared1 = await insertListing(t.db, chain.wallets.sellers[0]!.address);
  shared2 = await insertListing(t.db, chain.wallets.sellers[0]!.address, "unverified");
  own = await insertListing(t.db, chain.wallets.sellers[1]!.address);
  await insertListing(t.db, chain.wallets.sellers[2]!.address, "delisted");
});
afterAll(async () => {
  for (const ix of running) await ix.stop();
  await rpc?.stop();
  await demo?.stop();
  await t?.drop();
  await chain?.stop();
});

const pay = async (buyer: number) => {
  const res = await payingFetch(chain, chain.wallets.buyers[buyer]!)(demo.sellers["x402-hono"].directUrl);
  expect(res.status).toBe(200);
};

describe("chain indexer on anvil", () => {
  let first: ChainIndexer;

  it("backfills x402 payments and plain transfers to listed payTos, through an RPC that refuses large ranges", async () => {
    await pay(0);
    await pay(1);
    await pay(0);
    await plainTransfer(
      chain,
      chain.wallets.buyers[2]!.privateKey,
      chain.wallets.sellers[1]!.address,
      2_500_000n,
    );
    // Neither listed nor active: not indexed.
    await plainTransfer(
      chain,
      chain.wallets.buyers[2]!.privateKey,
      chain.wallets.sellers[2]!.address,
      1_000_000n,
    );
    await plainTransfer(
      chain,
      chain.wallets.buyers[2]!.privateKey,
      chain.wallets.buyers[3]!.address,
      1_000_000n,
    );
    // Mine past the refusal limit so the range must adapt.
    await rpcCall(chain.rpcUrl, "anvil_mine", ["0x20"]);

    first = indexer();
    const d = await until(async () => {
      const x = await detail(shared1);
      return x.onchain_tx_count_30d === 3 && (await detail(own)).onchain_tx_count_30d === 1 && x;
    });
    expect(rpc.control.refused).toBeGreaterThan(0);
    expect(first.stats.refusals).toBeGreaterThan(0);
    // The range halves on refusal and only grows back after a run of accepted ranges.
    expect(rpc.control.refused).toBeLessThan(rpc.control.getLogs / 3);

    const rows = await transfers();
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.to_addr))).toEqual(
      new Set([
        chain.wallets.sellers[0]!.address.toLowerCase(),
        chain.wallets.sellers[1]!.address.toLowerCase(),
      ]),
    );

    expect(d).toMatchObject({
      onchain_unique_payers_30d: 2,
      onchain_volume_usd_30d: 0.03,
      onchain_source: "index",
      onchain_count_capped: false,
      onchain_payto_shared_listings: 2,
      onchain_scope: "wallet shared by 2 listings",
      onchain_provider_status: "ok",
      onchain_payto_checked: chain.wallets.sellers[0]!.address.toLowerCase(),
      onchain_wallet: {
        scope: "wallet shared by 2 listings",
        shared_by_listings: 2,
        pay_to: chain.wallets.sellers[0]!.address.toLowerCase(),
        tx_count_30d: 3,
        unique_payers_30d: 2,
        volume_usd_30d: 0.03,
      },
    });
    expect(d.onchain_checked_at).toBeGreaterThan(0);
    expect(d.onchain_daily).toHaveLength(31);
    const today = new Date().toISOString().slice(0, 10);
    expect(d.onchain_daily?.at(-1)).toEqual({ day: today, tx: 3, payers: 2, usd: 0.03 });
    expect(d.onchain_daily?.slice(0, 30).every((x) => x.tx === 0)).toBe(true);
    // The figures belong to the address: the other listing with the same payTo shows the same ones.
    expect((await detail(shared2)).onchain_tx_count_30d).toBe(3);

    const shape = await until(async () => (await detail(shared1)).onchain_shape);
    expect(shape).toMatchObject({ sample_n: 3, eip3009: 3, plain: 0, other: 0 });
    const ownShape = await until(async () => (await detail(own)).onchain_shape);
    expect(ownShape).toMatchObject({ sample_n: 1, eip3009: 0, plain: 1 });
    expect(await detail(own)).toMatchObject({
      onchain_scope: "own payTo",
      onchain_unique_payers_30d: 1,
      onchain_volume_usd_30d: 2.5,
    });
  });

  it("the verdict's onchain_30d and the ledger report read the index", async () => {
    const row = await t.db
      .selectFrom("listings")
      .select(LISTING_COLUMNS)
      .where("id", "=", shared1)
      .executeTakeFirstOrThrow();
    const { key } = await generateSigningKey();
    const { body } = await prepareVerdict(t.db, row, {
      key,
      keyUrl: "http://x/jwks",
      attestationUrl: (id) => `http://x/${id}`,
    });
    expect(body.onchain_30d).toMatchObject({ known: true, tx_count: 3, unique_payers: 2, volume_usd: 0.03 });
    expect(body.reasons.some((r) => r.startsWith("onchain_30d: 3 USDC payments from 2 wallets"))).toBe(true);
    expect(body.reasons.some((r) => r.startsWith("no_onchain_figures_yet"))).toBe(false);

    const ledger = await ledgerReport(t.db);
    expect(ledger.totals).toMatchObject({
      payments: 4,
      unique_payers: 3,
      volume_usd: 2.53,
      listed_pay_tos: 2,
      pay_tos_paid: 2,
    });
    expect(ledger.daily.at(-1)).toMatchObject({ tx: 4, payers: 3 });
    expect(ledger.shape).toMatchObject({ sample_n: 4, eip3009: 3, plain: 1 });
    const quiet = await insertListing(t.db, chain.wallets.sellers[3]!.address);
    // A Solana-only offer's payTo is not followed on Base: neither a listed payTo nor one not seen paid.
    const solana = await insertListing(t.db, "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
    const withQuiet = await ledgerReport(t.db);
    expect(withQuiet.not_seen.map((n) => n.listing_id)).toEqual([quiet]);
    expect(withQuiet.totals.listed_pay_tos).toBe(3);
    await t.db
      .updateTable("listings")
      .set({ status: "delisted" })
      .where("id", "in", [quiet, solana])
      .execute();
  });

  it("RPC errors back off and retry; the indexer keeps going", async () => {
    const before = first.stats.rpcErrors;
    rpc.control.failNext = 2;
    await until(async () => rpc.control.failNext === 0 && first.stats.rpcErrors >= before + 1);
    await pay(2);
    await until(async () => (await detail(shared1)).onchain_tx_count_30d === 4);
    expect(first.state).toBe("running");
    expect(await transfers()).toHaveLength(5);
  });

  it("a second replica waits on the lock and takes over when the first stops", async () => {
    const second = indexer();
    await new Promise((r) => setTimeout(r, 500));
    expect(second.state).toBe("waiting_for_lock");
    expect(first.state).toBe("running");
    await first.stop();
    await until(async () => second.state === "running");
    await pay(3);
    await until(async () => (await detail(shared1)).onchain_tx_count_30d === 5);
    first = second;
  });

  it("a reorg (anvil snapshot, revert, new blocks) is noticed, rewound and re-read", async () => {
    const snap = await rpcCall<string>(chain.rpcUrl, "evm_snapshot");
    await pay(4);
    await until(async () => (await detail(shared1)).onchain_tx_count_30d === 6);
    const orphan = (await transfers()).at(-1)!;
    expect(await rpcCall(chain.rpcUrl, "evm_revert", [snap])).toBe(true);
    // The new branch: other blocks, a different payment, longer than the old one.
    await rpcCall(chain.rpcUrl, "anvil_mine", ["0x3"]);
    const replacement = await plainTransfer(
      chain,
      chain.wallets.buyers[2]!.privateKey,
      chain.wallets.sellers[0]!.address,
      7_000_000n,
    );
    await rpcCall(chain.rpcUrl, "anvil_mine", ["0x3"]);
    await until(async () => {
      const rows = await transfers();
      return rows.some((r) => r.tx_hash === replacement.toLowerCase()) && rows;
    });
    const rows = await transfers();
    expect(rows.some((r) => r.tx_hash === orphan.tx_hash)).toBe(false);
    expect(first.stats.reorgs).toBeGreaterThanOrEqual(1);
    const d = await until(async () => {
      const x = await detail(shared1);
      return x.onchain_volume_usd_30d === 7.05 && x;
    });
    expect(d.onchain_tx_count_30d).toBe(6);
    // Every stored block hash is on the canonical chain again.
    for (const b of await t.db.selectFrom("chain_blocks").selectAll().execute()) {
      const onChain = await rpcCall<{ hash: string }>(chain.rpcUrl, "eth_getBlockByNumber", [
        `0x${Number(b.number).toString(16)}`,
        false,
      ]);
      expect(onChain.hash.toLowerCase()).toBe(b.hash);
    }
  });

  it("old block hashes are pruned below the reorg window; the newest are kept", async () => {
    // No indexer runs meanwhile (the made-up hashes below would read as a reorg).
    for (const ix of running) await ix.stop();
    const top = Number(
      (
        await t.db
          .selectFrom("chain_blocks")
          .select("number")
          .orderBy("number", "desc")
          .executeTakeFirstOrThrow()
      ).number,
    );
    // Hashes of old blocks, as a long backfill leaves them.
    await t.db
      .insertInto("chain_blocks")
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          number: top + 1000 + i,
          hash: `0x${"0".repeat(63)}${i % 10}`,
        })),
      )
      .execute();
    const pruner = new ChainIndexer({
      db: t.db,
      rpcUrl: rpc.url,
      usdc: chain.usdc,
      startBlock: 0,
      confirmations: 0,
      keepBlocks: 64,
    });
    const removed = await pruner.pruneBlocks();
    expect(removed).toBeGreaterThanOrEqual(36);
    const left = (await t.db.selectFrom("chain_blocks").select("number").execute()).map((r) =>
      Number(r.number),
    );
    expect(Math.min(...left)).toBe(top + 1099 - 64);
    expect(Math.max(...left)).toBe(top + 1099);
    await t.db.deleteFrom("chain_blocks").where("number", ">", String(top)).execute();
  });
});
