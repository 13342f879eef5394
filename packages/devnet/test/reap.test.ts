import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TSX_LOADER } from "../src/process.js";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("children of a run", () => {
  it("anvil started by a process that dies of an uncaught error does not outlive it", async () => {
    const script = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      "fixtures",
      "exit-leaving-anvil.ts",
    );
    const child = spawn(process.execPath, ["--import", TSX_LOADER, script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const code = await new Promise<number | null>((r) => child.once("exit", r));
    expect(code).not.toBe(0);
    const pid = Number(out.trim());
    expect(pid).toBeGreaterThan(0);
    const deadline = Date.now() + 5000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(alive(pid)).toBe(false);
  }, 60_000);
});
