import http from "node:http";
import https from "node:https";

/** The parts of a fetch Response that viem's http transport reads. */
interface RpcResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  body: null;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/**
 * A fetch for the facilitator's JSON-RPC transport over node:http with kept-alive sockets. fetch (undici)
 * writes a request's headers and its body to the socket separately and runs each body through web streams;
 * node:http sends a request given whole to `end()` in one write. On this 2-core machine each socket write
 * costs ~0.2 ms of the api's one thread, and a paid request makes several RPC calls. Only what the transport
 * uses is answered: status, headers, and the body as text. A request is aborted by its signal.
 */
export function createRpcFetch(opts: { maxSockets?: number } = {}) {
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 16 }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 16 }),
  };
  const fetchFn = (input: string | URL, init: RequestInit = {}): Promise<RpcResponse> =>
    new Promise((resolve, reject) => {
      const url = typeof input === "string" ? new URL(input) : input;
      const body = typeof init.body === "string" ? init.body : "";
      const headers: Record<string, string> = { "content-length": String(Buffer.byteLength(body)) };
      for (const [k, v] of new Headers(init.headers).entries()) headers[k] = v;
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason ?? new Error("aborted"));
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(
        url,
        {
          method: init.method ?? "POST",
          headers,
          agent: agents[url.protocol as "http:" | "https:"],
          ...(signal ? { signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const status = res.statusCode ?? 0;
            resolve({
              ok: status >= 200 && status < 300,
              status,
              statusText: res.statusMessage ?? "",
              headers: {
                get: (name) => {
                  const v = res.headers[name.toLowerCase()];
                  return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
                },
              },
              body: null,
              text: async () => text,
              json: async () => JSON.parse(text),
            });
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  return {
    fetchFn: fetchFn as unknown as typeof fetch,
    close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}
