import autocannon from "autocannon";

export interface LoadResult {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Drive `urls` round-robin with autocannon and return throughput and latency percentiles. */
export async function load(
  label: string,
  urls: string[],
  opts: { connections?: number; durationS?: number } = {},
): Promise<LoadResult> {
  const first = new URL(urls[0]!);
  const result = await autocannon({
    url: `${first.protocol}//${first.host}`,
    connections: opts.connections ?? 10,
    duration: opts.durationS ?? 8,
    requests: urls.map((u) => {
      const p = new URL(u);
      return { method: "GET", path: `${p.pathname}${p.search}` };
    }),
  });
  return {
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function table(rows: LoadResult[]): string {
  const head = "| run | req/s | p50 ms | p99 ms | errors | non-2xx |\n|---|---|---|---|---|---|";
  return [
    head,
    ...rows.map((r) => `| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`),
  ].join("\n");
}
