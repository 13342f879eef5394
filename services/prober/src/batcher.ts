/**
 * Group commit: callers hand in one item each and get its own result, while the work runs on whole batches,
 * one batch at a time. Items that arrive while a batch is running form the next one, so batches grow with the
 * load and a lone item waits at most `lingerMs`. A caller's promise settles only once its batch has finished
 * (for writes: committed), so a job never completes before its result is durable.
 */
export function groupCommit<I, R>(opts: {
  /** Results in input order; throwing fails the whole batch (see `fallback`). */
  run: (items: I[]) => Promise<R[]>;
  /** When a batch fails: settle its items one by one instead (so one bad item fails only itself). */
  fallback?: (item: I) => Promise<R>;
  onBatchError?: (err: unknown, size: number) => void;
  maxBatch: number;
  lingerMs: number;
}) {
  type Waiting = { item: I; resolve: (r: R) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let soon = false;
  let idle: (() => void)[] = [];

  async function runBatch(batch: Waiting[]) {
    try {
      const results = await opts.run(batch.map((w) => w.item));
      for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
    } catch (err) {
      opts.onBatchError?.(err, batch.length);
      const fallback = opts.fallback;
      if (!fallback || batch.length === 1) {
        for (const w of batch) w.reject(err);
        return;
      }
      await Promise.all(batch.map((w) => fallback(w.item).then(w.resolve, w.reject)));
    }
  }

  async function drain() {
    // No await between the emptiness check and `running = false`: an item added during a batch is never missed.
    while (queue.length > 0) {
      const batch = queue.slice(0, opts.maxBatch);
      queue = queue.slice(opts.maxBatch);
      await runBatch(batch);
    }
    running = false;
    for (const done of idle) done();
    idle = [];
  }

  function kick() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (running) return;
    running = true;
    void drain();
  }

  return {
    add(item: I): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (running) return;
        if (queue.length >= opts.maxBatch) kick();
        else if (opts.lingerMs > 0) timer ??= setTimeout(kick, opts.lingerMs);
        else if (!soon) {
          // No linger: still, items added in the same synchronous run (a job's listings) share the batch.
          soon = true;
          queueMicrotask(() => {
            soon = false;
            kick();
          });
        }
      });
    },
    /** Resolves once everything handed in so far has been run. */
    async flush(): Promise<void> {
      if (queue.length > 0) kick();
      if (!running) return;
      await new Promise<void>((r) => idle.push(r));
    },
  };
}

/**
 * At most `limit` of the functions it runs at once, the rest queued in order: the probes in flight of one
 * process, whichever jobs they came in.
 */
export function inFlightLimit(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active < limit) active++;
    else await new Promise<void>((r) => waiting.push(r)); // the slot is handed over by the one leaving
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
