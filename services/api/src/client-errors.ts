import {
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
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

/** Hono's node adapter's test for a host it need not parse (@hono/node-server, url.ts). */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
/** A backslash before the query: the node adapter refuses the target ("Backslash in request path"). */
const backslashInPath = (target: string) => {
  const at = target.indexOf("\\");
  const query = target.indexOf("?");
  return at !== -1 && (query === -1 || at < query);
};

/**
 * Why a request Node parsed cannot be turned into a URL, or null: what @hono/node-server's `newRequest`
 * refuses with its own empty 400 (a target that is neither a path nor an absolute http(s) URL, such as
 * `*`; a backslash in the path; a Host header that is not a host), and an HTTP/1.1 request without a Host
 * header (which Node itself would refuse with an empty 400). Only what the adapter surely refuses is named.
 */
export function requestTargetProblem(req: IncomingMessage): string | null {
  const framing = framingProblem(req);
  if (framing) return framing;
  const target = req.url ?? "";
  if (target.startsWith("http://") || target.startsWith("https://")) {
    if (backslashInPath(target)) return "a backslash in the request path; encode it as %5C";
    try {
      const u = new URL(target);
      // RFC 9110 §4.2.4: userinfo in an http(s) URI is an error (it obscures the authority); a Host header
      // with one is refused below, so is this.
      if (u.username || u.password) return "a user name or password in the request target is not accepted";
      return null;
    } catch {
      return "the request target is not a valid absolute URL";
    }
  }
  const host = req.headers.host;
  // An empty Host (or none, before HTTP/1.1) is served on the adapter's default host name.
  if (!host)
    return host === undefined && req.httpVersion === "1.1" ? "an HTTP/1.1 request needs a Host header" : null;
  if (!target.startsWith("/")) return "the request target must be a path starting with /";
  if (backslashInPath(target)) return "a backslash in the request path; encode it as %5C";
  if (PLAIN_HOST.test(host)) return null;
  try {
    const u = new URL(`http://${host}${target}`);
    const bare = (host.includes(":") ? host.replace(/:\d+$/, "") : host).toLowerCase();
    if (u.hostname.length !== host.length && u.hostname !== bare) return "the Host header is not a host name";
    return null;
  } catch {
    return "the Host header is not a host name";
  }
}

/**
 * What Node's parser lets through but HTTP/1.1 refuses (RFC 9112): more than one Host header (§3.2, MUST be
 * 400; Node keeps the first and drops the others), and a transfer coding other than chunked (§6.1), which
 * Node does not decode: `Transfer-Encoding: gzip, chunked` had its de-chunked but still compressed bytes
 * read as the body.
 */
function framingProblem(req: IncomingMessage): string | null {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if ((req.rawHeaders[i] ?? "").toLowerCase() === "host") hosts++;
  if (hosts > 1) return "more than one Host header; send one";
  const te = req.headers["transfer-encoding"];
  if (te === undefined) return null;
  const other = te
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .find((c) => c !== "chunked");
  return other === undefined
    ? null
    : `transfer-encoding ${JSON.stringify(other.slice(0, 40))} is not supported; send the body chunked or with a Content-Length`;
}

/** A 400 `bad_request` JSON answer on a parsed request, then the connection closes (its body is not read). */
function refuseRequest(res: ServerResponse, why: string) {
  const requestId = newRequestId();
  const body = JSON.stringify({ ...new ApiError("bad_request", why).body(), request_id: requestId });
  res.writeHead(400, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "x-request-id": requestId,
    "x-content-type-options": "nosniff",
    connection: "close",
  });
  res.end(body);
}

/**
 * Requests Node's HTTP parser refuses before the app sees them (a URL over the header limit, a malformed
 * request line or header) get the same `{error, message}` JSON body as every other refusal, instead of
 * Node's empty one, and the connection is closed (the parser cannot continue on it). So does a CONNECT
 * request (400 bad_request), which Node would otherwise drop without an answer.
 */
export function answerClientErrorsAsJson(server: ServerType): void {
  // A parsed request the node adapter cannot make a URL of (requestTargetProblem) is refused here with the
  // JSON body, before the adapter answers its own empty 400. Node's own Host check is left to it.
  const s = server as Server & { requireHostHeader: boolean };
  s.requireHostHeader = false;
  const listeners = s.listeners("request") as RequestListener[];
  s.removeAllListeners("request");
  s.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const problem = requestTargetProblem(req);
    if (problem) return refuseRequest(res, problem);
    for (const listener of listeners) listener.call(s, req, res);
  });
  const refuse = (socket: Duplex, refusal: ApiError) => {
    const requestId = newRequestId();
    const body = JSON.stringify({ ...refusal.body(), request_id: requestId });
    socket.end(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n${body}`,
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
  // An Expect header other than 100-continue: Node answers an empty 417 unless this event has a listener.
  (server as Server).on("checkExpectation", (req: IncomingMessage, res: ServerResponse) =>
    refuseRequest(
      res,
      `the Expect header ${JSON.stringify(String(req.headers.expect ?? "").slice(0, 40))} is not supported; send the request without it (or with Expect: 100-continue)`,
    ),
  );
  (server as Server).on("connect", (_req, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    refuse(socket, new ApiError("bad_request", "CONNECT is not served here: this is an API, not a proxy"));
  });
}
