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
import { ChainIndexer, TRANSFER_TOPIC } from "../src/indexer.js";
import { insertListing, plainTransfer, rpcCall, until } from "./helpers.js";

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
const head = async () => Number(BigInt(await rpcCall<string>(chain.rpcUrl, "eth_blockNumber")));
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
  if (!ix) startIndexer();
  const top = await head();
  await until(async () => {
    if (warnings.length > 0) throw new Error(`the indexer warned: ${warnings.join("; ")}`);
    const listed = await listedPayTos(t.db);
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

  it("relayed, pulled, batched, look-alike, reverted and huge payments: counted and classified", async () => {
    const [b0, b1, b2, b3] = w().buyers;
    const relay = w().facilitator;
    listings.relayed = await insertListing(t.db, seller(0));
    listings.pulled = await insertListing(t.db, seller(1));
    listings.batchA = await insertListing(t.db, seller(2));
    // The same payTo spelled lowercase and uppercase by two listings: one address, shared by both.
    listings.batchB = await insertListing(t.db, seller(3).toLowerCase());
    listings.batchBUpper = await insertListing(t.db, `0x${seller(3).slice(2).toUpperCase()}`);
    listings.lookalike = await insertListing(t.db, seller(5));
    listings.reverted = await insertListing(t.db, seller(6));
    listings.huge = await insertListing(t.db, seller(7));

    // 1. A forwarder (not Multicall3) relays transferWithAuthorization, both signature forms.
    await sendCall(
      chain,
      relay,
      FORWARDER,
      forwardCalls([
        [chain.usdc, transferWithAuthorizationData(await authorize(b0!, seller(0), 1_000_000n))],
      ]),
    );
    await sendCall(
      chain,
      relay,
      FORWARDER,
      forwardCalls([
        [chain.usdc, transferWithAuthorizationBytesData(await authorize(b1!, seller(0), 2_000_000n))],
      ]),
    );
    // 2. The payee pulls the payment: receiveWithAuthorization, sent by the seller itself.
    await sendCall(
      chain,
      w().sellers[1]!,
      chain.usdc,
      await receiveWithAuthorizationData(b2!, seller(1), 3_000_000n),
    );
    // 3. One transaction pays two sellers, and seller 2 twice (two payers).
    await sendCall(
      chain,
      relay,
      FORWARDER,
      forwardCalls([
        [chain.usdc, transferWithAuthorizationData(await authorize(b0!, seller(2), 100_000n))],
        [chain.usdc, transferWithAuthorizationData(await authorize(b1!, seller(3), 200_000n))],
        [chain.usdc, transferWithAuthorizationData(await authorize(b1!, seller(2), 300_000n))],
      ]),
    );
    // A smart-contract wallet pays from its own balance (transfer called by a contract).
    await chain.mint(FORWARDER, 5_000_000n);
    await sendCall(chain, relay, FORWARDER, forwardCalls([[chain.usdc, transferData(seller(3), 400_000n)]]));
    // A plain transferFrom by a spender.
    await sendCall(
      chain,
      b2!,
      chain.usdc,
      encodeFunctionData({
        abi: USDC_ABI,
        functionName: "approve",
        args: [w().buyers[4]!.address, 10_000_000n],
      }),
    );
    await sendCall(chain, w().buyers[4]!, chain.usdc, transferFromData(b2!.address, seller(3), 500_000n));

    // 5. A look-alike token with the same Transfer event pays seller 5: not USDC.
    await sendCall(
      chain,
      b3!,
      LOOKALIKE,
      encodeFunctionData({
        abi: USDC_ABI,
        functionName: "mint",
        args: [b3!.address, 50_000_000n],
      }),
    );
    await sendCall(chain, b3!, LOOKALIKE, transferData(seller(5), 50_000_000n));

    // 6. A reverted transaction: the relayed authorization succeeds, the next call fails, all is undone.
    const rev = await sendCall(
      chain,
      relay,
      FORWARDER,
      forwardCalls([
        [chain.usdc, transferWithAuthorizationData(await authorize(b0!, seller(6), 1_000_000n))],
        [chain.usdc, transferData(seller(6), 10n ** 30n)],
      ]),
      { gas: 500_000n },
    );
    expect(rev.status).toBe("reverted");

    // 7. A huge amount (a uint256 far past any real supply).
    const rich = w().facilitator;
    await chain.mint(rich.address, 2n ** 255n);
    await plainTransfer(chain, rich.privateKey, seller(7), 2n ** 255n - 1n);

    await settled();

    expect(await detail(listings.relayed!)).toMatchObject({
      onchain_tx_count_30d: 2,
      onchain_unique_payers_30d: 2,
      onchain_volume_usd_30d: 3,
      onchain_shape: { sample_n: 2, eip3009: 2, plain: 0, other: 0 },
    });
    expect(await detail(listings.pulled!)).toMatchObject({
      onchain_tx_count_30d: 1,
      onchain_unique_payers_30d: 1,
      onchain_volume_usd_30d: 3,
      onchain_shape: { sample_n: 1, eip3009: 1, plain: 0, other: 0 },
    });
    // Paid twice in one transaction: two payments (two Transfer logs), two payers.
    expect(await detail(listings.batchA!)).toMatchObject({
      onchain_tx_count_30d: 2,
      onchain_unique_payers_30d: 2,
      onchain_volume_usd_30d: 0.4,
      onchain_shape: { sample_n: 2, eip3009: 2, plain: 0, other: 0 },
    });
    expect((await rowsTo(seller(2))).map((r) => r.tx_hash)).toEqual([
      (await rowsTo(seller(2)))[0]!.tx_hash,
      (await rowsTo(seller(2)))[0]!.tx_hash,
    ]);
    for (const id of [listings.batchB!, listings.batchBUpper!])
      expect(await detail(id)).toMatchObject({
        onchain_tx_count_30d: 3,
        onchain_unique_payers_30d: 3,
        onchain_volume_usd_30d: 1.1,
        onchain_payto_shared_listings: 2,
        // relayed EIP-3009, a contract's own transfer, a transferFrom
        onchain_shape: { sample_n: 3, eip3009: 1, plain: 1, other: 1 },
      });
    expect(await detail(listings.lookalike!)).toMatchObject({
      onchain_tx_count_30d: 0,
      onchain_unique_payers_30d: 0,
      onchain_volume_usd_30d: 0,
      onchain_shape: null,
    });
    expect(await rowsTo(seller(5))).toEqual([]);
    expect(await detail(listings.reverted!)).toMatchObject({ onchain_tx_count_30d: 0, onchain_shape: null });
    expect(await rowsTo(seller(6))).toEqual([]);
    const huge = await detail(listings.huge!);
    expect(huge).toMatchObject({ onchain_tx_count_30d: 1, onchain_unique_payers_30d: 1 });
    expect(huge.onchain_volume_usd_30d).toBeCloseTo(Number(2n ** 255n - 1n) / 1e6, -60);
    expect((await rowsTo(seller(7)))[0]!.amount_atomic).toBe((2n ** 255n - 1n).toString());
    expect(ix!.state).toBe("running");
    expect(warnings).toEqual([]);
  });

  it("USDC burnt (a Transfer to the zero address) is no payment to a listing whose payTo is the zero address", async () => {
    const sentinel = await insertListing(t.db, `0x${"0".repeat(40)}`);
    // The local USDC cannot burn: its code is swapped for a moment for one that emits what Base USDC's burn
    // emits, Transfer(burner, 0x0, 5 USDC), at the USDC address (storage is kept), then put back.
    const code = await rpcCall<Hex>(chain.rpcUrl, "eth_getCode", [chain.usdc, "latest"]);
    const burn =
      `0x7f${5_000_000n.toString(16).padStart(64, "0")}600052600073${w().buyers[0]!.address.slice(2)}7f${TRANSFER_TOPIC.slice(2)}60206000a300` as Hex;
    await rpcCall(chain.rpcUrl, "anvil_setCode", [chain.usdc, burn]);
    const tx = await sendCall(chain, w().buyers[0]!, chain.usdc, "0x", { gas: 100_000n });
    await rpcCall(chain.rpcUrl, "anvil_setCode", [chain.usdc, code]);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: tx.hash });
    expect(receipt.logs.map((l) => [l.address.toLowerCase(), l.topics[2]])).toEqual([
      [chain.usdc.toLowerCase(), `0x${"0".repeat(64)}`],
    ]);
    await settled();
    expect(await rowsTo(`0x${"0".repeat(40)}`)).toEqual([]);
    expect(await detail(sentinel)).toMatchObject({ onchain_tx_count_30d: 0, onchain_unique_payers_30d: 0 });
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
