import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";

/**
 * Answers sent before the request body arrived in full (a 413 over the body limit, a refusal that never
 * reads the body) carry `Connection: close`. Without it the client keeps the connection for its next
 * request while the server, which cannot wait for the rest of an unwanted body, drops the socket after a
 * short drain: that next request then fails with "other side closed". With it the client opens a new
 * connection and Node closes this one once the answer is written.
 */
export const closeWhenBodyUnread: MiddlewareHandler = async (c, next) => {
  await next();
  closeIfBodyUnread(c);
};

/** `closeWhenBodyUnread`'s step after the answer is made (the api's one request middleware calls it). */
export function closeIfBodyUnread(c: Context): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.complete) c.res.headers.set("connection", "close");
}
