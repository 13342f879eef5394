import { createServer, type Server } from "node:http";
import type { Redis } from "ioredis";
import type { Registry } from "prom-client";
import { z } from "zod";
import { envInt } from "./config.js";
import type { Logger } from "./logger.js";

/** The operations port of a service: `/metrics`, `/livez`, `/readyz`. Each service has its own default. */
export const opsEnv = (defaultPort: number) => ({
  METRICS_HOST: z.string().default("0.0.0.0"),
  /** 0 picks a free port (tests, several replicas on one machine); the ready log line names it. */
  METRICS_PORT: envInt(defaultPort, 0, 65535),
});

/** A readiness check: resolves when the dependency answers; throws (with the reason) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

/** Redis answers a PING (a connection that is reconnecting is not ready, and is not waited on). */
export const redisCheck =
  (redis: Redis): ReadinessCheck =>
  async () => {
    if (redis.status !== "ready") throw new Error(`redis ${redis.status}`);
    await redis.ping();
  };

export interface OpsServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The small HTTP server every service runs beside its work, on its own port (never behind the Ingress):
 * - `GET /metrics`: the registry in Prometheus text format;
 * - `GET /livez`: 200 while the event loop answers;
 * - `GET /readyz`: 200 when every check passes within `checkTimeoutMs`, else 503 with each check's state
 *   (`{"ready":false,"checks":{"redis":"redis reconnecting","postgres":"ok"}}`); 503 once draining.
 */
export async function startOpsServer(o: {
  host: string;
  port: number;
  registry: Registry;
  checks: Record<string, ReadinessCheck>;
  /**
   * Reported in the /readyz body but not holding readiness back: a dependency the service answers without
   * (api and mcp degrade while Redis is away; every replica shares it, so failing them all would turn a
   * Redis outage into an outage of the whole API).
   */
  informational?: Record<string, ReadinessCheck>;
  log: Logger;
  /** True once the process shuts down: /readyz answers 503 while /livez and /metrics still answer. */
  draining?: () => boolean;
  checkTimeoutMs?: number;
}): Promise<OpsServer> {
  const draining = o.draining ?? (() => false);
  const timeoutMs = o.checkTimeoutMs ?? 2000;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "text/plain", "GET only\n");
    if (path === "/livez") return send(200, "application/json", '{"ok":true}');
    if (path === "/readyz")
      return void readiness(o.checks, o.informational ?? {}, timeoutMs, draining()).then((r) =>
        send(r.ready ? 200 : 503, "application/json", JSON.stringify(r)),
      );
    if (path === "/metrics")
      return void o.registry.metrics().then(
        (text) => send(200, o.registry.contentType, text),
        (err) => {
          o.log.warn({ err: String(err) }, "metrics collection failed");
          send(500, "text/plain", "metrics collection failed\n");
        },
      );
    send(404, "text/plain", "not found: /metrics, /livez, /readyz\n");
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : o.port;
  const host = o.host === "0.0.0.0" || o.host === "::" ? "127.0.0.1" : o.host;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readiness(
  checks: Record<string, ReadinessCheck>,
  informational: Record<string, ReadinessCheck>,
  timeoutMs: number,
  draining: boolean,
) {
  const run = (all: Record<string, ReadinessCheck>) =>
    Promise.all(
      Object.entries(all).map(async ([name, check]): Promise<[string, string]> => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
            }),
          ]);
          return [name, "ok"];
        } catch (err) {
          return [name, (err as Error)?.message ?? String(err)];
        } finally {
          clearTimeout(timer);
        }
      }),
    );
  const [entries, soft] = await Promise.all([run(checks), run(informational)]);
  const ready = !draining && entries.every(([, s]) => s === "ok");
  return {
    ready,
    ...(draining ? { draining: true } : {}),
    checks: Object.fromEntries(entries),
    ...(soft.length > 0 ? { informational: Object.fromEntries(soft) } : {}),
  };
}
