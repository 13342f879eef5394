import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  authorize,
  type Chain,
  forwardCalls,
  personalSign,
  placeForwarder,
  placeLookalikeToken,
  receiveWithAuthorizationData,
  sendCall,
  startChain,
  transferData,
  transferWithAuthorizationData,
  USDC_ABI,
  type Wallet,
} from "@tollgate/devnet";
import { type ReportDeps, reportMessage, submitReport } from "@tollgate/registry";
import { createTransactionProofReader } from "@tollgate/x402";
import { encodeFunctionData, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSFER_TOPIC } from "../src/indexer.js";
import { insertListing, plainTransfer, rpcCall } from "./helpers.js";

// The outcome report's proof (POST /v1/reports) against the payment shapes the index meets, on anvil: the
// receipt must have succeeded and hold a USDC Transfer from the signing wallet to the listing's live payTo.

let chain: Chain;
let t: TestDatabase;
let deps: ReportDeps;
const FORWARDER = "0x00000000000000000000000000000000f0e0d0c1" as Hex;
const LOOKALIKE = "0x0000000000000000000000000000000000dead02" as Hex;

beforeAll(async () => {
  [chain, t] = await Promise.all([startChain(), createTestDatabase()]);
  await placeForwarder(chain, FORWARDER);
  await placeLookalikeToken(chain, LOOKALIKE);
  deps = { serviceName: "tollgate", proof: createTransactionProofReader(chain.rpcUrl), usdc: chain.usdc };
});
afterAll(async () => {
  await t?.drop();
  await chain?.stop();
});

const report = async (listing: string, payer: Wallet, tx: Hex) => {
  const m = reportMessage(deps.serviceName, listing, tx, true);
  return submitReport(t.db, deps, {
    listing_id: listing,
    ok: true,
    tx_hash: tx,
    payer_signature: await personalSign(payer, m),
  });
};
const refused = async (listing: string, payer: Wallet, tx: Hex) => {
  const err = await report(listing, payer, tx).then(
    () => null,
    (e: unknown) => e as { code?: string; status?: number; message?: string },
  );
  expect(err, "the report was accepted").not.toBeNull();
  return err!;
};
const payers = async (id: string) =>
  (await t.db.selectFrom("listings").select("report_payers").where("id", "=", id).executeTakeFirstOrThrow())
    .report_payers;

describe("report proofs on real payment shapes", () => {
  it("a payment relayed by a contract, paid twice in one transaction, or pulled by the payee proves the report", async () => {
    const [b0, b1, b2] = chain.wallets.buyers;
    const seller = chain.wallets.sellers[0]!;
    const id = await insertListing(t.db, seller.address);
    // A forwarder relays two EIP-3009 payments of b0 to the seller, and one to another seller.
    const twice = await sendCall(
      chain,
      chain.wallets.facilitator,
      FORWARDER,
      forwardCalls([
        [chain.usdc, transferWithAuthorizationData(await authorize(b0!, seller.address, 1_000_000n))],
        [
          chain.usdc,
          transferWithAuthorizationData(await authorize(b0!, chain.wallets.sellers[1]!.address, 7_000_000n)),
        ],
        [chain.usdc, transferWithAuthorizationData(await authorize(b0!, seller.address, 2_000_000n))],
      ]),
    );
    expect(await report(id, b0!, twice.hash)).toMatchObject({
      payer: b0!.address.toLowerCase(),
      pay_to: seller.address.toLowerCase(),
      amount_usdc: 3,
      distinct_payers: 1,
    });
    // The seller pulls b1's signed authorization itself (receiveWithAuthorization).
    const pulled = await sendCall(
      chain,
      seller,
      chain.usdc,
      await receiveWithAuthorizationData(b1!, seller.address, 500_000n),
    );
    expect(await report(id, b1!, pulled.hash)).toMatchObject({ amount_usdc: 0.5, distinct_payers: 2 });
    // The relayer is not the payer: the facilitator that sent the transaction cannot report it.
    const relayed = await sendCall(
      chain,
      chain.wallets.facilitator,
      FORWARDER,
      forwardCalls([
        [chain.usdc, transferWithAuthorizationData(await authorize(b2!, seller.address, 1_000_000n))],
      ]),
    );
    expect(await refused(id, chain.wallets.facilitator, relayed.hash)).toMatchObject({
      code: "validation_failed",
    });
    expect(await report(id, b2!, relayed.hash)).toMatchObject({ distinct_payers: 3 });
  });

  it("a look-alike token's Transfer, a reverted transaction, a 0 transfer and a contract paying from its own balance prove nothing", async () => {
    const [b0, b1, b2, b3] = chain.wallets.buyers;
    const seller = chain.wallets.sellers[2]!;
    const id = await insertListing(t.db, seller.address);
    await sendCall(
      chain,
      b3!,
      LOOKALIKE,
      encodeFunctionData({ abi: USDC_ABI, functionName: "mint", args: [b3!.address, 9_000_000n] }),
    );
    const fake = await sendCall(chain, b3!, LOOKALIKE, transferData(seller.address, 9_000_000n));
    expect(await refused(id, b3!, fake.hash)).toMatchObject({
      code: "validation_failed",
      message: expect.stringContaining("no USDC transfer from the signing wallet"),
    });
    // The relayed authorization succeeds inside, the next call fails: the whole transaction reverts.
    const reverted = await sendCall(
      chain,
      chain.wallets.facilitator,
      FORWARDER,
      forwardCalls([
        [chain.usdc, transferWithAuthorizationData(await authorize(b0!, seller.address, 1_000_000n))],
        [chain.usdc, transferData(seller.address, 10n ** 30n)],
      ]),
      { gas: 500_000n },
    );
    expect(reverted.status).toBe("reverted");
    expect(await refused(id, b0!, reverted.hash)).toMatchObject({
      code: "validation_failed",
      message: expect.stringContaining("reverted"),
    });
    const zero = await plainTransfer(chain, b1!.privateKey, seller.address, 0n);
    expect(await refused(id, b1!, zero)).toMatchObject({ code: "validation_failed" });
    // A smart-contract wallet's own transfer: the Transfer is from the contract, not from the signer.
    await chain.mint(FORWARDER, 1_000_000n);
    const own = await sendCall(
      chain,
      b2!,
      FORWARDER,
      forwardCalls([[chain.usdc, transferData(seller.address, 1_000_000n)]]),
    );
    expect(await refused(id, b2!, own.hash)).toMatchObject({ code: "validation_failed" });
    expect(await payers(id)).toBe(0);
    expect(
      await t.db.selectFrom("outcome_reports").select("id").where("listing_id", "=", id).execute(),
    ).toEqual([]);
    // A report never writes the index.
    expect(await t.db.selectFrom("chain_transfers").select("tx_hash").execute()).toEqual([]);
  });

  it("after a payTo change a payment to the old payTo proves nothing; one to the new payTo does (checksummed or not)", async () => {
    const b0 = chain.wallets.buyers[0]!;
    const [oldSeller, newSeller] = [chain.wallets.sellers[4]!, chain.wallets.sellers[5]!];
    const id = await insertListing(t.db, oldSeller.address);
    const toOld = await plainTransfer(chain, b0.privateKey, oldSeller.address, 1_000_000n);
    const toNew = await plainTransfer(chain, b0.privateKey, newSeller.address, 2_000_000n);
    await t.db
      .updateTable("listings")
      .set({ obs_pay_to: `0x${newSeller.address.slice(2).toUpperCase()}` })
      .where("id", "=", id)
      .execute();
    expect(await refused(id, b0, toOld)).toMatchObject({
      code: "validation_failed",
      message: expect.stringContaining(newSeller.address.toLowerCase()),
    });
    expect(await report(id, b0, toNew)).toMatchObject({
      pay_to: newSeller.address.toLowerCase(),
      amount_usdc: 2,
    });
  });

  // The proof reader once parsed every Transfer-topic log's data as a number before filtering by asset, and
  // BigInt("0x") threw: a real payment beside another contract's empty look-alike log was 503 on every retry.
  it("a transaction that pays in USDC and also holds a Transfer-shaped log with no data (another contract's) still proves the payment", async () => {
    const b0 = chain.wallets.buyers[0]!;
    const seller = chain.wallets.sellers[3]!;
    const id = await insertListing(t.db, seller.address);
    // A contract that emits Transfer(caller, seller) with empty data: PUSH20 seller, CALLER, PUSH32 topic,
    // PUSH1 0, PUSH1 0, LOG3, STOP.
    const EMITTER = "0x0000000000000000000000000000000000e0e0e0" as Hex;
    const code = `0x73${seller.address.slice(2)}337f${TRANSFER_TOPIC.slice(2)}60006000a300` as Hex;
    await rpcCall(chain.rpcUrl, "anvil_setCode", [EMITTER, code]);
    const tx = await sendCall(
      chain,
      chain.wallets.facilitator,
      FORWARDER,
      forwardCalls([
        [chain.usdc, transferWithAuthorizationData(await authorize(b0, seller.address, 1_000_000n))],
        [EMITTER, "0x"],
      ]),
    );
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: tx.hash });
    expect(receipt.logs.some((l) => l.address === EMITTER && l.data === "0x")).toBe(true);
    expect(await report(id, b0, tx.hash)).toMatchObject({ amount_usdc: 1, distinct_payers: 1 });
  });
});
