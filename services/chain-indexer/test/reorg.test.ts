import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { type Chain, startChain } from "@tollgate/devnet";
import { LISTING_COLUMNS, toListingDetail } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainIndexer } from "../src/indexer.js";
import { insertListing, plainTransfer, rpcCall, startFlakyRpc, until } from "./helpers.js";

// Reorgs that land while the indexer is in the middle of a pass (anvil_reorg: the last `depth` blocks are
// replaced by new ones, the head keeps its height). Each pass used to look for a reorg once, at its start.

let chain: Chain;
let t: TestDatabase;
let rpc: Awaited<ReturnType<typeof startFlakyRpc>>;
let ix: ChainIndexer | undefined;
let listing: string;

const head = async () => Number(BigInt(await rpcCall<string>(chain.rpcUrl, "eth_blockNumber")));
const rows = () =>
  t.db.selectFrom("chain_transfers").select(["tx_hash", "block_number", "amount_atomic"]).execute();
const detail = async (id: string) =>
  toListingDetail(
    await t.db.selectFrom("listings").select(LISTING_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow(),
  );
const blockOf = async (hash: `0x${string}`) =>
  Number((await chain.publicClient.getTransactionReceipt({ hash })).blockNumber);
/** Replace the blocks from `n` to the head with empty ones (same height). */
const reorgFrom = async (n: number) => {
  await rpcCall(chain.rpcUrl, "anvil_reorg", [(await head()) - n + 1, []]);
};
/** Wait until a payment sent now is indexed: every read before it is done. */
const caughtUp = async () => {
  const probe = await plainTransfer(
    chain,
    chain.wallets.buyers[4]!.privateKey,
    chain.wallets.sellers[0]!.address,
    1n,
  );
  await until(async () => (await rows()).some((r) => r.tx_hash === probe.toLowerCase()));
  return probe.toLowerCase();
};
const startIndexer = () => {
  ix = new ChainIndexer({
    db: t.db,
    rpcUrl: rpc.url,
    usdc: chain.usdc,
    startBlock: 0,
    confirmations: 0,
    maxRange: 4,
    pollMs: 100,
    lockPollMs: 100,
    figuresEveryMs: 200,
  });
  ix.start();
};
/** Every stored block hash is on the canonical chain. */
async function storedHashesCanonical() {
  for (const b of await t.db.selectFrom("chain_blocks").selectAll().execute()) {
    const onChain = await rpcCall<{ hash: string } | null>(chain.rpcUrl, "eth_getBlockByNumber", [
      `0x${Number(b.number).toString(16)}`,
      false,
    ]);
    expect(onChain?.hash.toLowerCase(), `block ${b.number}`).toBe(b.hash);
  }
}

beforeAll(async () => {
  [chain, t] = await Promise.all([startChain(), createTestDatabase()]);
  rpc = await startFlakyRpc(chain.rpcUrl, { maxRange: 10_000 });
  listing = await insertListing(t.db, chain.wallets.sellers[0]!.address);
});
afterAll(async () => {
  await ix?.stop();
  await rpc?.stop();
  await t?.drop();
  await chain?.stop();
});

describe("reorgs in the middle of a pass", () => {
  it("a reorg between two ranges of one pass, below what was already read, is rewound", async () => {
    const orphan = await plainTransfer(
      chain,
      chain.wallets.buyers[0]!.privateKey,
      chain.wallets.sellers[0]!.address,
      1_000_000n,
    );
    const p = await blockOf(orphan);
    await rpcCall(chain.rpcUrl, "anvil_mine", ["0x28"]);
    let fired = false;
    rpc.control.onGetLogs = async (range, phase) => {
      // The range holding the payment is stored; a later range of the same pass meets the new branch.
      if (fired || phase !== "before" || range.from <= p + 8) return;
      fired = true;
      await reorgFrom(p);
    };
    startIndexer();
    await until(async () => fired);
    const probe = await caughtUp();
    rpc.control.onGetLogs = undefined;
    expect((await rows()).map((r) => r.tx_hash)).toEqual([probe]);
    expect(ix!.stats.reorgs).toBeGreaterThanOrEqual(1);
    await storedHashesCanonical();
    await until(async () => (await detail(listing)).onchain_tx_count_30d === 1);
  });

  it("a reorg while a range is being read (after eth_getLogs answered) is not stored half old, half new", async () => {
    if (!ix) startIndexer();
    let fired = false;
    rpc.control.onGetLogs = async (_range, phase, logs) => {
      // eth_getLogs answered from the old branch; the chain moves before the indexer reads the range's end.
      const hit = logs?.find((l) => BigInt(l.data) === 2_000_000n);
      if (fired || phase !== "after" || !hit) return;
      fired = true;
      await reorgFrom(Number(BigInt(hit.blockNumber)));
    };
    const orphan = await plainTransfer(
      chain,
      chain.wallets.buyers[1]!.privateKey,
      chain.wallets.sellers[0]!.address,
      2_000_000n,
    );
    await until(async () => fired);
    rpc.control.onGetLogs = undefined;
    const probe = await caughtUp();
    expect((await rows()).map((r) => r.tx_hash)).not.toContain(orphan.toLowerCase());
    expect((await rows()).map((r) => r.tx_hash)).toContain(probe);
    await storedHashesCanonical();
  });

  it("stopped, the chain went back (shorter) and on while it was down, restarted: rewound, nothing orphaned or missed", async () => {
    const snap = await rpcCall<string>(chain.rpcUrl, "evm_snapshot");
    const gone = await plainTransfer(
      chain,
      chain.wallets.buyers[2]!.privateKey,
      chain.wallets.sellers[0]!.address,
      3_000_000n,
    );
    await caughtUp();
    expect((await rows()).map((r) => r.tx_hash)).toContain(gone.toLowerCase());
    await ix!.stop();
    expect(await rpcCall(chain.rpcUrl, "evm_revert", [snap])).toBe(true);
    const kept = await plainTransfer(
      chain,
      chain.wallets.buyers[3]!.privateKey,
      chain.wallets.sellers[0]!.address,
      4_000_000n,
    );
    startIndexer();
    await caughtUp();
    const hashes = (await rows()).map((r) => r.tx_hash);
    expect(hashes).toContain(kept.toLowerCase());
    expect(hashes).not.toContain(gone.toLowerCase());
    await storedHashesCanonical();
    const n = hashes.length;
    await until(async () => (await detail(listing)).onchain_tx_count_30d === n);
  });

  it("stopped while a range is in flight and restarted: each payment stored once, none missed", async () => {
    await ix!.stop();
    const sent: string[] = [];
    for (let i = 0; i < 6; i++)
      sent.push(
        (
          await plainTransfer(
            chain,
            chain.wallets.buyers[i % 4]!.privateKey,
            chain.wallets.sellers[0]!.address,
            BigInt(10 + i),
          )
        ).toLowerCase(),
      );
    let stopping: Promise<void> | undefined;
    rpc.control.onGetLogs = async (_range, phase) => {
      if (stopping || phase !== "after") return;
      // Stop while this answer is on its way back: the range is stored whole or not at all.
      stopping = ix!.stop();
      await new Promise((r) => setTimeout(r, 200));
    };
    startIndexer();
    await until(async () => stopping !== undefined);
    await stopping;
    rpc.control.onGetLogs = undefined;
    startIndexer();
    await caughtUp();
    const hashes = (await rows()).map((r) => r.tx_hash);
    for (const h of sent) expect(hashes.filter((x) => x === h)).toHaveLength(1);
    const n = hashes.length;
    await until(async () => (await detail(listing)).onchain_tx_count_30d === n);
  });
});
