import { migrateDatabase } from "./open.js";

// `pnpm migrate` (tsx packages/db/src/cli.ts migrate): the one owner of the schema in production (the
// k8s migrate Job runs it once per release, before the services, which only check). Creates the database
// when missing and applies every migration; exits non-zero on failure.
const [command] = process.argv.slice(2);
if (command !== "migrate") {
  process.stderr.write("usage: cli.ts migrate   (uses DATABASE_URL)\n");
  process.exit(2);
}
const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/tollgate";
const applied = await migrateDatabase(url);
process.stdout.write(
  `migrated ${new URL(url).pathname.slice(1)}: ${applied.length ? applied.join(", ") : "already current"}\n`,
);
