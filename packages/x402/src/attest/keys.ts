import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";

type ImportedKey = Awaited<ReturnType<typeof importJWK>>;

export interface SigningKey {
  /** RFC 7638 thumbprint of the public key: the same in every replica and across restarts. */
  kid: string;
  privateKey: ImportedKey;
  publicJwk: JWK;
}

/** What the API signs with and what it publishes at /.well-known/jwks.json. */
export interface KeyRing {
  /** Signs every new attestation. */
  current: SigningKey;
  /** Public keys that sign nothing now and still verify what they signed (or the next key, published early). */
  retired: JWK[];
}

const isEd25519 = (jwk: JWK) => jwk.kty === "OKP" && jwk.crv === "Ed25519" && typeof jwk.x === "string";

/** The kid of an Ed25519 key: its JWK thumbprint (SHA-256, base64url) over the public members only. */
export const keyId = (jwk: JWK): Promise<string> =>
  calculateJwkThumbprint({ kty: "OKP", crv: "Ed25519", x: jwk.x }, "sha256");

/** The public half of an Ed25519 JWK (given private or public), as the JWKS serves it. */
export async function verificationJwk(jwk: JWK): Promise<JWK> {
  if (!isEd25519(jwk)) throw new Error("verification key must be an Ed25519 JWK (kty OKP, crv Ed25519, x)");
  return { kty: "OKP", crv: "Ed25519", x: jwk.x, kid: await keyId(jwk), alg: "EdDSA", use: "sig" };
}

/** A signing key from an Ed25519 private JWK; any kid in the JWK is replaced by the thumbprint. */
export async function signingKeyFromJwk(jwk: JWK): Promise<SigningKey> {
  if (!isEd25519(jwk) || typeof jwk.d !== "string")
    throw new Error("signing key must be an Ed25519 private JWK (kty OKP, crv Ed25519, x, d)");
  const publicJwk = await verificationJwk(jwk);
  const privateKey = (await importJWK(
    { kty: "OKP", crv: "Ed25519", x: jwk.x, d: jwk.d, alg: "EdDSA" },
    "EdDSA",
  )) as ImportedKey;
  return { kid: publicJwk.kid!, privateKey, publicJwk };
}

/** A fresh Ed25519 key (tests, first local start); `jwk` is the private JWK to keep. */
export async function generateSigningKey(): Promise<{ key: SigningKey; jwk: JWK }> {
  const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const exported = await exportJWK(privateKey);
  const key = await signingKeyFromJwk(exported);
  return { key, jwk: { ...exported, kid: key.kid } };
}

/**
 * The attestation keys from config. The current key comes inline (production, from the secret store) or
 * from a file; only when `generateMissing` (never in production) is a missing file created with a fresh
 * key, so every replica and every restart of production signs with the one key it was given.
 */
export async function loadKeyRing(opts: {
  jwk?: JWK | undefined;
  file?: string | undefined;
  generateMissing?: boolean;
  retired?: JWK[] | undefined;
}): Promise<KeyRing> {
  const current = await loadCurrent(opts);
  const retired: JWK[] = [];
  const seen = new Set([current.kid]);
  for (const jwk of opts.retired ?? []) {
    const pub = await verificationJwk(jwk);
    if (seen.has(pub.kid!)) continue;
    seen.add(pub.kid!);
    retired.push(pub);
  }
  return { current, retired };
}

async function loadCurrent(opts: {
  jwk?: JWK | undefined;
  file?: string | undefined;
  generateMissing?: boolean;
}) {
  if (opts.jwk) return signingKeyFromJwk(opts.jwk);
  if (!opts.file)
    throw new Error("SIGNING_KEY_JWK: required (or SIGNING_KEY_FILE naming a file that holds it)");
  if (existsSync(opts.file)) {
    try {
      return await signingKeyFromJwk(JSON.parse(readFileSync(opts.file, "utf8")) as JWK);
    } catch (err) {
      throw new Error(`SIGNING_KEY_FILE: ${opts.file}: ${(err as Error).message}`);
    }
  }
  if (!opts.generateMissing)
    throw new Error(`SIGNING_KEY_FILE: ${opts.file} does not exist (a key is never generated in production)`);
  const { key, jwk } = await generateSigningKey();
  mkdirSync(dirname(opts.file), { recursive: true });
  writeFileSync(opts.file, JSON.stringify(jwk), { mode: 0o600 });
  return key;
}
