import autocannon from "autocannon";

export interface LoadResult {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Drive `urls` round-robin with autocannon and return throughput and latency percentiles. Autocannon walks the
 * list from its start on every connection, so ten connections ask each URL ten times, nearly together; with
 * `shared` the connections take turns on one walk, so every request asks the next URL (a run of never-repeated
 * queries stays never-repeated however many connections there are).
 */
export async function load(
  label: string,
  urls: string[],
  opts: { connections?: number; durationS?: number; shared?: boolean } = {},
): Promise<LoadResult> {
  const first = new URL(urls[0]!);
  const paths = urls.map((u) => {
    const p = new URL(u);
    return `${p.pathname}${p.search}`;
  });
  let next = 0;
  const result = await autocannon({
    url: `${first.protocol}//${first.host}`,
    connections: opts.connections ?? 10,
    duration: opts.durationS ?? 8,
    requests: opts.shared
      ? [
          {
            method: "GET",
            setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[next++ % paths.length]! }),
          },
        ]
      : paths.map((path) => ({ method: "GET", path })),
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
