import { createDb, type Db } from "@tollgate/db";
import { type RunningService, startService } from "@tollgate/devnet";
import { findListing, issueVerdict } from "@tollgate/registry";
import {
  generateSigningKey,
  keyId,
  type SigningKey,
  signingKeyFromJwk,
  verificationJwk,
} from "@tollgate/x402";
import { compactVerify, createRemoteJWKSet, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// Attestation keys across replicas and a rotation, against api processes sharing one database: every
// replica given the same key serves the same JWKS, so an attestation verifies against any of them; after a
// rotation the old key stays in the JWKS as retired, so what it signed still verifies.
let world: World;
let db: Db;
let oldJwk: JWK;
let newJwk: JWK;
let listingId: string;
const running: RunningService[] = [];

const startApi = async (env: Record<string, string>) => {
  const s = await startService("api", { ...world.env, SEMANTIC_SEARCH: "false", ...env });
  running.push(s);
  return String(s.ready.url);
};
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (url: string): Promise<any> => (await fetch(url)).json();
const jwksOf = (api: string) => createRemoteJWKSet(new URL(`${api}/.well-known/jwks.json`));

/** Sign a verdict for the listing with `key`, the way the paid verdict route does; its attestation id. */
async function attest(key: SigningKey): Promise<string> {
  const listing = await findListing(db, listingId);
  const verdict = await issueVerdict(db, listing!, {
    key,
    keyUrl: "unused",
    attestationUrl: (id) => id,
  });
  return verdict.verification.attestation_id;
}

beforeAll(async () => {
  world = createWorld({ SSRF_ALLOW_HOSTS: "keys.story.test=203.0.113.9" });
  oldJwk = (await generateSigningKey()).jwk;
  newJwk = (await generateSigningKey()).jwk;
  const first = await startApi({ SIGNING_KEY_JWK: JSON.stringify(oldJwk) });
  const res = await fetch(`${first}/v1/listings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Key story forecast",
      description: "Hourly weather forecast for a city, paid per call",
      endpoint_url: "https://keys.story.test/v1/forecast",
      category: "data.weather",
      price_amount: 0.002,
    }),
  });
  expect(res.status).toBe(201);
  listingId = ((await res.json()) as { id: string }).id;
  db = createDb(world.databaseUrl, { max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await Promise.all(running.map((s) => s.stop()));
  await world.stop();
});

describe("attestation keys", () => {
  let oldAttestation = "";
  it("two replicas given one key publish one JWKS; an attestation verifies against either", async () => {
    const [a, b] = [
      running[0]!.ready.url as string,
      await startApi({ SIGNING_KEY_JWK: JSON.stringify(oldJwk) }),
    ];
    const [jwksA, jwksB] = [
      await json(`${a}/.well-known/jwks.json`),
      await json(`${b}/.well-known/jwks.json`),
    ];
    expect(jwksA).toEqual(jwksB);
    expect(jwksA.keys).toHaveLength(1);
    // The kid is the key's thumbprint: the same wherever and whenever the key is loaded.
    expect(jwksA.keys[0].kid).toBe(await keyId(oldJwk));
    expect(jwksA.keys[0].d).toBeUndefined();

    oldAttestation = await attest(await signingKeyFromJwk(oldJwk));
    const fromA = await json(`${a}/v1/attestations/${oldAttestation}`);
    const { protectedHeader } = await compactVerify(fromA.jws, jwksOf(b));
    expect(protectedHeader.kid).toBe(fromA.kid);
    await compactVerify(fromA.jws, jwksOf(a));
  });

  it("after a rotation the old key is retired, not gone: old attestations still verify", async () => {
    const rotated = await startApi({
      SIGNING_KEY_JWK: JSON.stringify(newJwk),
      SIGNING_KEYS_RETIRED_JWK: JSON.stringify([await verificationJwk(oldJwk)]),
    });
    const jwks = await json(`${rotated}/.well-known/jwks.json`);
    expect(jwks.keys.map((k: JWK) => k.kid)).toEqual([await keyId(newJwk), await keyId(oldJwk)]);

    const old = await json(`${rotated}/v1/attestations/${oldAttestation}`);
    const verified = await compactVerify(old.jws, jwksOf(rotated));
    expect(JSON.parse(new TextDecoder().decode(verified.payload)).listing_id).toBe(listingId);

    // What the new key signs verifies against the rotated replica, and not against one that never had it.
    const fresh = await json(`${rotated}/v1/attestations/${await attest(await signingKeyFromJwk(newJwk))}`);
    expect(fresh.kid).toBe(await keyId(newJwk));
    await compactVerify(fresh.jws, jwksOf(rotated));
    await expect(compactVerify(fresh.jws, jwksOf(String(running[0]!.ready.url)))).rejects.toThrow();
  });
});
