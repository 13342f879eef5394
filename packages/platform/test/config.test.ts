import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  baseEnv,
  ConfigError,
  databaseFromConfig,
  demandEnv,
  demandFromConfig,
  parseConfig,
} from "../src/index.js";

const schema = z.object({ ...baseEnv, ...demandEnv });
const demand = (env: Record<string, string>) =>
  demandFromConfig(parseConfig(schema, { NODE_ENV: "development", ...env }));

describe("config", () => {
  it("defaults target the local machine", () => {
    const c = parseConfig(schema, { NODE_ENV: "development" });
    expect(c.DATABASE_URL).toBe("postgres://postgres@127.0.0.1:5432/tollgate");
    expect(c.REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(demand({})).toMatchObject({ kFloor: 3, paidTierLive: true, cacheMs: 60_000 });
  });

  it("a bad value stops the service with a message naming the variable", () => {
    const env = { NODE_ENV: "test" };
    expect(() => parseConfig(schema, { ...env, DEMAND_K_FLOOR: "0" })).toThrow(ConfigError);
    expect(() => parseConfig(schema, { ...env, DEMAND_K_FLOOR: "0" })).toThrow(/DEMAND_K_FLOOR/);
    expect(() => parseConfig(schema, { ...env, PAID_DEMAND_LIVE: "maybe" })).toThrow(/PAID_DEMAND_LIVE/);
  });

  it("NODE_ENV has no default: without it no service starts, and the error names it", () => {
    expect(() => parseConfig(schema, {})).toThrow(/NODE_ENV: required/);
    expect(() => parseConfig(schema, { NODE_ENV: "prod" })).toThrow(/NODE_ENV: expected development/);
    expect(parseConfig(schema, { NODE_ENV: "production", DEMAND_SALT: "s3cret-salt" }).NODE_ENV).toBe(
      "production",
    );
  });

  it("a refused secret is named, never echoed", () => {
    const err = () => parseConfig(schema, { NODE_ENV: "test", DEMAND_SALT: "short" });
    expect(err).toThrow(/DEMAND_SALT: .*\(value hidden\)/);
    expect(err).not.toThrow(/short/);
    expect(() => parseConfig(schema, { NODE_ENV: "test", DEMAND_K_FLOOR: "0" })).toThrow(/\(got "0"\)/);
  });

  it("production checks the schema instead of migrating; every pool has a statement timeout", () => {
    const base = parseConfig(schema, { NODE_ENV: "development" });
    expect(databaseFromConfig(base)).toEqual({ migrate: true, statementTimeoutMs: 15_000 });
    const prod = parseConfig(schema, {
      NODE_ENV: "production",
      DEMAND_SALT: "s3cret-salt",
      DATABASE_STATEMENT_TIMEOUT_MS: "5000",
    });
    expect(databaseFromConfig(prod)).toEqual({ migrate: false, statementTimeoutMs: 5000 });
    expect(() => parseConfig(schema, { NODE_ENV: "test", DATABASE_STATEMENT_TIMEOUT_MS: "0" })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it("production refuses the public local salt and a delay override", () => {
    const salt = { DEMAND_SALT: "a-secret-from-the-store" };
    expect(() => demand({ NODE_ENV: "production" })).toThrow(/DEMAND_SALT/);
    expect(() => demand({ NODE_ENV: "production", ...salt, DEMAND_DELAY_HOURS: "0" })).toThrow(
      /DEMAND_DELAY_HOURS/,
    );
    expect(demand({ NODE_ENV: "production", ...salt })).toMatchObject({ salt: salt.DEMAND_SALT });
    expect(demand({ NODE_ENV: "test", DEMAND_DELAY_HOURS: "0" }).delayHours).toBe(0);
  });
});
