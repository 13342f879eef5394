import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";

type ImportedKey = Awaited<ReturnType<typeof importJWK>>;

export interface SigningKey {
  kid: string;
  privateKey: ImportedKey;
  publicJwk: JWK;
}

async function fromJwk(jwk: JWK): Promise<SigningKey> {
  if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || !jwk.d)
    throw new Error("signing key must be an Ed25519 private JWK");
  const kid = jwk.kid ?? "tollgate-1";
  const privateKey = (await importJWK({ ...jwk, alg: "EdDSA" }, "EdDSA")) as ImportedKey;
  const { d: _d, ...pub } = jwk;
  return { kid, privateKey, publicJwk: { ...pub, kid, alg: "EdDSA", use: "sig" } };
}

/** A fresh Ed25519 key (tests, first local start). */
export async function generateSigningKey(): Promise<{ key: SigningKey; jwk: JWK }> {
  const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: `tg-${randomBytes(4).toString("hex")}` };
  return { key: await fromJwk(jwk), jwk };
}

/**
 * The attestation key from config: a private JWK given inline (production, from the secret store), or
 * a file that is generated and persisted on first use (local machines only).
 */
export async function loadSigningKey(opts: { jwk?: string; file?: string }): Promise<SigningKey> {
  if (opts.jwk) return fromJwk(JSON.parse(opts.jwk) as JWK);
  if (!opts.file) throw new Error("set SIGNING_KEY_JWK, or SIGNING_KEY_FILE outside production");
  if (existsSync(opts.file)) return fromJwk(JSON.parse(readFileSync(opts.file, "utf8")) as JWK);
  const { key, jwk } = await generateSigningKey();
  mkdirSync(dirname(opts.file), { recursive: true });
  writeFileSync(opts.file, JSON.stringify(jwk), { mode: 0o600 });
  return key;
}
