import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { CompactSign } from "jose";
import type { SigningKey } from "./keys.js";

// canonicalize ships CommonJS whose typings claim an ES default export: load it as what it is.
const canonicalize = createRequire(import.meta.url)("canonicalize") as (input: unknown) => string | undefined;

/** The signed object; its JCS canonical form is the JWS payload. */
export interface AttestationPayload {
  listing_id: string;
  endpoint_url: string;
  issued_at: number;
  verification: Record<string, unknown>;
  subject: string;
  valid_until: number;
}

export interface SignedAttestation {
  id: string;
  payload: AttestationPayload;
  jws: string;
  kid: string;
}

/** Sign an attestation: compact JWS, EdDSA (Ed25519), over the JCS (RFC 8785) canonical payload. */
export async function signAttestation(
  key: SigningKey,
  payload: AttestationPayload,
): Promise<SignedAttestation> {
  const canonical = canonicalize(payload);
  if (!canonical) throw new Error("payload cannot be canonicalized");
  const jws = await new CompactSign(new TextEncoder().encode(canonical))
    .setProtectedHeader({ alg: "EdDSA", kid: key.kid, typ: "tollgate-attestation+jws" })
    .sign(key.privateKey);
  return { id: randomBytes(16).toString("hex"), payload, jws, kid: key.kid };
}
