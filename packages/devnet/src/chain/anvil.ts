import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { reapOnExit } from "../reap.js";

const require = createRequire(import.meta.url);

/** Path of the anvil binary shipped inside the npm package (no download at install or run time). */
export function anvilBinary(): string {
  const pkg = require.resolve("@foundry-rs/anvil-linux-amd64/package.json");
  return pkg.replace(/package\.json$/, "bin/anvil");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Spawn anvil on loopback with chain id 8453 and wait until it answers eth_chainId. */
export async function spawnAnvil(port?: number): Promise<{ child: ChildProcess; rpcUrl: string }> {
  const p = port ?? (await freePort());
  const child = reapOnExit(
    spawn(anvilBinary(), ["--host", "127.0.0.1", "--port", String(p), "--chain-id", "8453", "--silent"], {
      stdio: ["ignore", "ignore", "pipe"],
    }),
  );
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const rpcUrl = `http://127.0.0.1:${p}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr}`);
    try {
      const res = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      const body = (await res.json()) as { result?: string };
      if (body.result === "0x2105") return { child, rpcUrl };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 15_000) {
      child.kill("SIGKILL");
      throw new Error(`anvil did not answer on ${rpcUrl}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
