// What a production bundle is made from: the lockfile, every workspace manifest, every source file under
// packages/*/src and services/*/src, and the build scripts. `pnpm bundle` stamps each bundle with this hash;
// the production e2e story rebuilds a bundle whose stamp differs (sources changed since it was built).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Bundle name → the workspace package folder it is built from. */
export const BUNDLES = {
  api: "services/api",
  prober: "services/prober",
  "scout-buyer": "services/scout-buyer",
  "chain-indexer": "services/chain-indexer",
  "demand-aggregator": "services/demand-aggregator",
  mcp: "services/mcp",
  migrate: "packages/db",
};

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else if (entry.isFile()) yield p;
  }
}

/** sha256 over the paths and contents of everything a bundle is built from. */
export function bundleInputsHash() {
  const list = ["pnpm-lock.yaml", "package.json", "pnpm-workspace.yaml", ".npmrc"].map((f) =>
    path.join(ROOT, f),
  );
  list.push(
    ...["build-service.mjs", "bundle.mjs", "bundle-inputs.mjs"].map((f) => path.join(ROOT, "scripts", f)),
  );
  for (const group of ["packages", "services"])
    for (const name of readdirSync(path.join(ROOT, group)).sort()) {
      const dir = path.join(ROOT, group, name);
      if (!statSync(dir).isDirectory()) continue;
      list.push(path.join(dir, "package.json"));
      if (existsSync(path.join(dir, "src"))) list.push(...[...files(path.join(dir, "src"))].sort());
    }
  const hash = createHash("sha256");
  for (const f of list) {
    if (!existsSync(f)) continue;
    hash.update(`${path.relative(ROOT, f)}\0`);
    hash.update(readFileSync(f));
  }
  return hash.digest("hex");
}

/** The stamp file of one bundle. */
export const stampOf = (name) => path.join(ROOT, "dist", "bundles", name, ".inputs-sha256");
