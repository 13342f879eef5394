import pg from "pg";

export interface Listener {
  /** True while the LISTEN connection is up (notifications arrive); false while it reconnects. */
  readonly connected: boolean;
  close(): Promise<void>;
}

/**
 * LISTEN on `channel` over a dedicated connection, reconnecting with backoff. `onDown` runs whenever the
 * connection is lost (notifications sent meanwhile are lost: a cache must drop what it holds), `onUp` once
 * it listens again.
 */
export function listen(
  url: string,
  channel: string,
  h: { onNotify(payload: string): void; onUp?(): void; onDown?(err: unknown): void },
): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | null = null;
  const down = (err: unknown) => {
    if (!connected && client === null) return;
    connected = false;
    const c = client;
    client = null;
    c?.end().catch(() => undefined);
    h.onDown?.(err);
    if (!closed) timer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 10_000);
  };
  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, application_name: `listen:${channel}` });
    c.on("error", (err) => down(err));
    c.on("end", () => down(new Error("connection ended")));
    c.on("notification", (m) => {
      if (m.channel === channel && m.payload) h.onNotify(m.payload);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      connected = true;
      retryMs = 250;
      h.onUp?.();
    } catch (err) {
      down(err);
    }
  };
  void connect();
  return {
    get connected() {
      return connected;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      connected = false;
      await c?.end().catch(() => undefined);
    },
  };
}
