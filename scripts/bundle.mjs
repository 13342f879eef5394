// `pnpm bundle [name …]`: the production bundle of each service (and of the migrate CLI) in
// dist/bundles/<name>: its compiled dist/ (from `pnpm build`, run here first) and a flat node_modules with
// only its runtime dependencies, installed from the lockfile by `pnpm deploy --prod`. What the Dockerfile
// copies into each image; `node dist/main.js` (migrate: `node dist/cli.js migrate`) runs it.
// Then checks that every npm package the bundle imports resolves from dist/, to the very copy the importing
// workspace package would get (a flat node_modules can hoist another version of a shared dependency).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Bundle name → workspace package and the folder it lives in. */
const BUNDLES = {
  api: "services/api",
  prober: "services/prober",
  "scout-buyer": "services/scout-buyer",
  "chain-indexer": "services/chain-indexer",
  "demand-aggregator": "services/demand-aggregator",
  mcp: "services/mcp",
  migrate: "packages/db",
};

const names = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const wanted = names.length ? names : Object.keys(BUNDLES);
for (const n of wanted)
  if (!BUNDLES[n]) throw new Error(`unknown bundle ${n} (one of ${Object.keys(BUNDLES)})`);
const pkgName = (n) => JSON.parse(readFileSync(path.join(ROOT, BUNDLES[n], "package.json"), "utf8")).name;
const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });

if (!process.argv.includes("--no-build"))
  run("pnpm", [
    "-s",
    "turbo",
    "run",
    "build",
    "--output-logs=errors-only",
    ...wanted.map((n) => `--filter=${pkgName(n)}`),
  ]);

/** Where Node finds package `name` from `dir` (node_modules lookup upward), or null. */
function lookup(dir, name) {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, "node_modules", name, "package.json");
    if (existsSync(candidate)) return path.dirname(candidate);
    if (d === path.dirname(d)) return null;
  }
}

for (const n of wanted) {
  const out = path.join(ROOT, "dist", "bundles", n);
  rmSync(out, { recursive: true, force: true });
  // inject-workspace-packages: pnpm 10 deploys from the shared lockfile only with it (set here, not in the
  // workspace, whose packages stay symlinked for development). hoisted: a flat node_modules, so the npm
  // dependencies of the bundled workspace packages resolve from dist/.
  run("pnpm", [
    "--filter",
    pkgName(n),
    "deploy",
    "--prod",
    "--prefer-offline",
    "--reporter=silent",
    "--config.inject-workspace-packages=true",
    "--config.node-linker=hoisted",
    out,
  ]);
  const dist = path.join(out, "dist");
  const imports = JSON.parse(readFileSync(path.join(dist, "imports.json"), "utf8"));
  const problems = [];
  for (const i of imports) {
    const got = lookup(dist, i.package);
    const owner = i.importedBy === pkgName(n) ? dist : path.join(out, "node_modules", i.importedBy);
    const expected = lookup(owner, i.package);
    if (!got) problems.push(`${i.specifier} (imported by ${i.importedBy}) is not installed`);
    else if (got !== expected)
      problems.push(`${i.specifier}: dist/ gets ${got}, but ${i.importedBy} is locked to ${expected}`);
  }
  // Subpath exports too: let Node itself resolve every specifier from dist/.
  const specifiers = [...new Set(imports.map((i) => i.specifier))];
  try {
    execFileSync(
      process.execPath,
      ["--input-type=module", "-e", `for (const s of ${JSON.stringify(specifiers)}) import.meta.resolve(s);`],
      {
        cwd: dist,
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
  } catch (err) {
    problems.push(
      `an import does not resolve from dist/: ${
        String(err.stderr)
          .split("\n")
          .find((l) => l.includes("Error")) ?? err
      }`,
    );
  }
  if (problems.length) throw new Error(`bundle ${n}:\n  ${problems.join("\n  ")}`);
  process.stdout.write(`bundle ${n}: dist/bundles/${n} (${specifiers.length} npm imports resolve)\n`);
}
