import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConfigError, parseConfig } from "@tollgate/platform";
import { generateSigningKey } from "@tollgate/x402";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEnvSchema } from "../src/config.js";

const parse = (env: Record<string, string>) => parseConfig(apiEnvSchema, env);
let jwk: string;
let prod: Record<string, string>;
beforeAll(async () => {
  jwk = JSON.stringify((await generateSigningKey()).jwk);
  prod = {
    NODE_ENV: "production",
    DEMAND_SALT: "a-secret-from-the-store",
    PUBLIC_BASE_URL: "https://tollgate.example",
    SIGNING_KEY_JWK: jwk,
  };
});
const FACILITATOR_KEY = `0x${"ab".repeat(32)}`;

describe("api config in production", () => {
  it("starts with the key it is given", () => {
    expect(parse(prod).SIGNING_KEY_JWK).toMatchObject({ kty: "OKP", crv: "Ed25519" });
  });

  it("refuses to run without a signing key: every replica must sign with the same one", () => {
    const { SIGNING_KEY_JWK: _, ...noKey } = prod;
    expect(() => parse(noKey)).toThrow(ConfigError);
    expect(() => parse(noKey)).toThrow(/SIGNING_KEY_JWK: required in production/);
  });

  it("a key file must exist (never generated) and may not be combined with SIGNING_KEY_JWK", () => {
    const { SIGNING_KEY_JWK: _, ...noKey } = prod;
    const dir = mkdtempSync(path.join(tmpdir(), "tollgate-cfg-"));
    expect(() => parse({ ...noKey, SIGNING_KEY_FILE: path.join(dir, "none.json") })).toThrow(
      /SIGNING_KEY_FILE: .*none\.json does not exist/,
    );
    const file = path.join(dir, "key.json");
    writeFileSync(file, jwk);
    expect(parse({ ...noKey, SIGNING_KEY_FILE: file }).SIGNING_KEY_FILE).toBe(file);
    expect(() => parse({ ...prod, SIGNING_KEY_FILE: file })).toThrow(/SIGNING_KEY_FILE: set .* not both/);
  });

  it("a malformed key is named and never echoed", () => {
    const bad = () => parse({ ...prod, SIGNING_KEY_JWK: "{not json secret-material" });
    expect(bad).toThrow(/SIGNING_KEY_JWK: not valid JSON \(value hidden\)/);
    expect(bad).not.toThrow(/secret-material/);
    const { d: _, ...publicOnly } = JSON.parse(jwk) as Record<string, string>;
    expect(() => parse({ ...prod, SIGNING_KEY_JWK: JSON.stringify(publicOnly) })).toThrow(
      /SIGNING_KEY_JWK\.d/,
    );
    expect(() => parse({ ...prod, SIGNING_KEYS_RETIRED_JWK: jwk })).toThrow(/SIGNING_KEYS_RETIRED_JWK/);
    expect(parse({ ...prod, SIGNING_KEYS_RETIRED_JWK: `[${jwk}]` }).SIGNING_KEYS_RETIRED_JWK).toHaveLength(1);
  });

  it("refuses the in-process facilitator (FACILITATOR_PRIVATE_KEY, FACILITATOR_RPC_URL)", () => {
    const local = { ...prod, FACILITATOR_PRIVATE_KEY: FACILITATOR_KEY };
    expect(() => parse(local)).toThrow(/FACILITATOR_PRIVATE_KEY: must not be set in production/);
    expect(() => parse(local)).not.toThrow(new RegExp(FACILITATOR_KEY));
    expect(() => parse({ ...prod, FACILITATOR_RPC_URL: "http://127.0.0.1:8545" })).toThrow(
      /FACILITATOR_RPC_URL: must not be set in production/,
    );
    expect(() => parse({ ...prod, OPERATOR_PAY_TO: `0x${"11".repeat(20)}` })).toThrow(
      /FACILITATOR_URL: required in production/,
    );
  });
});

describe("api config outside production", () => {
  it("needs no key (a local one is generated) and may use the local chain's facilitator", () => {
    const c = parse({
      NODE_ENV: "development",
      FACILITATOR_RPC_URL: "http://127.0.0.1:8545",
      FACILITATOR_PRIVATE_KEY: FACILITATOR_KEY,
    });
    expect(c.SIGNING_KEY_JWK).toBeUndefined();
    expect(c.FACILITATOR_PRIVATE_KEY).toBe(FACILITATOR_KEY);
  });
});
