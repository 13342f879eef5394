/**
 * Benchmark: building the paid demand snapshots (clusters and report) from 1 million logged searches, as
 * the demand aggregator does it (aggregation in Postgres, privacy rules, grouping by meaning with the
 * embedding model, the directory's own search for the top needs), cold and warm; and the free feed.
 * Run: pnpm bench:demand   (BENCH_SEARCHES=1000000)
 */
import { createLogger } from "@tollgate/platform";
import { buildDemandSnapshots, createSemanticIndex, demandFeed, syncEmbeddings } from "@tollgate/registry";
import { createEmbedder } from "@tollgate/semantic";
import { sql } from "kysely";
import { seedListings } from "../api/seed.js";
import { dropBenchDb, freshBenchDb } from "../db.js";
import { NEEDS } from "../semantic/labelled.js";

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 1_000_000);
const name = "tollgate_bench_demand";
const { db } = await freshBenchDb(name);

// A directory of 2,000 listings for the answered_now searches.
await seedListings(db, 2000);
const embedder = createEmbedder();
await embedder.ready;
let t0 = performance.now();
while ((await syncEmbeddings(db, embedder)) > 0);
console.error(`embedded 2000 listings in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// 3,024 distinct needs (72 needs x 42 wordings), asked with a heavy head (Zipf-like), by 30,000 client
// addresses (also skewed), over 29 days; 5% too short to count, 2% sellers checking their own rank.
const MODIFIERS = [
  "",
  "api",
  "cheap",
  "fast",
  "for agents",
  "json",
  "in real time",
  "per call",
  "free tier",
  "bulk",
  "today",
  "now",
  "2026",
  "global",
  "europe",
  "usa",
  "asia",
  "with history",
  "accurate",
  "reliable",
  "low latency",
  "batch",
  "streaming",
  "webhook",
  "open data",
  "pay per use",
  "x402",
  "usdc",
  "simple",
  "best",
  "alternative",
  "compare",
  "historical",
  "live",
  "quick",
  "precise",
  "high volume",
  "enterprise",
  "developer",
  "python",
  "typescript",
  "no signup",
];
const terms = NEEDS.flatMap(([need]) => MODIFIERS.map((m) => (m ? `${need} ${m}` : need)));
await sql`CREATE TEMP TABLE bench_terms (i int PRIMARY KEY, q text)`.execute(db);
await sql`INSERT INTO bench_terms SELECT ordinality - 1, q FROM unnest(${terms}::text[]) WITH ORDINALITY AS t(q, ordinality)`.execute(
  db,
);
t0 = performance.now();
const BATCH = 200_000;
for (let done = 0; done < SEARCHES; done += BATCH) {
  await sql`
    INSERT INTO search_log (event_id, at, source, query, term, category, client_hash, result_count, result_ids, params, self_check)
    SELECT gen_random_uuid(), now() - random() * interval '29 days', CASE WHEN random() < 0.3 THEN 'mcp' ELSE 'rest' END,
           CASE WHEN short THEN 'gpu' ELSE t.q END, CASE WHEN short THEN NULL ELSE t.q END, NULL,
           md5('client' || r.ci), 3, '{}', '{}', random() < 0.02
    FROM (SELECT floor(${terms.length} * power(random(), 3))::int AS ti, floor(30000 * power(random(), 2))::int AS ci,
                 random() < 0.05 AS short
          FROM generate_series(1, ${Math.min(BATCH, SEARCHES - done)})) r
    JOIN pg_temp.bench_terms t ON t.i = r.ti`.execute(db);
}
await sql`ANALYZE search_log`.execute(db);
console.error(`logged ${SEARCHES} searches in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const semantic = createSemanticIndex(db, embedder, createLogger("bench", "silent"));
await semantic.refresh();
const rows: string[] = [];
for (const run of [
  "cold (no need vectors cached, no answers yet)",
  "warm (15 minutes later: vectors cached, answers fresh)",
]) {
  t0 = performance.now();
  const r = await buildDemandSnapshots(db, {
    kFloor: 3,
    embed: (texts) => embedder.embedManyCached(texts),
    discover: { matcher: semantic.matcher },
  });
  const s = (performance.now() - t0) / 1000;
  const snap = await db
    .selectFrom("demand_snapshots")
    .select(["searches_total", "searches_ungrouped"])
    .orderBy("built_at", "desc")
    .executeTakeFirstOrThrow();
  rows.push(
    `| ${run} | ${s.toFixed(1)} | ${"needs" in r ? r.needs : "-"} | ${"clusters" in r ? r.clusters : "-"} | ${((100 * snap.searches_ungrouped) / Math.max(1, snap.searches_total)).toFixed(1)}% |`,
  );
}
t0 = performance.now();
const feed = await demandFeed(db, { kFloor: 3, paidTierLive: true, delayHours: 0, limit: 100, offset: 0 });
const feedS = (performance.now() - t0) / 1000;

console.log(
  `## Demand snapshots from ${SEARCHES.toLocaleString("en")} logged searches (${terms.length} distinct needs, 30,000 client addresses)\n`,
);
console.log("| build | seconds | needs published | clusters | searches ungrouped |\n|---|---|---|---|---|");
console.log(rows.join("\n"));
console.log(
  `\nFree feed (GET /v1/demand, one page of 100) computed from the same log: ${feedS.toFixed(2)} s; ${feed.total_queries.toLocaleString("en")} queries in window, ${feed.withheld.identifying_terms} terms withheld under the floor.`,
);
await semantic.stop();
await embedder.close();
await db.destroy();
await dropBenchDb(name);
