import type { Db } from "@tollgate/db";
import { hostCheckFrom, type Logger, type SafeHttpClient } from "@tollgate/platform";
import { type ImportReport, importCatalogue } from "@tollgate/registry";
import type { Redis } from "ioredis";

/**
 * Imports the configured discovery catalogues (CATALOGUE_URLS) every CATALOGUE_IMPORT_EVERY_MS, through the
 * SSRF-safe client: new endpoints become claimable listings with origin `indexed`, probed like any other.
 * One replica per round (a Redis key taken with NX for the interval); a failed round is logged and retried
 * next round, never ending the process.
 */
export function startCatalogueImports(d: {
  db: Db;
  log: Logger;
  client: SafeHttpClient;
  redis: Redis;
  prefix: string;
  urls: string[];
  everyMs: number;
  /** Wait before the first round (default: min(everyMs, 30 s), so owners' own submissions at start come first). */
  firstDelayMs?: number;
  allowHttp: boolean;
  /** Called after each catalogue (tests, metrics). */
  onReport?: (r: ImportReport) => void;
}): { close(): Promise<void>; runOnce(): Promise<ImportReport[]> } {
  const fetchJson = async (url: string) => {
    const res = await d.client.request(url, { headers: { accept: "application/json" } });
    if (res.status !== 200) throw new Error(`catalogue answered HTTP ${res.status}`);
    return res.json();
  };
  const policy = { checkHost: hostCheckFrom(d.client.resolver), allowHttp: d.allowHttp };
  const runOnce = async () => {
    const reports: ImportReport[] = [];
    for (const url of d.urls) {
      try {
        const r = await importCatalogue(d.db, { url, fetchJson, policy });
        reports.push(r);
        d.onReport?.(r);
        d.log.info(r, "catalogue imported");
      } catch (err) {
        d.log.warn({ err: String(err), url }, "catalogue import failed; retried next round");
      }
    }
    return reports;
  };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  const round = async () => {
    try {
      const mine = await d.redis.set(
        `${d.prefix}:catalogue-import`,
        String(process.pid),
        "PX",
        d.everyMs,
        "NX",
      );
      if (mine === "OK") await runOnce();
    } catch (err) {
      d.log.warn({ err: String(err) }, "catalogue import round failed; retried next round");
    }
  };
  const schedule = (ms: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = round().finally(() => schedule(d.everyMs));
    }, ms);
  };
  // The first round waits a little (at most 30 s): listings submitted by their owners at start come first.
  if (d.urls.length) schedule(d.firstDelayMs ?? Math.min(d.everyMs, 30_000));
  return {
    runOnce,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
