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
  const coding = c.req.header("content-encoding");
  // A compressed body would be read as its compressed bytes (and refused as "not UTF-8", which misleads).
  if (coding !== undefined && !/^\s*identity\s*$/i.test(coding))
    throw new ApiError(
      "unsupported_media_type",
      `content-encoding ${JSON.stringify(coding.slice(0, 40))} is not accepted: send the JSON body uncompressed`,
    );
  const bytes = await c.req.arrayBuffer();
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new ApiError("invalid_json", "request body is not valid JSON: it is not valid UTF-8 text");
  }
  // What the route's JSON validator parses (`c.req.json()` reads this cache): the text decoded here, not a
  // second lenient decode, which drops every leading BOM and so read `\ufeff\ufeff{}` as `{}`.
  // (Typed as the value; Hono keeps the promise of it.)
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
  if (holdsProtoKey(text))
    throw new ApiError(
      "validation_failed",
      'unknown field(s) "__proto__": a key of that name is accepted nowhere in a body, at any depth (a JavaScript object cannot keep it as data, so it would be dropped from what is stored); rename or remove it',
    );
  return text;
}

/**
 * Whether JSON text holds an object key `__proto__` at any depth (also written with escapes, `"\u005f_proto__"`).
 * JSON.parse keeps it as an own key, but copying the object (zod does, for a record such as request_schema)
 * assigns it, which sets the copy's prototype instead: the key vanished from what was stored, an edit nobody
 * sent. Refused, as Fastify's body parser does. Text that is not JSON is left to the route's invalid_json.
 */
function holdsProtoKey(text: string): boolean {
  if (!text.includes("proto") && !text.includes("\\u")) return false;
  let found = false;
  try {
    JSON.parse(text, (key, value) => {
      if (key === "__proto__") found = true;
      return value;
    });
  } catch {
    return false;
  }
  return found;
}

/**
 * Before a route whose body zod-openapi reads as JSON: a JSON body that is not valid UTF-8 is refused
 * (`invalid_json`) before it is parsed. No Content-Type at all is 415, as on POST /v1/listings and reports:
 * zod-openapi validates such a request as `{}`, so a PATCH with neither body nor type was an empty edit
 * (200, updated_at moved) and a claim "email: required". Other media types are left to the route (its 415).
 */
export const requireUtf8Json: MiddlewareHandler = async (c, next) => {
  const type = c.req.header("content-type");
  if (type === undefined)
    throw new ApiError("unsupported_media_type", "send the body as JSON with content-type: application/json");
  if (/json/i.test(type)) await utf8Body(c);
  await next();
};
