import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const FIXTURE = fileURLToPath(new URL("./fixtures/crash-service.ts", import.meta.url));

/** Run the fixture service as its own process; its exit code, JSON log lines and stderr. */
function run(env: Record<string, string>) {
  const { NODE_ENV: _, ...parent } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE], {
    cwd: ROOT,
    env: { ...parent, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    err += c.toString();
  });
  return new Promise<{ code: number | null; lines: Record<string, unknown>[]; stderr: string }>((resolve) =>
    child.once("close", (code) =>
      resolve({
        code,
        lines: out
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as Record<string, unknown>),
        stderr: err,
      }),
    ),
  );
}

describe("a service process that crashes", () => {
  it.each(["rejection", "exception"])(
    "an unhandled %s is logged as fatal and the process exits 1",
    async (crash) => {
      const { code, lines } = await run({ NODE_ENV: "test", CRASH: crash });
      expect(code).toBe(1);
      expect(lines.some((l) => l.msg === "ready")).toBe(true);
      const fatal = lines.find((l) => l.level === 60);
      expect(fatal).toMatchObject({
        msg: "crashed: exiting",
        kind: crash === "rejection" ? "unhandledRejection" : "uncaughtException",
        err: { message: expect.stringMatching(/^boom/) },
      });
      // The shutdown steps ran (bounded) before the exit.
      expect(lines.some((l) => l.msg === "shutdown step done" && l.step === "cleanup")).toBe(true);
    },
  );

  it("without NODE_ENV it does not start: exit 78 and the error names NODE_ENV", async () => {
    const { code, lines, stderr } = await run({ CRASH: "rejection" });
    expect(code).toBe(78);
    expect(stderr).toMatch(/NODE_ENV: required/);
    expect(lines.some((l) => l.msg === "ready")).toBe(false);
  });
});
