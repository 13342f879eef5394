import type { z } from "zod";
import { ConfigError, parseConfig } from "./config.js";
import { createLogger, type Logger } from "./logger.js";
import { createMetricsRegistry, type Registry } from "./metrics.js";
import { type OpsServer, type ReadinessCheck, startOpsServer } from "./ops-server.js";
import { ShutdownManager } from "./shutdown.js";

export interface ServiceContext<C> {
  config: C;
  log: Logger;
  shutdown: ShutdownManager;
  /** This process's Prometheus registry (served by `serveOps` at /metrics). */
  metrics: Registry;
  /**
   * Start the operations server (`/metrics`, `/livez`, `/readyz` with `checks`) on METRICS_HOST and
   * METRICS_PORT (`opsEnv` in the service's config); it closes after every other shutdown step, and
   * /readyz answers 503 from the moment shutdown starts.
   */
  serveOps(
    checks: Record<string, ReadinessCheck>,
    informational?: Record<string, ReadinessCheck>,
  ): Promise<OpsServer>;
}

/**
 * The life of every service process: parse config once (a bad value stops the process with a message
 * naming the variable), start tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, start, log ready, and run
 * the registered shutdown steps on SIGTERM/SIGINT. An unhandled rejection or uncaught exception is logged
 * and ends the process non-zero.
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
  const common = config as { LOG_LEVEL?: string; OTEL_EXPORTER_OTLP_ENDPOINT?: string };
  const log = createLogger(name, common.LOG_LEVEL ?? "info");
  const shutdown = new ShutdownManager(log);
  shutdown.listen();
  shutdown.exitOnCrash();
  // The SDK is loaded only when traces have somewhere to go; without it every span is a no-op.
  if (common.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTracing } = await import("./telemetry.js");
    const tracing = startTracing(name, common.OTEL_EXPORTER_OTLP_ENDPOINT);
    shutdown.registerLast("traces", () => tracing.shutdown());
  }
  const metrics = createMetricsRegistry(name);
  let opsUrl: string | undefined;
  const serveOps = async (
    checks: Record<string, ReadinessCheck>,
    informational: Record<string, ReadinessCheck> = {},
  ) => {
    const c = config as { METRICS_HOST?: string; METRICS_PORT?: number };
    if (c.METRICS_PORT === undefined) throw new Error(`${name}: its config has no METRICS_PORT (opsEnv)`);
    const ops = await startOpsServer({
      host: c.METRICS_HOST ?? "0.0.0.0",
      port: c.METRICS_PORT,
      registry: metrics,
      checks,
      informational,
      log,
      draining: () => shutdown.draining,
    });
    shutdown.registerLast("ops-server", () => ops.close());
    opsUrl = ops.url;
    return ops;
  };
  try {
    const info = await start({ config, log, shutdown, metrics, serveOps });
    log.info({ ...info, ...(opsUrl ? { ops_url: opsUrl } : {}) }, "ready");
  } catch (err) {
    log.fatal({ err }, "failed to start");
    await shutdown.shutdown();
    process.exit(1);
  }
}
