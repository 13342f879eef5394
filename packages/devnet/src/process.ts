import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reapOnExit } from "./reap.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(import.meta.url);
/** tsx's ESM loader, resolved once so child processes run TypeScript directly. */
export const TSX_LOADER = require
  .resolve("tsx", { paths: [ROOT] })
  .replace(/\/dist\/.*$/, "/dist/loader.mjs");

/**
 * How every service process runs, here as in its image (the Dockerfile's runtime stage sets the same):
 * glibc keeps at most 2 malloc arenas. By default it opens up to 8 per core, one per thread that allocates
 * (libuv's pool, the embedding model's worker, V8's helpers), and each keeps the memory it once held: side by
 * side under agent reads the api's arenas held 19 MB capped against 29–42 MB (README, issue 17).
 */
export const SERVICE_PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2" };

export type ServiceName = "api" | "prober" | "scout-buyer" | "chain-indexer" | "demand-aggregator" | "mcp";

/**
 * Node flags a service runs with, here as in its image (the Dockerfile's CMD and the k8s args say the same).
 * The api's V8 heap grows by at most half its live size between major GCs: by default V8 lets it grow up to
 * four times under load, and the api's reserved heap swung between ~100 and ~320 MB with ~70–150 MB live; with
 * 50 it stayed at ~150 MB for the same CPU per request (README, issue 17).
 */
export const SERVICE_NODE_FLAGS: Readonly<Partial<Record<ServiceName, readonly string[]>>> = {
  api: ["--heap-growing-percent=50"],
  // mcp runs the same matcher (model worker, caches) and its reserved heap swung the same way (to ~316 MB).
  mcp: ["--heap-growing-percent=50"],
};

export interface RunningService {
  name: string;
  child: ChildProcess;
  /** The fields of the service's "ready" log line (url, …). */
  ready: Record<string, unknown>;
  logs: string[];
  /** SIGTERM and wait for exit; resolves to the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Start one service as its own process (`node --import tsx services/<name>/src/main.ts`, or with `bundle`
 * the compiled production bundle in that folder: `node dist/main.js` there, as its image runs it) and wait
 * for its "ready" log line. Rejects with the process output if it exits or is not ready in time. `env` must name
 * NODE_ENV (development, test or production): it is never inherited from the caller, as services have no
 * default for it. "In time": `timeoutMs`, by default 60 s (a prober under tsx once took over 30 s to start on a
 * machine at load 15; a service that fails exits and rejects at once).
 * The service runs with `SERVICE_PROCESS_ENV` and its `SERVICE_NODE_FLAGS`, as its image runs it.
 * `SERVICE_NODE_ARGS` (space-separated) adds node flags to every service started, e.g.
 * `SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" pnpm bench:semantic` to profile them.
 */
export function startService(
  name: ServiceName | string,
  env: Record<string, string>,
  opts: { entry?: string; timeoutMs?: number; bundle?: string } = {},
): Promise<RunningService> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const entry = opts.entry ?? path.join(ROOT, "services", name, "src", "main.ts");
  // SERVICE_NODE_ARGS come last: V8 takes the last of a repeated flag, so a bench can undo one.
  const nodeArgs = [
    ...(SERVICE_NODE_FLAGS[name as ServiceName] ?? []),
    ...(process.env.SERVICE_NODE_ARGS ?? "").split(" ").filter(Boolean),
  ];
  const { NODE_ENV: _inherited, ...parentEnv } = process.env;
  const args = opts.bundle ? ["dist/main.js"] : ["--import", TSX_LOADER, entry];
  const child = reapOnExit(
    spawn(process.execPath, [...nodeArgs, ...args], {
      cwd: opts.bundle ?? ROOT,
      // The ops port defaults to a free one on loopback: tests and benches start several services (and replicas).
      // MALLOC_ARENA_MAX as the images set it (Dockerfile), unless the caller or the shell names its own.
      env: {
        ...SERVICE_PROCESS_ENV,
        ...parentEnv,
        LOG_LEVEL: "info",
        METRICS_HOST: "127.0.0.1",
        METRICS_PORT: "0",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const service: RunningService = {
    name,
    child,
    ready: {},
    logs,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${name} not ready after ${timeoutMs} ms:\n${logs.join("")}`));
    }, timeoutMs);
    let buffer = "";
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      logs.push(text);
      if (logs.length > 2000) logs.splice(0, 1000);
      buffer += text;
      let nl = buffer.indexOf("\n");
      while (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        nl = buffer.indexOf("\n");
        if (!line.includes('"msg":"ready"')) continue;
        try {
          service.ready = JSON.parse(line);
          clearTimeout(timer);
          resolve(service);
        } catch {
          // not JSON: keep waiting
        }
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (c: Buffer) => logs.push(c.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before ready:\n${logs.join("")}`));
    });
  });
}
