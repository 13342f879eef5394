/**
 * Operator tool: withhold a demand term from the free feed, the clusters and the report (e.g. a need that
 * names a person), or publish it again. Withheld terms are counted in `withheld.manually_withheld`.
 *   pnpm demand:withhold "<term>"          withhold
 *   pnpm demand:withhold --release "<term>" publish again
 *   pnpm demand:withhold --list
 * Uses DATABASE_URL (default the local database).
 */
import { createDb } from "@tollgate/db";
import { withheldTerms, withholdDemandTerm } from "@tollgate/registry";

const args = process.argv.slice(2);
const release = args[0] === "--release";
const list = args[0] === "--list";
const term = release ? args[1] : args[0];
if (!list && !term) {
  process.stderr.write('usage: pnpm demand:withhold "<term>" | --release "<term>" | --list\n');
  process.exit(2);
}
const db = createDb(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/tollgate", { max: 1 });
try {
  const terms = list ? [...(await withheldTerms(db))].sort() : await withholdDemandTerm(db, term!, !release);
  process.stdout.write(`withheld terms (${terms.length}):\n${terms.map((t) => `  ${t}`).join("\n")}\n`);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
