import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { Agent, buildConnector, request as undiciRequest } from "undici";
import { classify, SafeFetchError } from "./errors.js";
import { type Allowance, createResolver, type LookupFn, type Resolver } from "./resolver.js";

/** Response headers read from a seller, all together; larger ones fail as `protocol_error`. */
export const MAX_RESPONSE_HEADER_BYTES = 64 * 1024;

export interface SafeHttpOptions {
  /** Value of the X-Verified-By header on every request (the service's name). */
  verifiedBy: string;
  timeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  allowance?: Allowance;
  /** Non-production only: plain http (local demo sellers). */
  allowHttp?: boolean;
  /** Non-production only: accept self-signed certificates of local test servers. */
  tls?: { rejectUnauthorized?: boolean };
  /** Injected DNS (tests serve their own answers). */
  lookup?: LookupFn;
  resolver?: Resolver;
  /** Keep-alive connections per origin. */
  connectionsPerOrigin?: number;
}

export interface SafeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** Follow redirects (each hop re-validated); default true. */
  followRedirects?: boolean;
  /**
   * Refuse a redirect to any origin other than the requested URL's, before contacting it
   * (`redirected_off_origin`, naming the target): for probes and claim proofs, where an answer from
   * elsewhere says nothing about the listed endpoint.
   */
  sameOriginRedirectsOnly?: boolean;
  /**
   * A body past the size cap: `error` (default) fails the request (`body_too_large`); `truncate` keeps the
   * first maxBodyBytes, drops the connection and answers with `truncated: true` (a probe reads a challenge from
   * the headers whatever the body carries). With `truncate`, a body that breaks off (reset, cut short of its
   * Content-Length, a corrupt compressed stream) is answered the same way, with what arrived and `bodyError`
   * saying why; a body still arriving at the deadline is a timeout either way.
   */
  oversizeBody?: "error" | "truncate";
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  /** The final URL after redirects. */
  url: string;
  redirects: string[];
  /** The body was cut off at the size cap (only with `oversizeBody: "truncate"`). */
  truncated?: boolean;
  /** Why the body ended early when it broke off rather than reaching the cap (only with `oversizeBody: "truncate"`). */
  bodyError?: SafeFetchError;
  timings: { totalMs: number };
  text(): string;
  json(): unknown;
}

export interface SafeHttpClient {
  request(url: string, init?: SafeRequest): Promise<SafeResponse>;
  resolver: Resolver;
  close(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** A redirect's body is never used: read this much (so the connection can be reused), then cut it off. */
export const MAX_REDIRECT_BODY_BYTES = 16 * 1024;

/** Discard a redirect's body without waiting for it; past the cap the connection is dropped instead. */
function discardCapped(body: Awaited<ReturnType<typeof undiciRequest>>["body"]): void {
  let size = 0;
  body.on("error", () => {});
  body.on("data", (chunk: Uint8Array) => {
    size += chunk.byteLength;
    if (size > MAX_REDIRECT_BODY_BYTES) body.destroy();
  });
}

/**
 * THE client for every request to a user-supplied URL. The DNS answer is validated inside the
 * connection's own lookup, so the address connected to is the address checked (no rebinding window);
 * IP literals (which never reach lookup) are checked before the request; each redirect hop is
 * re-validated; time and body size are capped; every request says who sent it (X-Verified-By).
 * Across origins the caller's headers (credentials, cookies, payments) stay behind and no body is re-sent.
 */
export function createSafeHttpClient(opts: SafeHttpOptions): SafeHttpClient {
  const resolver = opts.resolver ?? createResolver({ allowance: opts.allowance, lookup: opts.lookup });
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBody = opts.maxBodyBytes ?? 1024 * 1024;
  const maxRedirects = opts.maxRedirects ?? 3;

  const lookup: LookupFunction = (hostname, options, callback) => {
    resolver.resolve(hostname).then(
      (r) => {
        if (!r.ok) {
          const err = Object.assign(new Error(r.message), {
            code: r.reason === "dns_lookup_error" ? "ENOTFOUND" : "EPRIVATE",
            safe: new SafeFetchError(r.reason, r.message),
          });
          (callback as (e: Error) => void)(err);
          return;
        }
        const addresses = r.addresses;
        if ((options as { all?: boolean }).all)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, addresses);
        else
          (callback as (e: null, a: string, f: number) => void)(
            null,
            addresses[0]!.address,
            addresses[0]!.family,
          );
      },
      (err) => (callback as (e: Error) => void)(err as Error),
    );
  };

  // One connector for every origin, built once (undici otherwise builds one per origin's pool, each with its own
  // TLS session cache): every connection it opens still resolves through `lookup`, so the address connected to
  // is the address checked, on every connection.
  const connect = buildConnector({
    lookup,
    rejectUnauthorized: opts.tls?.rejectUnauthorized ?? true,
    timeout: timeoutMs,
  });
  const agent = new Agent({
    connect,
    // A seller's PAYMENT-REQUIRED header carries every offer, and with discovery extensions their input and
    // output schemas: Node's default 16 KiB for all response headers cut real ones off as protocol errors.
    maxHeaderSize: MAX_RESPONSE_HEADER_BYTES,
    connections: opts.connectionsPerOrigin ?? 8,
    keepAliveTimeout: 10_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  const checkUrl = async (raw: string): Promise<URL> => {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw new SafeFetchError("invalid_url", `not a valid URL: ${raw}`, raw);
    }
    if (u.protocol !== "https:" && !(opts.allowHttp && u.protocol === "http:"))
      throw new SafeFetchError("scheme_not_allowed", `scheme ${u.protocol} is not allowed`, raw);
    if (u.username || u.password)
      throw new SafeFetchError("invalid_url", "URLs with credentials are refused", raw);
    // Literals never reach the connection's lookup: resolve() judges them (and mapped hosts) here.
    const r = await resolver.resolve(u.hostname);
    if (!r.ok) throw new SafeFetchError(r.reason, r.message, raw);
    return u;
  };

  /**
   * The body, decoded when the server compressed it (`Content-Encoding` gzip, deflate or br: sellers send it
   * whether or not it was asked for), capped at maxBody decoded bytes, so a small compressed body cannot
   * expand past the cap. Past it: an error, or with `truncate` the first maxBody bytes.
   */
  const readCapped = async (
    body: Readable,
    encoding: string | undefined,
    url: string,
    truncate: boolean,
  ): Promise<{ bytes: Uint8Array; truncated: boolean; broken?: unknown }> => {
    const decoder = decoderFor(encoding);
    const source: Readable = decoder ? body.pipe(decoder) : body;
    let raw = 0;
    if (decoder) {
      body.on("error", (err) => decoder.destroy(err));
      body.on("data", (chunk: Uint8Array) => {
        raw += chunk.byteLength;
      });
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of source as AsyncIterable<Uint8Array>) {
        if (size + chunk.byteLength > maxBody) {
          if (!truncate)
            throw new SafeFetchError("body_too_large", `response body over ${maxBody} bytes`, url);
          chunks.push(chunk.subarray(0, maxBody - size));
          size = maxBody;
          return { bytes: Buffer.concat(chunks), truncated: true };
        }
        size += chunk.byteLength;
        chunks.push(chunk);
      }
    } catch (err) {
      // An empty body labelled compressed (a 204, a HEAD, a proxy's header on nothing) is empty, not corrupt.
      if (decoder && raw === 0 && (err as { code?: string }).code === "Z_BUF_ERROR")
        return { bytes: new Uint8Array(), truncated: false };
      if (truncate) return { bytes: Buffer.concat(chunks), truncated: true, broken: err };
      throw err;
    } finally {
      if (decoder) decoder.destroy();
    }
    return { bytes: Buffer.concat(chunks), truncated: false };
  };

  return {
    resolver,
    close: () => agent.close(),
    async request(url, init = {}) {
      const started = performance.now();
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = init.signal ? AbortSignal.any([deadline, init.signal]) : deadline;
      const redirects: string[] = [];
      let current = url;
      let method = (init.method ?? "GET").toUpperCase();
      let body = init.body;
      let callerHeaders = init.headers ?? {};
      let origin: string | null = null;
      for (;;) {
        // A name whose DNS never answers must not hold the request past its deadline (nor the caller with it):
        // past it, the lookup fails as `dns_lookup_error`.
        const target = await withinDeadline(checkUrl(current), signal, started + timeoutMs, current);
        origin ??= target.origin;
        let res: Awaited<ReturnType<typeof undiciRequest>>;
        try {
          res = await undiciRequest(target, {
            dispatcher: agent,
            method: method as "GET",
            body,
            signal,
            headers: {
              "user-agent": opts.userAgent ?? `${opts.verifiedBy}-verifier/1`,
              accept: "application/json, */*;q=0.5",
              ...callerHeaders,
              "x-verified-by": opts.verifiedBy,
            },
          });
        } catch (err) {
          throw classify(
            signal.aborted && deadline.aborted
              ? Object.assign(new Error("deadline"), { name: "TimeoutError" })
              : err,
            current,
          );
        }
        const location = res.headers.location;
        if (init.followRedirects !== false && REDIRECTS.has(res.statusCode) && typeof location === "string") {
          discardCapped(res.body);
          if (redirects.length >= maxRedirects)
            throw new SafeFetchError(
              "too_many_redirects",
              `more than ${maxRedirects} redirects`,
              current,
              res.statusCode,
            );
          let next: URL;
          try {
            next = new URL(location, target);
          } catch {
            throw new SafeFetchError(
              "protocol_error",
              `unreadable Location header: ${location}`,
              current,
              res.statusCode,
            );
          }
          if (
            res.statusCode === 303 ||
            ((res.statusCode === 301 || res.statusCode === 302) && method === "POST")
          ) {
            method = "GET";
            body = undefined;
          }
          if (next.origin !== origin) {
            if (init.sameOriginRedirectsOnly || body !== undefined)
              throw new SafeFetchError(
                "redirected_off_origin",
                `${current} redirects to another origin (${next.origin})${body !== undefined ? " with the request body" : ""}; only answers from ${origin} are accepted`,
                next.toString(),
                res.statusCode,
              );
            // What the caller meant for one origin (credentials, cookies, payments) is not handed to another.
            callerHeaders = {};
          }
          redirects.push(current);
          current = next.toString();
          continue;
        }
        const encoding = contentEncoding(res.headers["content-encoding"]);
        let bytes: Uint8Array;
        let truncated = false;
        let broken: unknown;
        try {
          ({ bytes, truncated, broken } = await readCapped(
            res.body,
            encoding,
            current,
            init.oversizeBody === "truncate",
          ));
          if (truncated) res.body.destroy();
          // Cut off by the deadline (or the caller): a timeout, not a body that broke off.
          if (broken !== undefined && signal.aborted) throw broken;
        } catch (err) {
          res.body.destroy();
          throw classify(
            deadline.aborted ? Object.assign(new Error("deadline"), { name: "TimeoutError" }) : err,
            current,
          );
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
        // The body handed on is the decoded one: its encoding and length headers no longer describe it.
        if (encoding && DECODED.has(encoding)) {
          delete headers["content-encoding"];
          delete headers["content-length"];
        }
        const finalUrl = current;
        return {
          status: res.statusCode,
          headers,
          body: bytes,
          url: finalUrl,
          redirects,
          ...(truncated ? { truncated } : {}),
          ...(broken !== undefined ? { bodyError: classify(broken, current) } : {}),
          timings: { totalMs: performance.now() - started },
          text: () => Buffer.from(bytes).toString("utf8"),
          json: () => JSON.parse(Buffer.from(bytes).toString("utf8")),
        };
      }
    },
  };
}

/**
 * `work`, or a `dns_lookup_error` once the request's deadline passes or its signal aborts. A plain timer, held until it
 * fires or is cleared: a timeout signal nobody else holds can be garbage-collected before it fires, and a DNS
 * lookup that never answers holds nothing.
 */
function withinDeadline<T>(work: Promise<T>, signal: AbortSignal, endsAt: number, url: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const expire = () => {
      cleanup();
      // As the system resolver's own give-up (EAI_AGAIN) reads: a lookup that did not complete, which may be
      // our DNS as much as the seller's (a neutral class for probes), not a seller that answered too slowly.
      reject(new SafeFetchError("dns_lookup_error", `no DNS answer before the deadline for ${url}`, url));
    };
    const timer = setTimeout(expire, Math.max(0, endsAt - performance.now()));
    const cleanup = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", expire);
    };
    if (signal.aborted) return expire();
    signal.addEventListener("abort", expire, { once: true });
    work.then(
      (v) => {
        cleanup();
        resolve(v);
      },
      (err) => {
        cleanup();
        reject(err);
      },
    );
  });
}

const contentEncoding = (v: string | string[] | undefined): string | undefined =>
  (Array.isArray(v) ? v.join(",") : v)?.trim().toLowerCase() || undefined;

const DECODED = new Set(["gzip", "x-gzip", "deflate", "br"]);

/** A decompressor for one content coding we read; none for identity or a coding we do not know (kept as sent). */
function decoderFor(encoding: string | undefined) {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      return null;
  }
}
