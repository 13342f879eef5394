/**
 * Benchmark: paid verdict round trips per second (402 → sign → verify → settle → 200) on the local chain with
 * 1 buyer and with 4 buyers in parallel, beside the raw rate at which the same chain accepts
 * transferWithAuthorization sent back to back from one wallet (no HTTP, no database), and unpaid verdict
 * computations per second (build + sign the attestation, no payment), all in the same run.
 * The api runs as production runs it: its bundle (`pnpm bundle api`, rebuilt here when its sources changed),
 * `node dist/main.js`; `BENCH_API=tsx` runs the sources under tsx instead. Each paid run also prints the
 * api process's CPU (user + system, from /proc) per paid round trip, and a second table says where the whole
 * machine's CPU went per raw transfer and per paid round trip (api, chain, Postgres, the bench's own buyers or
 * relay, Redis, everything else), with what half the raw rate would allow on this machine's cores.
 * Run: pnpm bench:paid
 */

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { testPrefix } from "@tollgate/db/testing";
import {
  type Chain,
  dropQueuePrefix,
  payingFetch,
  ROOT,
  signAuthorization,
  startChain,
  startService,
  transferWithAuthorizationArgs,
  USDC_ABI,
} from "@tollgate/devnet";
import { findListing, issueVerdict } from "@tollgate/registry";
import { generateSigningKey } from "@tollgate/x402";
import { encodeFunctionData, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { bundleInputsHash, stampOf } from "../../../scripts/bundle-inputs.mjs";
import { dropBenchDb, freshBenchDb } from "../db.js";
import { cpuByGroup, cpuSpent } from "../proc.js";

const SECONDS = Number(process.env.BENCH_DURATION_S ?? 10);
const BUYERS = (process.env.BENCH_BUYERS ?? "1,4").split(",").map(Number);
const RAW_N = Number(process.env.BENCH_RAW_TRANSFERS ?? 400);
const API_MODE = process.env.BENCH_API ?? "bundle";
if (API_MODE !== "bundle" && API_MODE !== "tsx") throw new Error(`BENCH_API=${API_MODE}: bundle or tsx`);
// The production artefact (Dockerfile: `node dist/main.js` in dist/bundles/api), rebuilt if stale.
const BUNDLE = path.join(ROOT, "dist", "bundles", "api");
if (API_MODE === "bundle") {
  const stamp = stampOf("api");
  if (!existsSync(stamp) || readFileSync(stamp, "utf8").trim() !== bundleInputsHash())
    execFileSync(process.execPath, ["scripts/bundle.mjs", "api"], { cwd: ROOT, stdio: "inherit" });
}
const chain = await startChain();

/** Why a raw measurement gave no figure: printed with the results, not only on stderr. */
const rawNotes: string[] = [];
function noRawFigure(why: string): { rate: number; cpu: null } {
  console.error(why);
  rawNotes.push(why);
  return { rate: Number.NaN, cpu: null };
}
const mapValues = (o: Record<string, number>, f: (v: number) => number) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
/**
 * Where the machine's CPU goes: the api, the chain (anvil), Postgres, the bench's own process (the buyers' official
 * x402 clients, or the raw step's relay), Redis; "other" is everything else on the machine.
 */
const GROUPS: Record<string, (pid: number, comm: string) => boolean> = {
  api: (pid) => pid === api?.child.pid,
  chain: (_, comm) => comm.includes("anvil"),
  postgres: (_, comm) => comm.startsWith("postgres"),
  bench: (pid) => pid === process.pid,
  redis: (_, comm) => comm.startsWith("redis"),
};

/**
 * The chain's own rate: RAW_N authorizations from the buyers, signed beforehand, relayed from one wallet
 * (not the facilitator's) back to back — each broadcast awaited, as the facilitator does — timed from the
 * first broadcast to the last receipt.
 */
async function rawTransferRate(c: Chain): Promise<{ rate: number; cpu: Record<string, number> | null }> {
  const relayer = privateKeyToAccount(c.wallets.sellers[11]!.privateKey);
  const signed = await Promise.all(
    Array.from({ length: RAW_N }, (_, i) =>
      signAuthorization(c.wallets.buyers[i % 4]!, c.wallets.sellers[10]!.address, 1000n),
    ),
  );
  const data = signed.map((s) =>
    encodeFunctionData({
      abi: USDC_ABI,
      functionName: "transferWithAuthorization",
      args: transferWithAuthorizationArgs(s),
    }),
  );
  const gas = await c.publicClient.estimateGas({ account: relayer.address, to: c.usdc, data: data[0] });
  const fees = await c.publicClient.estimateFeesPerGas();
  const first = await c.publicClient.getTransactionCount({ address: relayer.address, blockTag: "pending" });
  const txs = await Promise.all(
    data.map((d, i) =>
      relayer.signTransaction({
        chainId: c.chainId,
        type: "eip1559",
        to: c.usdc,
        data: d,
        gas: (gas * 12n) / 10n,
        nonce: first + i,
        maxFeePerGas: fees.maxFeePerGas * 2n,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      }),
    ),
  );
  const cpu0 = cpuByGroup(GROUPS);
  const t0 = performance.now();
  const hashes: Hex[] = [];
  try {
    for (const tx of txs) hashes.push(await c.publicClient.sendRawTransaction({ serializedTransaction: tx }));
  } catch (err) {
    // Seen once after the node had stalled earlier in the run ("nonce too low" on the first send): the run's
    // other figures still stand, so this measurement is left out rather than the run thrown away.
    return noRawFigure(
      `raw: the node refused transfer ${hashes.length + 1} of ${RAW_N} (${(err as Error).message.split("\n")[0]}); no raw figure for this measurement`,
    );
  }
  // One account's transactions are mined in nonce order: the last receipt means all of them landed. One
  // waiter asking for that receipt directly (one call a look; viem's waitForTransactionReceipt watches the
  // block number and fetches the transaction and receipt on every new block), with a bound that reports
  // how far the chain got instead of hanging.
  const last = hashes.at(-1)!;
  let seen = first;
  let progressAt = Date.now();
  for (;;) {
    const r = await c.publicClient.getTransactionReceipt({ hash: last }).catch(() => null);
    if (r) break;
    // Seen on this machine now and then: the node accepts every transfer but stops mining at one nonce,
    // the rest queued behind it, for good. Nothing the bench waits on wrongly: say where it stopped, mine the
    // pool so the rest of the run has a clean chain, and give no raw figure for this measurement.
    const mined = await c.publicClient.getTransactionCount({ address: relayer.address });
    if (mined > seen) [seen, progressAt] = [mined, Date.now()];
    if (Date.now() - progressAt > 10_000) {
      const stuck = await c.publicClient.getTransaction({ hash: hashes[mined - first]! }).catch(() => null);
      const why = `raw: the node stopped mining at nonce ${mined} (${mined - first} of ${RAW_N} mined; that transaction is ${stuck ? (stuck.blockNumber === null ? "pending in its pool" : "mined") : "unknown to it"}); no raw figure for this measurement`;
      for (let i = 0; i < 50; i++) {
        if ((await c.publicClient.getTransactionCount({ address: relayer.address })) >= first + RAW_N) break;
        await c.publicClient.request({ method: "evm_mine" } as never);
      }
      return noRawFigure(why);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const secs = (performance.now() - t0) / 1000;
  const cpu = cpuSpent(cpu0, cpuByGroup(GROUPS));
  const receipts = await Promise.all(hashes.map((hash) => c.publicClient.getTransactionReceipt({ hash })));
  const failed = receipts.filter((r) => r.status !== "success").length;
  if (failed > 0) console.error(`raw: ${failed} of ${RAW_N} transfers reverted`);
  return { rate: (RAW_N - failed) / secs, cpu: mapValues(cpu, (ms) => ms / (RAW_N - failed)) };
}

const name = "tollgate_bench_paid";
const { db, url } = await freshBenchDb(name);
const QUEUE_PREFIX = testPrefix("bench_paid");
const api = await startService(
  "api",
  {
    QUEUE_PREFIX,
    NODE_ENV: "test",
    DATABASE_URL: url,
    API_PORT: "0",
    SSRF_ALLOW_HOSTS: "bench.paid.test=203.0.113.9",
    OPERATOR_PAY_TO: chain.wallets.operator.address,
    FACILITATOR_RPC_URL: chain.rpcUrl,
    FACILITATOR_PRIVATE_KEY: chain.wallets.facilitator.privateKey,
    SIGNING_KEY_FILE: "/tmp/tollgate-bench-key.json",
  },
  // Generous start timeout: on a loaded shared machine compiling the service can take longer than 30 s.
  { timeoutMs: 180_000, ...(API_MODE === "bundle" ? { bundle: BUNDLE } : {}) },
);
const base = String(api.ready.url);
// The api loads its embedding model in a worker thread after it starts listening (discovery by meaning; the
// verdict route does not use it). Its load is seconds of CPU on this machine's two cores: measure after it.
{
  const ops = api.ready.ops_url as string | undefined;
  const since = Date.now();
  const until = since + 120_000;
  while (ops && Date.now() < until) {
    const text = await (await fetch(`${ops}/metrics`)).text();
    if (!/^tollgate_semantic_model_state\{state="loading"[^}]*\} 1$/m.test(text)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  console.error(
    `api: model loaded ${ops ? `after ${Date.now() - since} ms more` : "(no ops address to ask)"}`,
  );
}
const created = (await (
  await fetch(`${base}/v1/listings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "bench",
      description: "bench",
      endpoint_url: "https://bench.paid.test/x",
      category: "data.other",
      price_amount: 0.01,
    }),
  })
).json()) as { id: string };

/** Paid verdicts with `buyers` in parallel, each its own wallet (independent nonces), full x402 round trips. */
async function paidRate(
  buyers: number,
): Promise<{ rate: number; paid: number; failed: number; cpuMs: number; cpu: Record<string, number> }> {
  const operatorBefore = await chain.balanceOf(chain.wallets.operator.address);
  const machineBefore = cpuByGroup(GROUPS);
  let paid = 0;
  let failed = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: buyers }, async (_, w) => {
      const pay = payingFetch(chain, chain.wallets.buyers[w % chain.wallets.buyers.length]!);
      while (Date.now() < end) {
        const res = await pay(`${base}/v1/listings/${created.id}/verdict`);
        const text = await res.text();
        if (res.status === 200 && res.headers.get("payment-response")) paid++;
        else {
          failed++;
          if (failed <= 3) console.error("not 200:", res.status, text.slice(0, 300));
        }
      }
    }),
  );
  const perTrip = (ms: number) => ms / Math.max(1, paid + failed);
  const cpu = mapValues(cpuSpent(machineBefore, cpuByGroup(GROUPS)), perTrip);
  const collected = (await chain.balanceOf(chain.wallets.operator.address)) - operatorBefore;
  if (collected !== BigInt(paid) * 5000n)
    console.error(`MONEY MISMATCH: collected ${collected} for ${paid} paid answers`);
  return { rate: paid / SECONDS, paid, failed, cpuMs: cpu.api ?? 0, cpu };
}

// The raw rate is measured before and after the paid runs, so a change of load during the run shows.
const rawBefore = await rawTransferRate(chain);
const paidRuns = [];
for (const n of BUYERS) paidRuns.push({ buyers: n, ...(await paidRate(n)) });
const rawAfter = await rawTransferRate(chain);
// A measurement the node stalled in (NaN) is left out of the mean.
const rawOk = [rawBefore.rate, rawAfter.rate].filter((r) => Number.isFinite(r));
const raw = rawOk.length ? rawOk.reduce((a, b) => a + b, 0) / rawOk.length : Number.NaN;
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "none");
const ratio = (n: number) => (Number.isFinite(raw) ? (n / raw).toFixed(2) : "—");

// Unpaid: the verdict computation itself (read listing and purchases, decide, sign, store), no payment.
const { key } = await generateSigningKey();
const listing = (await findListing(db, created.id))!;
let computed = 0;
const end2 = Date.now() + SECONDS * 1000;
while (Date.now() < end2) {
  await issueVerdict(db, listing, { key, keyUrl: "http://x/jwks", attestationUrl: (i) => i });
  computed++;
}
const unpaidRate = computed / SECONDS;
await api.stop();
await dropQueuePrefix(QUEUE_PREFIX);
await db.destroy();
await chain.stop();
await dropBenchDb(name);
console.log(`api: ${API_MODE === "bundle" ? "production bundle (node dist/main.js)" : "sources under tsx"}
| run | per second | ratio to raw transfers | api CPU ms per round trip |
|---|---|---|---|
| raw transferWithAuthorization, ${RAW_N} from one wallet back to back (before / after the paid runs) | ${fmt(raw)} (${fmt(rawBefore.rate)} / ${fmt(rawAfter.rate)}) | ${Number.isFinite(raw) ? "1.00" : "—"} | — |
${paidRuns
  .map(
    (r) =>
      `| paid verdict round trips (402 → sign → verify → settle on anvil → 200), ${r.buyers} buyer${r.buyers > 1 ? "s" : ""} in parallel | ${r.rate.toFixed(1)} | ${ratio(r.rate)} | ${r.cpuMs.toFixed(1)} |`,
  )
  .join("\n")}
| unpaid verdict computations (build + Ed25519 attestation + store), one loop | ${unpaidRate.toFixed(1)} | — | — |

(${SECONDS} s per paid run; ${paidRuns.map((r) => `${r.buyers} buyer(s): ${r.paid} paid, ${r.failed} not 200`).join("; ")}; ratios against the mean raw rate)${rawNotes.map((n) => `\n${n}`).join("")}`);

// Where the machine's CPU went, per raw transfer and per paid round trip, and what half the raw rate would allow.
const cols = Object.keys(GROUPS).concat("other");
const cells = (cpu: Record<string, number> | null) =>
  cols.map((g) => (cpu ? (cpu[g] ?? 0).toFixed(2) : "—")).join(" | ");
const total = (cpu: Record<string, number> | null) =>
  cpu
    ? Object.values(cpu)
        .reduce((a, b) => a + b, 0)
        .toFixed(2)
    : "—";
const cores = cpus().length;
const widest = paidRuns.at(-1);
const budget = Number.isFinite(raw) ? (cores * 1000) / (raw / 2) : Number.NaN;
const outside = widest
  ? ["chain", "postgres", "bench"].reduce((a, g) => a + (widest.cpu[g] ?? 0), 0)
  : Number.NaN;
console.log(`
CPU ms per unit of work, by process (user + system from /proc, the whole machine; "bench" is this process: the raw
step's relay, or the buyers' official x402 clients in the paid runs):

| unit | ${cols.join(" | ")} | all |
|---|${cols.map(() => "---|").join("")}---|
| raw transfer (before the paid runs) | ${cells(rawBefore.cpu)} | ${total(rawBefore.cpu)} |
${paidRuns.map((r) => `| paid round trip, ${r.buyers} buyer${r.buyers > 1 ? "s" : ""} | ${cells(r.cpu)} | ${total(r.cpu)} |`).join("\n")}
| raw transfer (after the paid runs) | ${cells(rawAfter.cpu)} | ${total(rawAfter.cpu)} |
${
  Number.isFinite(budget) && widest
    ? `
Half the mean raw rate is ${(raw / 2).toFixed(1)} paid/s: on this machine's ${cores} cores that leaves at most ${budget.toFixed(1)} ms of CPU per
paid round trip for every process together. The ${widest.buyers}-buyer run used ${total(widest.cpu)} ms, of which the chain, Postgres and
the buyers ${outside.toFixed(1)} ms and the api ${(widest.cpu.api ?? 0).toFixed(1)} ms.`
    : ""
}`);
