import { ConfigError, parseConfig } from "@tollgate/platform";
import { describe, expect, it } from "vitest";
import { scoutEnvSchema } from "../src/config.js";

const base = {
  NODE_ENV: "test",
  SCOUT_PRIVATE_KEY: `0x${"ab".repeat(32)}`,
  CHAIN_RPC_URL: "http://127.0.0.1:8545",
};
const parse = (env: Record<string, string>) => parseConfig(scoutEnvSchema, { ...base, ...env });

describe("scout-buyer config", () => {
  it("reconciles purchases left in flight after 120 s by default", () => {
    expect(parse({}).SCOUT_RECONCILE_AFTER_S).toBe(120);
  });

  it("refuses a reconcile age within the purchase timeout: a live purchase would be reconciled", () => {
    const env = { SCOUT_TIMEOUT_MS: "20000", SCOUT_RECONCILE_AFTER_S: "20" };
    expect(() => parse(env)).toThrow(ConfigError);
    expect(() => parse(env)).toThrow(/SCOUT_RECONCILE_AFTER_S: must exceed SCOUT_TIMEOUT_MS/);
    expect(parse({ ...env, SCOUT_RECONCILE_AFTER_S: "21" }).SCOUT_RECONCILE_AFTER_S).toBe(21);
  });
});
