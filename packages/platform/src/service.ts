import type { z } from "zod";
import { ConfigError, parseConfig } from "./config.js";
import { createLogger, type Logger } from "./logger.js";
import { ShutdownManager } from "./shutdown.js";

export interface ServiceContext<C> {
  config: C;
  log: Logger;
  shutdown: ShutdownManager;
}

/**
 * The life of every service process: parse config once (a bad value stops the process with a message
 * naming the variable), start, log ready, and run the registered shutdown steps on SIGTERM/SIGINT. An
 * unhandled rejection or uncaught exception is logged and ends the process non-zero.
 */
export async function runService<S extends z.ZodObject>(
  name: string,
  schema: S,
  start: (ctx: ServiceContext<z.infer<S>>) => Promise<Record<string, unknown> | undefined>,
): Promise<void> {
  let config: z.infer<S>;
  try {
    config = parseConfig(schema, process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${name}: ${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const log = createLogger(name, (config as { LOG_LEVEL?: string }).LOG_LEVEL ?? "info");
  const shutdown = new ShutdownManager(log);
  shutdown.listen();
  shutdown.exitOnCrash();
  try {
    const info = await start({ config, log, shutdown });
    log.info({ ...info }, "ready");
  } catch (err) {
    log.fatal({ err }, "failed to start");
    await shutdown.shutdown();
    process.exit(1);
  }
}
