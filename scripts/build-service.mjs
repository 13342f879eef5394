// `pnpm build` in a service (or packages/db): compiles src/<entry>.ts to dist/<entry>.js for
// `node dist/<entry>.js`. Workspace packages (@tollgate/*) are TypeScript sources, so they are bundled in;
// every npm package stays external and is installed beside the bundle by `pnpm bundle` (pnpm deploy).
// Files a workspace package loads at run time next to its own code (its package.json "tollgate.assets",
// e.g. the embedding worker) are copied into dist/ when the bundle includes that package.
// Usage (from the package folder): node ../../scripts/build-service.mjs [entry.ts …]   (default src/main.ts)
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const cwd = process.cwd();
const entries = process.argv.slice(2);
if (entries.length === 0) entries.push("src/main.ts");

/** Bundle @tollgate/* (sources), leave every other bare import to node_modules. */
const externalNpm = {
  name: "external-npm",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@tollgate/") ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(path.join(cwd, "dist"), { recursive: true, force: true });
const result = await build({
  absWorkingDir: cwd,
  entryPoints: entries,
  outdir: "dist",
  outbase: "src",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
  plugins: [externalNpm],
});

// Run-time assets of the workspace packages this bundle includes, and which package imports which npm
// package (dist/imports.json: `pnpm bundle` checks each resolves, to the same copy, in production).
const packageOf = new Map();
const ownerOf = (file) => {
  let dir = path.dirname(path.resolve(cwd, file));
  while (dir !== path.dirname(dir) && !existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  if (!packageOf.has(dir))
    packageOf.set(dir, JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")));
  return packageOf.get(dir);
};
const imports = new Set();
const note = (specifier, owner) => {
  if (isBuiltin(specifier)) return;
  const name = specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
  imports.add(JSON.stringify({ specifier, package: name, importedBy: owner.name }));
};
for (const [file, input] of Object.entries(result.metafile.inputs)) {
  const owner = ownerOf(file);
  for (const i of input.imports) if (i.external) note(i.path, owner);
}
mkdirSync(path.join(cwd, "dist"), { recursive: true });
for (const [dir, pkg] of packageOf) {
  for (const asset of pkg.tollgate?.assets ?? []) {
    const target = path.join(cwd, "dist", path.basename(asset));
    copyFileSync(path.join(dir, asset), target);
    for (const m of readFileSync(target, "utf8").matchAll(/^import[^"']*["']([^"'.][^"']*)["']/gm))
      note(m[1], pkg);
  }
}
writeFileSync(
  path.join(cwd, "dist", "imports.json"),
  `${JSON.stringify(
    [...imports].map((i) => JSON.parse(i)),
    null,
    1,
  )}\n`,
);
