import { pino } from "pino";

export type Logger = pino.Logger;

/**
 * One JSON line per event; `service` is on every line. Lines are written to stdout asynchronously (off the
 * request's path; pino flushes what is pending when the process exits), gathered into writes of at least
 * 4 KB or every 100 ms, whichever comes first: one write per request line was a tenth of a cached read's
 * CPU (issue 17), and the reader of stdout pays per write too.
 */
export function createLogger(service: string, level = "info"): Logger {
  return pino(
    { name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }),
  );
}
