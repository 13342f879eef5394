/**
 * Benchmark: the local facilitator alone (no HTTP, no database), verify then settle of pre-signed x402 exact
 * payments against a fresh anvil, with 1 and with 4 payments in flight, twice each; prints payments per second
 * and this process's CPU (user + system) per payment, and how many transactions carried them.
 * Run: pnpm bench:facilitator
 */

import { createLocalFacilitator, exactPayment, signAuthorization, startChain } from "@tollgate/devnet";

const N = 200;
const chain = await startChain();
const f = createLocalFacilitator(chain);
console.log(
  "| in flight | payments/s | CPU ms per payment | transactions for the payments |\n|---|---|---|---|",
);
for (const inFlight of [1, 4, 1, 4]) {
  const payments = await Promise.all(
    Array.from({ length: N }, async (_, i) =>
      exactPayment(await signAuthorization(chain.wallets.buyers[i % 4]!, chain.wallets.operator.address, 1n)),
    ),
  );
  const batchesBefore = f.batches?.batches ?? 0;
  const scheme = f.settlements.scheme;
  let next = 0;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < N) {
        const p = payments[next++]!;
        if (!(await f.verify(p.payload, p.requirements)).isValid) throw new Error("not valid");
        const s = await f.settle(p.payload, p.requirements);
        if (!s.success) throw new Error(JSON.stringify(s));
      }
    }),
  );
  const ms = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  if (f.settlements.scheme !== scheme) throw new Error("a payment went through the scheme's settle");
  // Before batching each settlement was its own transaction.
  const txs = f.batches ? f.batches.batches - batchesBefore : N;
  console.log(
    `| ${inFlight} | ${((N / ms) * 1000).toFixed(1)} | ${((used.user + used.system) / 1000 / N).toFixed(2)} | ${txs} |`,
  );
}
await chain.stop();
