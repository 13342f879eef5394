import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  authorize,
  type Chain,
  forwardCalls,
  placeForwarder,
  placeLookalikeToken,
  receiveWithAuthorizationData,
  sendCall,
  startChain,
  transferData,
  transferFromData,
  transferWithAuthorizationBytesData,
  transferWithAuthorizationData,
  USDC_ABI,
} from "@tollgate/devnet";
import { LISTING_COLUMNS, listedPayTos, toListingDetail } from "@tollgate/registry";
import { encodeFunctionData, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainIndexer, followable } from "../src/indexer.js";
import { insertListing, plainTransfer, until } from "./helpers.js";

// Real-world payment shapes on anvil: what the index counts, and how onchain_shape classifies each.

let chain: Chain;
let t: TestDatabase;
let ix: ChainIndexer | undefined;
/** What the indexer warned about (a failing pass shows here). */
const warnings: string[] = [];
const FORWARDER = "0x00000000000000000000000000000000f0e0d0c0" as Hex;
const LOOKALIKE = "0x0000000000000000000000000000000000dead01" as Hex;

const detail = async (id: string) =>
  toListingDetail(
    await t.db.selectFrom("listings").select(LISTING_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow(),
  );
const rowsTo = (a: string) =>
  t.db
    .selectFrom("chain_transfers")
    .selectAll()
    .where("to_addr", "=", a.toLowerCase())
    .orderBy("block_number")
    .orderBy("log_index")
    .execute();
const head = async () => Number(await chain.publicClient.getBlockNumber());
const startIndexer = () => {
  ix = new ChainIndexer({
    db: t.db,
    rpcUrl: chain.rpcUrl,
    usdc: chain.usdc,
    startBlock: 0,
    confirmations: 0,
    maxRange: 64,
    pollMs: 100,
    lockPollMs: 100,
    figuresEveryMs: 200,
    log: { info() {}, warn: (o, m) => warnings.push(`${m} ${JSON.stringify(o)}`) },
  });
  ix.start();
};
/** Wait until every watched cursor is at the head, every row is classified and a later pass wrote figures. */
async function settled() {
  const top = await head();
  await until(async () => {
    if (warnings.length > 0) throw new Error(`the indexer warned: ${warnings.join("; ")}`);
    const listed = followable(await listedPayTos(t.db));
    const w = await t.db.selectFrom("chain_watch").select(["address", "synced_to"]).execute();
    const at = new Map(w.map((x) => [x.address, Number(x.synced_to)]));
    const open = await t.db
      .selectFrom("chain_transfers")
      .select("tx_hash")
      .where("call_kind", "is", null)
      .execute();
    return [...listed.keys()].every((a) => (at.get(a) ?? -1) >= top) && open.length === 0;
  });
  const passes = ix!.stats.figureRefreshes;
  await until(async () => ix!.stats.figureRefreshes >= passes + 2);
}

beforeAll(async () => {
  [chain, t] = await Promise.all([startChain(), createTestDatabase()]);
  await placeForwarder(chain, FORWARDER);
  await placeLookalikeToken(chain, LOOKALIKE);
});
afterAll(async () => {
  await ix?.stop();
  await t?.drop();
  await chain?.stop();
});

describe("payment shapes the index counts", () => {
  const w = () => chain.wallets;
  const seller = (i: number) => w().sellers[i]!.address;
  const listings: Record<string, string> = {};

  it("a payTo that is no EVM address is not followed, and every other payTo still is", async () => {
    // A seller whose chosen offer is not on an EVM chain (a base58 Solana address), a broken challenge.
    const solana = await insertListing(t.db, "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU");
    const short = await insertListing(t.db, "0x1234");
    const fine = await insertListing(t.db, seller(11));
    await plainTransfer(chain, w().buyers[3]!.privateKey, seller(11), 1_000_000n);
    startIndexer();
    await settled();
    expect(await detail(fine)).toMatchObject({ onchain_tx_count_30d: 1, onchain_source: "index" });
    for (const id of [solana, short])
      expect(await detail(id)).toMatchObject({ onchain_tx_count_30d: null, onchain_source: null });
    expect(warnings).toEqual([]);
  });

  it("0 transfers (address poisoning), a payTo paying itself and USDC minted to it are no payments", async () => {
    const [b0, b1, b2, b3, b4] = w().buyers;
    const zero = await insertListing(t.db, seller(4));
    const self = await insertListing(t.db, seller(8));
    await plainTransfer(chain, b3!.privateKey, seller(4), 0n);
    // transferFrom of 0 needs no allowance: anyone can make any wallet "pay" 0.
    await sendCall(chain, b4!, chain.usdc, transferFromData(b0!.address, seller(4), 0n));
    await sendCall(chain, b4!, chain.usdc, transferFromData(b1!.address, seller(4), 0n));
    await plainTransfer(chain, b3!.privateKey, seller(4), 10_000n);
    await chain.mint(seller(8), 1_000_000n);
    await plainTransfer(chain, w().sellers[8]!.privateKey, seller(8), 1_000_000n);
    await plainTransfer(chain, b2!.privateKey, seller(8), 20_000n);
    await settled();
    expect(await detail(zero)).toMatchObject({
      onchain_tx_count_30d: 1,
      onchain_unique_payers_30d: 1,
      onchain_volume_usd_30d: 0.01,
      onchain_shape: { sample_n: 1, plain: 1 },
    });
    expect(await detail(self)).toMatchObject({
      onchain_tx_count_30d: 1,
      onchain_unique_payers_30d: 1,
      onchain_volume_usd_30d: 0.02,
    });
    expect((await rowsTo(seller(4))).map((r) => r.amount_atomic)).toEqual(["10000"]);

    // Rows an earlier version stored are dropped when the lock is taken, and the figures rewritten.
    await ix!.stop();
    const row = (await rowsTo(seller(4)))[0]!;
    await t.db
      .insertInto("chain_transfers")
      .values([
        { ...row, log_index: 900, amount_atomic: "0", call_kind: null },
        { ...row, log_index: 901, from_addr: seller(4).toLowerCase(), call_kind: null },
        { ...row, log_index: 902, from_addr: `0x${"0".repeat(40)}`, call_kind: null },
      ])
      .execute();
    startIndexer();
    await settled();
    expect(await rowsTo(seller(4))).toHaveLength(1);
    expect(await detail(zero)).toMatchObject({ onchain_tx_count_30d: 1, onchain_unique_payers_30d: 1 });
  });

  it("a listing's payTo changes: the new address's payments (backfilled), never the old one's", async () => {
    const [b0, b1] = chain.wallets.buyers;
    await plainTransfer(chain, b0!.privateKey, seller(9), 1_000_000n);
    await plainTransfer(chain, b1!.privateKey, seller(10), 2_000_000n);
    await plainTransfer(chain, b0!.privateKey, seller(10), 3_000_000n);
    const id = await insertListing(t.db, seller(9));
    await settled();
    expect(await detail(id)).toMatchObject({ onchain_tx_count_30d: 1, onchain_volume_usd_30d: 1 });
    await t.db
      .updateTable("listings")
      .set({ obs_pay_to: seller(10) })
      .where("id", "=", id)
      .execute();
    // Until the new address is read, the old address's figures are not shown as the listing's.
    const between = await detail(id);
    expect(between.onchain_tx_count_30d === null || between.onchain_tx_count_30d === 2).toBe(true);
    await settled();
    expect(await detail(id)).toMatchObject({
      onchain_tx_count_30d: 2,
      onchain_unique_payers_30d: 2,
      onchain_volume_usd_30d: 5,
      onchain_payto_checked: seller(10).toLowerCase(),
    });
    await plainTransfer(chain, b1!.privateKey, seller(9), 4_000_000n);
    await plainTransfer(chain, b1!.privateKey, seller(10), 5_000_000n);
    await settled();
    expect(await detail(id)).toMatchObject({ onchain_tx_count_30d: 3, onchain_volume_usd_30d: 10 });
  });
});
