import { randomBytes } from "node:crypto";
import { type Logger, writeInfoLine } from "./logger.js";

/** What an id set by our own proxy may look like: safe to log and to echo in a header and a body. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/** Random bytes drawn 512 ids at a time: one CSPRNG call per 512 requests instead of one per request. */
let idBytes = Buffer.alloc(0);
let idAt = 0;

export const newRequestId = (): string => {
  if (idAt + 12 > idBytes.length) {
    idBytes = randomBytes(12 * 512);
    idAt = 0;
  }
  idAt += 12;
  return `req_${idBytes.toString("hex", idAt - 12, idAt)}`;
};

/**
 * The id of a request: the `x-request-id` our ingress set (believed only from a trusted proxy, and only
 * when it has a safe shape), else a new `req_…`. A client cannot choose the id its request is logged under.
 */
export function requestIdFor(header: string | undefined, fromTrustedProxy: boolean): string {
  return fromTrustedProxy && header !== undefined && SAFE_REQUEST_ID.test(header) ? header : newRequestId();
}

/**
 * The one log line of an HTTP request (api and mcp), with the id its answer and errors carry: written as one
 * concatenated string where the logger allows (`writeInfoLine`), else through pino; the same line either way.
 */
export function logRequest(
  log: Logger,
  r: { requestId: string; method: string; path: string; status: number; startedMs: number },
): void {
  const ms = +(performance.now() - r.startedMs).toFixed(1);
  const fields = `,"request_id":${JSON.stringify(r.requestId)},"method":${JSON.stringify(r.method)},"path":${JSON.stringify(r.path)},"status":${r.status},"ms":${ms}`;
  if (writeInfoLine(log, fields, "request")) return;
  log.info(
    {
      request_id: r.requestId,
      method: r.method,
      path: r.path,
      status: r.status,
      ms,
    },
    "request",
  );
}

/** The ranges of an Accept header, lowercase (media types compare case-insensitively), each with whether q=0 refuses it. */
function mediaRanges(accept: string): { type: string; refused: boolean }[] {
  return accept.split(",").flatMap((range) => {
    const [type = "", ...params] = range.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return type === "" ? [] : [{ type, refused: q !== undefined && Number(q.slice(2)) === 0 }];
  });
}

/**
 * The media ranges an Accept header takes, lowercase: every range but those given `q=0`, which refuse.
 * Parameters other than q are dropped. Empty for an absent header.
 */
export function acceptedMediaRanges(accept: string | undefined): Set<string> {
  return new Set(
    mediaRanges(accept ?? "")
      .filter((r) => !r.refused)
      .map((r) => r.type),
  );
}

/**
 * Whether an Accept header takes one media type (`type/subtype`, lowercase), RFC 9110 §12.5.1: the most
 * specific range that matches it decides (`application/json` over `application/*` over `*\/*`), so
 * `application/json;q=0, *\/*` refuses JSON although the wildcard takes everything else. An absent or empty
 * header takes everything.
 */
export function acceptsMediaType(accept: string | undefined, mediaType: string): boolean {
  if (accept === undefined || accept.trim() === "") return true;
  const [kind] = mediaType.split("/");
  let best = -1;
  let taken = false;
  for (const { type, refused } of mediaRanges(accept)) {
    const specificity = type === mediaType ? 2 : type === `${kind}/*` ? 1 : type === "*/*" ? 0 : -1;
    if (specificity < 0 || specificity < best) continue;
    // Among equally specific ranges (a type listed twice), one that takes it wins.
    taken = specificity > best ? !refused : taken || !refused;
    best = specificity;
  }
  return taken;
}
