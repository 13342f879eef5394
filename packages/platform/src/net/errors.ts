/** Why a safe request failed. One vocabulary for probes, claim proofs and purchases. */
export const SAFE_FETCH_ERROR_CODES = [
  "invalid_url",
  "scheme_not_allowed",
  "invalid_host",
  "dns_lookup_error",
  "private_address",
  "too_many_redirects",
  "redirected_off_origin",
  "timeout",
  "body_too_large",
  "connect_error",
  "tls_error",
  "connection_reset",
  "protocol_error",
] as const;
export type SafeFetchErrorCode = (typeof SAFE_FETCH_ERROR_CODES)[number];

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly url?: string,
    /** The HTTP status of the answer that caused it, when there was one (a redirect not followed). */
    readonly status?: number,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

/** Map a low-level error (undici, net, tls) to the vocabulary. */
export function classify(err: unknown, url: string): SafeFetchError {
  if (err instanceof SafeFetchError) return err;
  const e = err as { code?: string; name?: string; message?: string; cause?: unknown; safe?: SafeFetchError };
  if (e.safe instanceof SafeFetchError) return e.safe;
  if (e.cause && (e.cause as { safe?: unknown }).safe instanceof SafeFetchError)
    return (e.cause as { safe: SafeFetchError }).safe;
  const code = e.code ?? (e.cause as { code?: string } | undefined)?.code ?? "";
  const msg = e.message ?? String(err);
  if (e.name === "TimeoutError" || e.name === "AbortError" || /TIMEOUT/.test(code))
    return new SafeFetchError("timeout", `timed out: ${msg}`, url);
  if (/ENOTFOUND|EAI_AGAIN|ENODATA/.test(code)) return new SafeFetchError("dns_lookup_error", msg, url);
  if (/CERT|TLS|SSL|ERR_SSL/.test(code) || /certificate|TLS|SSL/i.test(msg))
    return new SafeFetchError("tls_error", msg, url);
  if (/ECONNRESET|UND_ERR_SOCKET|EPIPE/.test(code)) return new SafeFetchError("connection_reset", msg, url);
  if (/ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT/.test(code))
    return new SafeFetchError("connect_error", msg, url);
  return new SafeFetchError("protocol_error", msg, url);
}
