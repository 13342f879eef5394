/**
 * failure_reason vocabulary of a probe. The three neutral classes are excluded from the directory's
 * 24-hour pass rate; for the listing itself every probe without a valid challenge is a failure.
 */
export const FAILURE_REASONS = {
  dns_lookup_error: "the host did not resolve (neutral)",
  not_payment_gated: "neither the unpaid GET nor the unpaid POST answered with a payment challenge (neutral)",
  probe_refused: "the host answered 403 to the unpaid GET and did not challenge the POST retry (neutral)",
  timeout: "no complete answer within the probe time limit",
  connect_error: "connection refused or unreachable",
  tls_error: "TLS handshake or certificate failure",
  connection_reset: "the connection was reset",
  private_address: "the host resolved to a non-public address",
  too_many_redirects: "more redirects than allowed",
  redirected_off_origin:
    "the endpoint redirected to another origin; only an answer from the listed endpoint's own origin counts (list the final URL instead)",
  body_too_large: "the answer exceeded the size limit",
  invalid_challenge: "a 402 whose payment terms could not be read",
  no_payment_options: "a 402 challenge without a usable payment option",
  server_error: "the endpoint answered 5xx",
  protocol_error: "the answer was not valid HTTP",
} as const;
export type FailureReason = keyof typeof FAILURE_REASONS;
export const NEUTRAL_FAILURES: ReadonlySet<string> = new Set([
  "dns_lookup_error",
  "not_payment_gated",
  "probe_refused",
]);
