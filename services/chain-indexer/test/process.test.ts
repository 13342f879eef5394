import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { type Chain, type RunningService, startChain, startService } from "@tollgate/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSFER_TOPIC } from "../src/indexer.js";
import { insertListing, plainTransfer, rpcCall, startFlakyRpc, until } from "./helpers.js";

let chain: Chain;
let t: TestDatabase;
let rpc: Awaited<ReturnType<typeof startFlakyRpc>>;
const running: RunningService[] = [];
const N = 40;

beforeAll(async () => {
  [chain, t] = await Promise.all([startChain(), createTestDatabase()]);
  rpc = await startFlakyRpc(chain.rpcUrl, { maxRange: 2 });
});
afterAll(async () => {
  for (const s of running) await s.stop("SIGKILL");
  await rpc?.stop();
  await t?.drop();
  await chain?.stop();
});

const start = async (env: Record<string, string> = {}) => {
  const s = await startService("chain-indexer", {
    NODE_ENV: "test",
    DATABASE_URL: t.url,
    CHAIN_RPC_URL: rpc.url,
    INDEXER_START_BLOCK: "0",
    INDEXER_CONFIRMATIONS: "0",
    INDEXER_MAX_RANGE: "2",
    INDEXER_POLL_MS: "100",
    ...env,
  });
  running.push(s);
  return s;
};
const sellers = () => [chain.wallets.sellers[0]!.address, chain.wallets.sellers[1]!.address];
const indexedRows = () =>
  t.db.selectFrom("chain_transfers").select(["tx_hash", "log_index", "to_addr"]).execute();
const synced = async () =>
  Math.min(
    ...(await t.db.selectFrom("chain_watch").select("synced_to").execute()).map((w) => Number(w.synced_to)),
  );

/** One unlabelled sample from the process's /metrics (undefined: absent). */
async function metric(s: RunningService, name: string): Promise<number | undefined> {
  const text = await (await fetch(`${s.ready.ops_url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("the chain-indexer process", () => {
  it("killed (SIGKILL) mid-backfill and restarted: nothing counted twice, nothing missed; it never exits by itself", async () => {
    for (const to of sellers()) await insertListing(t.db, to);
    const sent: string[] = [];
    for (let i = 0; i < N; i++)
      sent.push(
        await plainTransfer(
          chain,
          chain.wallets.buyers[i % 4]!.privateKey,
          sellers()[i % 2]!,
          BigInt(1000 + i),
        ),
      );
    const head = Number(BigInt(await rpcCall<string>(chain.rpcUrl, "eth_blockNumber")));

    rpc.control.delayMs = 15;
    const first = await start();
    await until(async () => {
      const s = await synced();
      return s > 5 && s < head - 5;
    });
    // Mid-backfill the ops port shows the lag in blocks (head minus the lowest listed cursor).
    const lagging = await metric(first, "tollgate_indexer_lag_blocks");
    expect(lagging).toBeGreaterThan(5);
    expect(await metric(first, "tollgate_indexer_holds_lock")).toBe(1);
    expect(await first.stop("SIGKILL")).toBe(null);
    const partial = (await indexedRows()).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(N);

    rpc.control.delayMs = 0;
    const second = await start({ INDEXER_CONFIRMATIONS: "3" });
    // With 3 confirmations the last transfers need 3 blocks on top of them.
    await rpcCall(chain.rpcUrl, "anvil_mine", ["0x3"]);
    await until(async () => (await indexedRows()).length >= N && (await synced()) >= head).catch(
      async (e) => {
        console.log(second.logs.join(""), (await indexedRows()).length, await synced(), head);
        throw e;
      },
    );
    await new Promise((r) => setTimeout(r, 1000));
    const rows = await indexedRows();
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((r) => r.tx_hash))).toEqual(new Set(sent.map((h) => h.toLowerCase())));
    // Nothing missed against the chain itself.
    const onChain = await rpcCall<unknown[]>(chain.rpcUrl, "eth_getLogs", [
      {
        address: chain.usdc,
        fromBlock: "0x0",
        toBlock: "latest",
        topics: [
          TRANSFER_TOPIC,
          null,
          sellers().map((a) => `0x${a.slice(2).toLowerCase().padStart(64, "0")}`),
        ],
      },
    ]);
    expect(onChain).toHaveLength(N);

    // Confirmations: a new payment is read only once 3 blocks sit on top of it.
    const late = await plainTransfer(chain, chain.wallets.buyers[0]!.privateKey, sellers()[0]!, 5n);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await indexedRows()).some((r) => r.tx_hash === late.toLowerCase())).toBe(false);
    await rpcCall(chain.rpcUrl, "anvil_mine", ["0x3"]);
    await until(async () => (await indexedRows()).some((r) => r.tx_hash === late.toLowerCase()));

    // Caught up: the lag is the confirmations at most, and the process is ready.
    await until(async () => ((await metric(second, "tollgate_indexer_lag_blocks")) ?? 99) <= 3);
    expect(await metric(second, "tollgate_indexer_last_pass_timestamp_seconds")).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect((await fetch(`${second.ready.ops_url}/readyz`)).status).toBe(200);

    // Caught up and idle, the process stays up.
    expect(second.child.exitCode).toBe(null);
    expect(second.child.signalCode).toBe(null);
  }, 120_000); // two processes (tsx) and a backfill: seconds each on a loaded machine
});
