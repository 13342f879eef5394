import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../src/process.js";

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "report-env.ts");
const started: RunningService[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
});

describe("a service started by the devnet", () => {
  it("runs with glibc's malloc arenas capped at 2, as its image does", async () => {
    // Whatever the shell running the tests set, the service gets the cap.
    const saved = process.env.MALLOC_ARENA_MAX;
    delete process.env.MALLOC_ARENA_MAX;
    try {
      const s = await startService("report-env", { NODE_ENV: "test" }, { entry });
      started.push(s);
      expect(s.ready.malloc_arena_max).toBe("2");
    } finally {
      if (saved !== undefined) process.env.MALLOC_ARENA_MAX = saved;
    }
  });

  it("lets the caller name its own setting (benchmarks compare glibc's default)", async () => {
    const s = await startService("report-env", { NODE_ENV: "test", MALLOC_ARENA_MAX: "16" }, { entry });
    started.push(s);
    expect(s.ready.malloc_arena_max).toBe("16");
  });

  it("runs the api and mcp with their heap's growth held to half its live size, unless SERVICE_NODE_ARGS undoes it", async () => {
    const api = await startService("api", { NODE_ENV: "test" }, { entry });
    started.push(api);
    expect(api.ready.node_flags).toContain("--heap-growing-percent=50");
    const mcp = await startService("mcp", { NODE_ENV: "test" }, { entry });
    started.push(mcp);
    expect(mcp.ready.node_flags).toContain("--heap-growing-percent=50");
    const other = await startService("prober", { NODE_ENV: "test" }, { entry });
    started.push(other);
    expect(other.ready.node_flags).not.toContain("--heap-growing-percent=50");
    const saved = process.env.SERVICE_NODE_ARGS;
    process.env.SERVICE_NODE_ARGS = "--heap-growing-percent=0";
    try {
      const undone = await startService("api", { NODE_ENV: "test" }, { entry });
      started.push(undone);
      const flags = undone.ready.node_flags as string[];
      expect(flags.filter((f) => f.startsWith("--heap-growing-percent")).at(-1)).toBe(
        "--heap-growing-percent=0",
      );
    } finally {
      if (saved === undefined) delete process.env.SERVICE_NODE_ARGS;
      else process.env.SERVICE_NODE_ARGS = saved;
    }
  });
});
