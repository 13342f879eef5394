import { pino } from "pino";

export type Logger = pino.Logger;

/** One JSON line per event; `service` is on every line. */
export function createLogger(service: string, level = "info"): Logger {
  return pino({ name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime });
}
