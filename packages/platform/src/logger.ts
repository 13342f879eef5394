import { pino } from "pino";

export type Logger = pino.Logger;

/**
 * What `requestLine` needs to write a logger's request line itself: where its lines go, its bindings (the
 * `service` and `name` fields) and its `info` method as created (replaced when the level changes or by a
 * test's spy: then the line goes through pino).
 */
interface LineWriter {
  stream: { write(line: string): unknown };
  bindings: string;
  info: pino.LogFn;
}
const writers = new WeakMap<Logger, LineWriter>();

/**
 * One JSON line per event; `service` is on every line. Lines are written to stdout asynchronously (off the
 * request's path; pino flushes what is pending when the process exits), gathered into writes of at least
 * 4 KB or every 100 ms, whichever comes first: one write per request line was a tenth of a cached read's
 * CPU (issue 17), and the reader of stdout pays per write too. `destination` replaces stdout (tests).
 */
export function createLogger(
  service: string,
  level = "info",
  destination: pino.DestinationStream = pino.destination({
    dest: 1,
    sync: false,
    minLength: 4096,
    periodicFlush: 100,
  }),
): Logger {
  const logger = pino(
    { name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime },
    destination,
  );
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym];
  // Only while info lines are on: pino swaps `info` for another function whenever the level is set.
  if (typeof bindings === "string" && logger.isLevelEnabled("info"))
    writers.set(logger, { stream: destination, bindings, info: logger.info });
  return logger;
}

let isoMs = 0;
let iso = "";

/**
 * Write `fields` (a JSON text of `,"key":value` pairs) as an info line of `log` with message `msg`, the line
 * pino would write, built by concatenation (issue 17: pino's generic path was ~5% of a cached read's CPU).
 * False when `log` was not made by `createLogger`, its info level is off or its `info` was replaced: the
 * caller then logs through pino.
 */
export function writeInfoLine(log: Logger, fields: string, msg: string): boolean {
  const w = writers.get(log);
  if (!w || log.info !== w.info) return false;
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    iso = new Date(now).toISOString();
  }
  w.stream.write(`{"level":30,"time":"${iso}"${w.bindings}${fields},"msg":${JSON.stringify(msg)}}\n`);
  return true;
}
