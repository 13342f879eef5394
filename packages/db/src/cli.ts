import { openDatabase } from "./open.js";

// `tsx packages/db/src/cli.ts migrate` — create the database when missing and apply every migration.
const [command] = process.argv.slice(2);
if (command !== "migrate") {
  process.stderr.write("usage: cli.ts migrate   (uses DATABASE_URL)\n");
  process.exit(2);
}
const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/tollgate";
const db = await openDatabase(url, { applicationName: "migrate", max: 1 });
await db.destroy();
process.stdout.write(`migrated ${new URL(url).pathname.slice(1)}\n`);
