import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import type { PaymentPayload } from "@x402/core/types";

// canonicalize ships CommonJS whose typings claim an ES default export: load it as what it is.
const canonicalize = createRequire(import.meta.url)("canonicalize") as (input: unknown) => string | undefined;

/**
 * What identifies a paid request and its payment, and the key that seals its kept answer. The key comes
 * from the payment itself (which only the payer and we see until it settles; after, the authorization is
 * public in the transaction's calldata), and only hashes under other labels are stored: a kept answer is
 * unreadable to anyone holding the database alone. Who asks (`clientSha256`) is kept apart: it binds the
 * repeats of a delivered answer to the address it was handed to.
 */
export interface PaymentKeys {
  requestSha256: string;
  /** The same request under the first form (raw body, query as sent), matched for rows written before v2. */
  legacyRequestSha256: string;
  payloadSha256: string;
  sealKey: Buffer;
  clientSha256: string | null;
}

const sha256 = (s: string | Buffer) => createHash("sha256").update(s).digest();

/**
 * The request's identity as its handler reads it, so that a client retrying the same request re-serialised
 * (another JSON library: key order, spacing, escapes; query parameters in another order or percent-encoding)
 * is the same request: the body is its canonical JSON (RFC 8785) when it parses, else its bytes; the query is
 * its parameters decoded and sorted by name (the order among one name's values kept, as a handler reads it).
 */
function canonicalRequest(method: string, u: URL, body: string): string {
  let text = body;
  if (body.trim() !== "") {
    try {
      text = canonicalize(JSON.parse(body)) ?? body;
    } catch {
      // Not JSON: its bytes are its identity.
    }
  }
  const params = new URLSearchParams(u.search);
  params.sort();
  const query = params.size > 0 ? `?${params.toString()}` : "";
  return `${method} ${u.pathname}${query}\n${sha256(text).toString("hex")}`;
}

export function fingerprints(
  req: { url: string; method?: string; body?: string; client?: string },
  payload: PaymentPayload,
): PaymentKeys {
  const u = new URL(req.url);
  const method = (req.method ?? "GET").toUpperCase();
  // The host is left out: the same request reaches us under the API and the site origin, or via a proxy.
  const legacy = `${method} ${u.pathname}${u.search}\n${sha256(req.body ?? "").toString("hex")}`;
  const canonical = canonicalize({ accepted: payload.accepted, payload: payload.payload }) ?? "";
  return {
    requestSha256: sha256(
      `tollgate paid request v2\n${canonicalRequest(method, u, req.body ?? "")}`,
    ).toString("hex"),
    legacyRequestSha256: sha256(`tollgate paid request v1\n${legacy}`).toString("hex"),
    payloadSha256: sha256(`tollgate payment id v1\n${canonical}`).toString("hex"),
    sealKey: sha256(`tollgate sealed answer v1\n${canonical}`),
    clientSha256: req.client ? sha256(`tollgate paid client v1\n${req.client}`).toString("hex") : null,
  };
}

/** Whether a kept payment row is this payment for this request. */
export function samePaidRequest(
  row: { payload_sha256: string | null; request_sha256: string | null },
  keys: PaymentKeys,
): boolean {
  return (
    row.payload_sha256 === keys.payloadSha256 &&
    (row.request_sha256 === keys.requestSha256 || row.request_sha256 === keys.legacyRequestSha256)
  );
}

export interface KeptAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** AES-256-GCM: base64 of iv | tag | ciphertext. */
export function sealAnswer(keys: PaymentKeys, answer: KeptAnswer): string {
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", keys.sealKey, iv);
  const data = Buffer.concat([c.update(JSON.stringify(answer), "utf8"), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), data]).toString("base64");
}

/** The kept answer, or null when this payment's key does not open it. */
export function openAnswer(keys: PaymentKeys, sealed: string): KeptAnswer | null {
  try {
    const raw = Buffer.from(sealed, "base64");
    const d = createDecipheriv("aes-256-gcm", keys.sealKey, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString("utf8");
    return JSON.parse(text) as KeptAnswer;
  } catch {
    return null;
  }
}
