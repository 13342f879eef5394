/** Socket errors of a Postgres server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * SQLSTATEs that say "the database cannot serve you right now", not "your request is wrong":
 * connection exceptions (class 08), shutdown or startup (57P01-57P03), too many connections (53300)
 * and a cancelled statement (57014, which statement_timeout raises).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

/** node-postgres and its pool report a lost or refused connection with these messages and no code. */
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout|Query read timeout)/;

/**
 * Whether an error thrown by a query means Postgres is unavailable (down, restarting, overloaded, or a
 * statement timed out): transports answer it 503 with Retry-After instead of a 500. Looks through
 * `AggregateError` (a refused connection to every address of a host) and `cause`.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08")) return true;
  }
  if (CONNECTION_MESSAGES.test(err.message)) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return err.cause !== undefined && isDatabaseUnavailable(err.cause, depth + 1);
}

/**
 * Whether Postgres refused a value the client sent because of its characters: text and jsonb cannot
 * hold NUL (`\u0000`), raised as 22021 or 22P05. Always the request's fault, never the server's.
 */
export function isUnstorableText(err: unknown): boolean {
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  return code === "22021" || code === "22P05";
}
