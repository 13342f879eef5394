/**
 * CPU time of the machine's processes, read from /proc, for benchmarks that say where a run's CPU went.
 * Linux only; a process that is gone counts 0.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** A process's command name and its CPU (user + system, ms) so far, or null once it is gone. */
function statOf(pid: number | string): { comm: string; ms: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
    ms: ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK,
  };
}

/**
 * CPU ms used so far by every process on the machine, each tagged with its group: the first group whose test
 * takes a process (by pid and command name), else "other". Take two readings and subtract them (`cpuSpent`): a
 * process that started between them counts all it used, one that ended between them nothing.
 */
export function cpuByGroup(
  groups: Record<string, (pid: number, comm: string) => boolean>,
): Map<number, { group: string; ms: number }> {
  const out = new Map<number, { group: string; ms: number }>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    const s = statOf(d);
    if (!s) continue;
    const pid = Number(d);
    const group = Object.keys(groups).find((g) => groups[g]!(pid, s.comm)) ?? "other";
    out.set(pid, { group, ms: s.ms });
  }
  return out;
}

/** CPU ms each group used between two readings of `cpuByGroup`. */
export function cpuSpent(
  before: Map<number, { group: string; ms: number }>,
  after: Map<number, { group: string; ms: number }>,
): Record<string, number> {
  const spent: Record<string, number> = {};
  for (const [pid, a] of after) {
    const b = before.get(pid);
    // A pid reused by a new process between the readings: all of the new one's time is inside them.
    const from = b && b.ms <= a.ms ? b.ms : 0;
    spent[a.group] = (spent[a.group] ?? 0) + a.ms - from;
  }
  return spent;
}

/** The machine's CPU time so far (all cores, ms) and how much of it was idle (idle and iowait), from /proc/stat. */
export function machineCpu(): { totalMs: number; idleMs: number } {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const ms = (ticks: number) => (ticks * 1000) / CLK_TCK;
  return { totalMs: ms(f.reduce((a, b) => a + b, 0)), idleMs: ms(f[3]! + f[4]!) };
}
