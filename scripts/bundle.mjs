// `pnpm bundle [name …]`: the production bundle of each service (and of the migrate CLI) in
// dist/bundles/<name>: its compiled dist/ (the package's `build` script, run here first) and a flat
// node_modules with only its runtime dependencies, installed from the lockfile by `pnpm deploy --prod`.
// What the Dockerfile copies into each image; `node dist/main.js` (migrate: `node dist/cli.js migrate`) runs it.
// Then checks that every npm package the bundle imports resolves from dist/, to the very copy the importing
// workspace package would get (a flat node_modules can hoist another version of a shared dependency).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BUNDLES, bundleInputsHash, ROOT, stampOf } from "./bundle-inputs.mjs";

const names = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const wanted = names.length ? names : Object.keys(BUNDLES);
for (const n of wanted)
  if (!BUNDLES[n]) throw new Error(`unknown bundle ${n} (one of ${Object.keys(BUNDLES)})`);
const pkgName = (n) => JSON.parse(readFileSync(path.join(ROOT, BUNDLES[n], "package.json"), "utf8")).name;
const inputs = bundleInputsHash();

/** Run a child process; resolves to its exit code and output. */
function run(cmd, args, cwd) {
  const child = spawn(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (c) => {
    log += c;
  });
  child.stderr.on("data", (c) => {
    log += c;
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, log })));
}

/** Where Node finds package `name` from `dir` (node_modules lookup upward), or null. */
function lookup(dir, name) {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, "node_modules", name, "package.json");
    if (existsSync(candidate)) return path.dirname(candidate);
    if (d === path.dirname(d)) return null;
  }
}

/** Deploy one bundle (pnpm deploy), then check its imports; resolves to the problems found. */
async function bundle(n) {
  const dir = path.join(ROOT, BUNDLES[n]);
  const out = path.join(ROOT, "dist", "bundles", n);
  rmSync(out, { recursive: true, force: true });
  // The package's own build script (what `pnpm build` runs through turbo), straight, as turbo adds seconds.
  const script = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).scripts.build;
  const built = await run("sh", ["-c", script], dir);
  if (built.code !== 0) return [`bundle ${n}: build failed:\n${built.log}`];
  // inject-workspace-packages: pnpm 10 deploys from the shared lockfile only with it (set here, not in the
  // workspace, whose packages stay symlinked for development). hoisted: a flat node_modules, so the npm
  // dependencies of the bundled workspace packages resolve from dist/.
  const args = ["--filter", pkgName(n), "deploy", "--prod", "--prefer-offline", "--reporter=append-only"];
  args.push("--config.inject-workspace-packages=true", "--config.node-linker=hoisted", out);
  const deployed = await run("pnpm", args, ROOT);
  if (deployed.code !== 0) return [`bundle ${n}: pnpm deploy exited ${deployed.code}:\n${deployed.log}`];
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
  const resolveAll = `for (const s of ${JSON.stringify(specifiers)}) import.meta.resolve(s);`;
  try {
    execFileSync(process.execPath, ["--input-type=module", "-e", resolveAll], {
      cwd: dist,
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (err) {
    const line = String(err.stderr)
      .split("\n")
      .find((l) => l.includes("Error"));
    problems.push(`an import does not resolve from dist/: ${line ?? err}`);
  }
  if (problems.length === 0) writeFileSync(stampOf(n), `${inputs}\n`);
  if (problems.length === 0)
    process.stdout.write(`bundle ${n}: dist/bundles/${n} (${specifiers.length} npm imports resolve)\n`);
  return problems.map((p) => `bundle ${n}: ${p}`);
}

// A few at a time: each deploy is mostly file-system work, and more at once only contend.
const problems = [];
const queue = [...wanted];
const lanes = Number(process.env.BUNDLE_CONCURRENCY ?? 2);
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let n = queue.shift(); n; n = queue.shift()) problems.push(...(await bundle(n)));
  }),
);
if (problems.length) {
  process.stderr.write(`${problems.join("\n")}\n`);
  process.exit(1);
}
