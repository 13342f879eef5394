import { pino } from "pino";

export type Logger = pino.Logger;

/**
 * One JSON line per event; `service` is on every line. Lines are written to stdout asynchronously (off the
 * request's path; pino flushes what is pending when the process exits).
 */
export function createLogger(service: string, level = "info"): Logger {
  return pino(
    { name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: 1, sync: false }),
  );
}
