import type { ChildProcess } from "node:child_process";

const live = new Set<ChildProcess>();
let hooked = false;

/**
 * Kills `child` when this process exits, however it exits (a benchmark that throws, a test file's worker
 * torn down after a timeout): the services and chains a run starts never outlive it. A child that exited
 * first is forgotten. (A signal that kills this process outright runs no exit handler; Ctrl-C in a terminal
 * reaches the children through their process group anyway.)
 */
export function reapOnExit<C extends ChildProcess>(child: C): C {
  live.add(child);
  child.once("exit", () => live.delete(child));
  if (!hooked) {
    hooked = true;
    process.once("exit", () => {
      for (const c of live) c.kill("SIGKILL");
    });
  }
  return child;
}
