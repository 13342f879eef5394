import { ApiError } from "@tollgate/schema";
import type { Context, MiddlewareHandler } from "hono";

/** UTF-8 as JSON requires it (RFC 8259 §8.1): invalid bytes are refused, not replaced by U+FFFD. A BOM is dropped. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The request body as text, refused as `invalid_json` when it is not valid UTF-8. A lenient decode would
 * store every invalid byte of a name or schema as U+FFFD, an edit nobody sent. The bytes are read once
 * (Hono keeps them), so a later `c.req.json()` or `c.req.text()` reads the same body.
 */
export async function utf8Body(c: Context): Promise<string> {
  const bytes = await c.req.arrayBuffer();
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new ApiError("invalid_json", "request body is not valid JSON: it is not valid UTF-8 text");
  }
}

/**
 * Before a route whose body zod-openapi reads as JSON: a JSON body that is not valid UTF-8 is refused
 * (`invalid_json`) before it is parsed. Other media types are left to the route (its 415 or validation).
 */
export const requireUtf8Json: MiddlewareHandler = async (c, next) => {
  if (/json/i.test(c.req.header("content-type") ?? "")) await utf8Body(c);
  await next();
};
