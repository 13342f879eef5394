import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { freePort } from "@tollgate/devnet";
import { redisReady, workerRedis } from "@tollgate/platform";

// Fault drills restart Postgres and Redis for real. The machine's shared servers (5432, 6379) serve every
// other test running in parallel, so a drill starts servers of its own on free ports and restarts those.

const PG_BIN = "/usr/lib/postgresql/15/bin";

/**
 * Why a throwaway Postgres cannot be started here, or null when it can. initdb refuses to run as root, so
 * as root the cluster is run as the `postgres` user (runuser); without that user or the binaries it is
 * impossible and the drill is skipped with this reason.
 */
export function throwawayPostgresUnavailable(): string | null {
  if (!existsSync(`${PG_BIN}/initdb`)) return `no PostgreSQL 15 binaries at ${PG_BIN}`;
  if (userInfo().uid !== 0) return null;
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
    execFileSync("runuser", ["--help"], { stdio: "ignore" });
    return null;
  } catch {
    return "running as root without a `postgres` user or runuser: initdb refuses root";
  }
}

export interface ThrowawayPostgres {
  port: number;
  /** A URL for `database` on this cluster (the services create and migrate it themselves). */
  url(database: string): string;
  /** `pg_ctl stop`, waiting until it is down. `fast` is a clean restart, `immediate` a crash (WAL replay). */
  stop(mode?: "fast" | "immediate"): void;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): void;
  /** Stop it and delete its data directory. */
  destroy(): void;
}

/** A fresh Postgres cluster in a temporary directory, on a free port, trust auth, loopback only. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const port = await freePort();
  const dir = mkdtempSync("/tmp/tollgate-drill-pg-");
  const asRoot = userInfo().uid === 0;
  const run = (bin: string, args: string[]) => {
    const cmd = asRoot ? "runuser" : `${PG_BIN}/${bin}`;
    const argv = asRoot ? ["-u", "postgres", "--", `${PG_BIN}/${bin}`, ...args] : args;
    execFileSync(cmd, argv, { stdio: ["ignore", "ignore", "pipe"], cwd: dir });
  };
  if (asRoot) {
    const ids = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString().trim());
    chownSync(dir, ids("-u"), ids("-g"));
  }
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  // fsync off: a process restart keeps what the OS has; the drill is about the server going away, not the disk.
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const pg: ThrowawayPostgres = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: (mode = "fast") => run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]),
    start: () => run("pg_ctl", ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "start"]),
    destroy: () => {
      try {
        pg.stop("immediate");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}

export interface ThrowawayRedis {
  url: string;
  /** SIGKILL: Redis comes back empty (no persistence), as a restarted cache node without a volume does. */
  kill(): void;
  start(): Promise<void>;
  stop(): void;
}

/** A redis-server on a free port with no persistence. */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const r: ThrowawayRedis = {
    url: `redis://127.0.0.1:${port}`,
    kill: () => {
      proc?.kill("SIGKILL");
      proc = null;
    },
    start: async () => {
      proc = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
      const probe = workerRedis(r.url);
      probe.on("error", () => {}); // refused until the server listens: it retries
      try {
        await redisReady(probe, 10_000);
      } finally {
        probe.disconnect();
      }
    },
    stop: () => r.kill(),
  };
  await r.start();
  return r;
}
