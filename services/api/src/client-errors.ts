import { type Server, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { ServerType } from "@hono/node-server";
import { newRequestId } from "@tollgate/platform";
import { ApiError } from "@tollgate/schema";

/**
 * Options for the api's HTTP server: a client has `requestMs` to send its whole request (line, headers, body), so
 * a slow sender does not hold a socket for Node's default five minutes; past it the answer is 408
 * `request_timeout` (below). Node checks open requests every `checkMs`.
 */
export function serverTimeouts(requestMs: number, checkMs = Math.min(5000, requestMs)) {
  return {
    requestTimeout: requestMs,
    headersTimeout: requestMs,
    connectionsCheckingInterval: checkMs,
  };
}

/** Node's own refusals, before any route runs. */
function refusalFor(code: string | undefined): ApiError {
  if (code === "HPE_HEADER_OVERFLOW")
    return new ApiError(
      "request_header_fields_too_large",
      "the request line and headers are over 16 KB; shorten the URL",
    );
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW")
    return new ApiError("payload_too_large", "chunk extensions too large; send the body without them");
  if (code === "ERR_HTTP_REQUEST_TIMEOUT")
    return new ApiError("request_timeout", "the request did not arrive in time; send it again");
  return new ApiError("bad_request", "not a well-formed HTTP/1.1 request");
}

/**
 * Requests Node's HTTP parser refuses before the app sees them (a URL over the header limit, a malformed
 * request line or header) get the same `{error, message}` JSON body as every other refusal, instead of
 * Node's empty one, and the connection is closed (the parser cannot continue on it). So does a CONNECT
 * request (400 bad_request), which Node would otherwise drop without an answer.
 */
export function answerClientErrorsAsJson(server: ServerType): void {
  const refuse = (socket: Duplex, refusal: ApiError) => {
    const requestId = newRequestId();
    const body = JSON.stringify({ ...refusal.body(), request_id: requestId });
    socket.end(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
    );
  };
  (server as Server).on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    refuse(socket, refusalFor(err.code));
  });
  // Node hands CONNECT to this event and, with no listener, closes the socket without a word.
  (server as Server).on("connect", (_req, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    refuse(socket, new ApiError("bad_request", "CONNECT is not served here: this is an API, not a proxy"));
  });
}
