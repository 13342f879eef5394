/**
 * Benchmark: the chain-indexer's backfill of BENCH_TRANSFERS (default 100k) USDC transfers to listed payTos on
 * a local anvil, as logs indexed per second beside the raw eth_getLogs rate on the same chain in the same run;
 * then its lag behind the head under live traffic. Transfers are made fast: USDC held by Multicall3 is sent
 * out in batches of BENCH_BATCH transfers per transaction (aggregate3). Run: pnpm bench:indexer
 */
import { randomBytes } from "node:crypto";
import { MULTICALL3, startChain, USDC_ABI } from "@tollgate/devnet";
import { type Abi, createWalletClient, encodeFunctionData, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ChainIndexer, jsonRpc, TRANSFER_TOPIC } from "../../../services/chain-indexer/src/indexer.js";
import { dropBenchDb, freshBenchDb } from "../db.js";

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 100_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 500);
const PAYTOS = Number(process.env.BENCH_PAYTOS ?? 200);
const RANGE = Number(process.env.BENCH_RANGE ?? 2000);
const LIVE_S = Number(process.env.BENCH_LIVE_S ?? 20);
const DB_NAME = "tollgate_bench_indexer";

const AGGREGATE3 = [
  {
    type: "function",
    name: "aggregate3",
    stateMutability: "payable",
    inputs: [
      {
        name: "calls",
        type: "tuple[]",
        components: [
          { name: "target", type: "address" },
          { name: "allowFailure", type: "bool" },
          { name: "callData", type: "bytes" },
        ],
      },
    ],
    outputs: [],
  },
] as const satisfies Abi;

const chain = await startChain();
const { db } = await freshBenchDb(DB_NAME);
const rpc = jsonRpc(chain.rpcUrl, 120_000);
try {
  await rpc("anvil_setBlockGasLimit", ["0x1c9c3800"]); // 480M: a batch fits one block
  const payTos = Array.from(
    { length: PAYTOS },
    () => `0x${randomBytes(20).toString("hex")}` as `0x${string}`,
  );
  await db
    .insertInto("listings")
    .values(
      payTos.map((p, i) => ({
        id: `lst_bench_${i}`,
        name: `bench seller ${i}`,
        description: "benchmark seller",
        endpoint_url: `https://s${i}.example.com/v1/paid`,
        endpoint_canonical: `https://s${i}.example.com/v1/paid`,
        host: `s${i}.example.com`,
        registered_domain: "example.com",
        category: "data.weather",
        price_amount: 0.01,
        status: "verified",
        obs_pay_to: p,
      })),
    )
    .execute();
  await chain.mint(MULTICALL3, BigInt(TRANSFERS + 1_000_000));
  const sender = createWalletClient({
    chain: chain.viemChain,
    transport: http(chain.rpcUrl),
    account: privateKeyToAccount(chain.wallets.buyers[0]!.privateKey),
  });
  let k = 0;
  const batch = async (n: number) => {
    const calls = Array.from({ length: n }, () => ({
      target: chain.usdc,
      allowFailure: false,
      callData: encodeFunctionData({
        abi: USDC_ABI,
        functionName: "transfer",
        args: [payTos[k++ % PAYTOS]!, 1n],
      }),
    }));
    const hash = await sender.writeContract({
      address: MULTICALL3,
      abi: AGGREGATE3,
      functionName: "aggregate3",
      args: [calls],
      gas: BigInt(40_000 * n + 100_000),
    });
    await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  };
  let t0 = performance.now();
  for (let sent = 0; sent < TRANSFERS; sent += BATCH) await batch(Math.min(BATCH, TRANSFERS - sent));
  const head = Number(BigInt(await rpc<string>("eth_blockNumber", [])));
  console.error(
    `made ${TRANSFERS} transfers in ${head} blocks in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // Raw eth_getLogs over the same ranges and address chunks the indexer uses.
  t0 = performance.now();
  let raw = 0;
  for (let from = 0; from <= head; from += RANGE)
    for (let i = 0; i < payTos.length; i += 100) {
      const logs = await rpc<unknown[]>("eth_getLogs", [
        {
          address: chain.usdc,
          fromBlock: `0x${from.toString(16)}`,
          toBlock: `0x${Math.min(head, from + RANGE - 1).toString(16)}`,
          topics: [
            TRANSFER_TOPIC,
            null,
            payTos.slice(i, i + 100).map((a) => `0x${a.slice(2).padStart(64, "0")}`),
          ],
        },
      ]);
      raw += logs.length;
    }
  const rawS = (performance.now() - t0) / 1000;

  const indexer = new ChainIndexer({
    db,
    rpcUrl: chain.rpcUrl,
    usdc: chain.usdc,
    startBlock: 0,
    confirmations: 0,
    maxRange: RANGE,
    pollMs: 100,
    lockPollMs: 100,
  });
  t0 = performance.now();
  indexer.start();
  const synced = async () =>
    Math.min(
      ...(await db.selectFrom("chain_watch").select("synced_to").execute()).map((w) => Number(w.synced_to)),
    );
  while (
    (await db.selectFrom("chain_watch").select("address").execute()).length < PAYTOS ||
    (await synced()) < head
  )
    await new Promise((r) => setTimeout(r, 50));
  const indexS = (performance.now() - t0) / 1000;
  const indexed = Number(
    (await db.selectFrom("chain_transfers").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
  );
  if (indexed !== TRANSFERS || raw !== TRANSFERS)
    throw new Error(`expected ${TRANSFERS} logs, eth_getLogs saw ${raw}, the index holds ${indexed}`);

  // Live traffic: one batch of 20 transfers at a time; lag = receipt to the row being in the index.
  const lags: number[] = [];
  const end = Date.now() + LIVE_S * 1000;
  while (Date.now() < end) {
    const hash = (await batch(20)).toLowerCase();
    const at = performance.now();
    while (
      !(await db
        .selectFrom("chain_transfers")
        .select("tx_hash")
        .where("tx_hash", "=", hash)
        .executeTakeFirst())
    )
      await new Promise((r) => setTimeout(r, 10));
    lags.push(performance.now() - at);
  }
  await indexer.stop();
  lags.sort((a, b) => a - b);
  const q = (p: number) => lags[Math.min(lags.length - 1, Math.floor(p * lags.length))]!.toFixed(0);
  console.log(`
| what | transfers | seconds | logs/s |
|---|---|---|---|
| raw eth_getLogs (range ${RANGE}, 100 payTos per query) | ${raw} | ${rawS.toFixed(2)} | ${Math.round(raw / rawS)} |
| chain-indexer backfill (into Postgres, ${PAYTOS} payTos) | ${indexed} | ${indexS.toFixed(2)} | ${Math.round(indexed / indexS)} |

Live traffic (${lags.length} transactions of 20 transfers, poll 100 ms, 0 confirmations): lag from receipt to indexed p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms.`);
} finally {
  await db.destroy();
  await dropBenchDb(DB_NAME);
  await chain.stop();
}
