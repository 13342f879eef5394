import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CompactSign, calculateJwkThumbprint, compactVerify, createLocalJWKSet } from "jose";
import { describe, expect, it } from "vitest";
import { generateSigningKey, keyId, loadKeyRing, signingKeyFromJwk } from "../src/index.js";

const dir = mkdtempSync(path.join(tmpdir(), "tollgate-keys-"));
const sign = async (key: Awaited<ReturnType<typeof signingKeyFromJwk>>, text: string) =>
  new CompactSign(new TextEncoder().encode(text))
    .setProtectedHeader({ alg: "EdDSA", kid: key.kid })
    .sign(key.privateKey);

describe("attestation keys", () => {
  it("the kid is the key's JWK thumbprint, whatever kid the JWK carried", async () => {
    const { jwk } = await generateSigningKey();
    const key = await signingKeyFromJwk({ ...jwk, kid: "tg-deadbeef" });
    const thumbprint = await calculateJwkThumbprint({ kty: "OKP", crv: "Ed25519", x: jwk.x }, "sha256");
    expect(key.kid).toBe(thumbprint);
    expect(await keyId(jwk)).toBe(thumbprint);
    expect(key.publicJwk).toEqual({
      kty: "OKP",
      crv: "Ed25519",
      x: jwk.x,
      kid: thumbprint,
      alg: "EdDSA",
      use: "sig",
    });
  });

  it("never generates a key unless allowed: a missing file is an error naming SIGNING_KEY_FILE", async () => {
    const file = path.join(dir, "missing", "key.json");
    await expect(loadKeyRing({ file, generateMissing: false })).rejects.toThrow(
      /SIGNING_KEY_FILE: .*does not exist/,
    );
    expect(existsSync(file)).toBe(false);
    await expect(loadKeyRing({})).rejects.toThrow(/SIGNING_KEY_JWK/);
  });

  it("outside production a key file is generated once and the same key comes back after a restart", async () => {
    const file = path.join(dir, "local", "key.json");
    const first = await loadKeyRing({ file, generateMissing: true });
    const again = await loadKeyRing({ file, generateMissing: false });
    expect(again.current.kid).toBe(first.current.kid);
    expect(JSON.parse(readFileSync(file, "utf8")).d).toBeTruthy();
  });

  it("retired keys sign nothing, are served public only, and still verify what they signed", async () => {
    const old = await generateSigningKey();
    const next = await generateSigningKey();
    const signedBefore = await sign(old.key, "an attestation from before the rotation");
    const ring = await loadKeyRing({ jwk: next.jwk, retired: [old.jwk, next.jwk, old.jwk] });
    expect(ring.current.kid).toBe(next.key.kid);
    expect(ring.retired.map((k) => k.kid)).toEqual([old.key.kid]); // deduplicated, current not repeated
    expect(ring.retired[0]!.d).toBeUndefined();
    const jwks = createLocalJWKSet({ keys: [ring.current.publicJwk, ...ring.retired] });
    const verified = await compactVerify(signedBefore, jwks);
    expect(verified.protectedHeader.kid).toBe(old.key.kid);
    await compactVerify(await sign(ring.current, "after"), jwks);
  });
});
