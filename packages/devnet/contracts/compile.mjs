// Rebuild the committed artifacts: node packages/devnet/contracts/compile.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const solc = createRequire(import.meta.url)("solc");
const sources = Object.fromEntries(
  ["LocalUSDC.sol", "Multicall3.sol"].map((f) => [f, { content: readFileSync(join(here, f), "utf8") }]),
);
const out = JSON.parse(
  solc.compile(
    JSON.stringify({
      language: "Solidity",
      sources,
      settings: {
        optimizer: { enabled: true, runs: 200 },
        evmVersion: "cancun",
        outputSelection: { "*": { "*": ["abi", "evm.deployedBytecode.object"] } },
      },
    }),
  ),
);
const errors = (out.errors ?? []).filter((e) => e.severity === "error");
if (errors.length) {
  console.error(errors.map((e) => e.formattedMessage).join("\n"));
  process.exit(1);
}
const artifacts = {
  compiler: solc.version(),
  LocalUSDC: {
    abi: out.contracts["LocalUSDC.sol"].LocalUSDC.abi,
    runtime: `0x${out.contracts["LocalUSDC.sol"].LocalUSDC.evm.deployedBytecode.object}`,
  },
  Multicall3: {
    abi: out.contracts["Multicall3.sol"].Multicall3.abi,
    runtime: `0x${out.contracts["Multicall3.sol"].Multicall3.evm.deployedBytecode.object}`,
  },
};
writeFileSync(join(here, "artifacts.json"), `${JSON.stringify(artifacts)}\n`);
console.log(`compiled with ${solc.version()}`);
