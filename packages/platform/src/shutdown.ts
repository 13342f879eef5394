import type { Logger } from "./logger.js";

type Handler = { name: string; run: () => Promise<unknown> | unknown };

/**
 * Runs named shutdown steps in registration order (HTTP server, workers, queues, Redis, Postgres),
 * each bounded by what is left of one deadline, then exits.
 */
export class ShutdownManager {
  private readonly handlers: Handler[] = [];
  private readonly finalHandlers: Handler[] = [];
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly log: Logger,
    private readonly deadlineMs = 10_000,
  ) {}

  register(name: string, run: Handler["run"]): void {
    this.handlers.push({ name, run });
  }

  /** A step run after every `register`ed one, whenever it was registered (the ops server, trace export). */
  registerLast(name: string, run: Handler["run"]): void {
    this.finalHandlers.push({ name, run });
  }

  /** True from the moment shutdown starts: readiness answers 503 while work drains. */
  get draining(): boolean {
    return this.stopping !== null;
  }

  /** Install SIGTERM/SIGINT handlers that shut down and exit the process. */
  listen(): void {
    const onSignal = (signal: NodeJS.Signals) => {
      this.log.info({ signal }, "shutting down");
      void this.shutdown().then(() => process.exit(0));
    };
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
  }

  /**
   * A promise rejected with nobody listening, or an exception thrown past every handler, leaves the
   * process in a state nobody planned for: log it as fatal, run the shutdown steps (bounded by the same
   * deadline) and exit non-zero, so the supervisor restarts a clean process instead of one limping on.
   * A second crash while shutting down exits at once.
   */
  exitOnCrash(): void {
    let crashed = false;
    const onCrash = (kind: string) => (err: unknown) => {
      this.log.fatal({ err, kind }, "crashed: exiting");
      if (crashed) process.exit(1);
      crashed = true;
      void this.shutdown().finally(() => process.exit(1));
    };
    process.on("unhandledRejection", onCrash("unhandledRejection"));
    process.on("uncaughtException", onCrash("uncaughtException"));
  }

  shutdown(): Promise<void> {
    this.stopping ??= this.runAll();
    return this.stopping;
  }

  private async runAll(): Promise<void> {
    const deadline = Date.now() + this.deadlineMs;
    for (const h of [...this.handlers, ...this.finalHandlers]) {
      const left = Math.max(0, deadline - Date.now());
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(h.run),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${left} ms`)), left);
          }),
        ]);
        this.log.info({ step: h.name }, "shutdown step done");
      } catch (err) {
        this.log.error({ step: h.name, err }, "shutdown step failed");
      } finally {
        clearTimeout(timer);
      }
    }
  }
}
