import { describe, expect, it } from "vitest";
import { z } from "zod";
import { baseEnv, ConfigError, demandEnv, demandFromConfig, parseConfig } from "../src/index.js";

const schema = z.object({ ...baseEnv, ...demandEnv });
const demand = (env: Record<string, string>) => demandFromConfig(parseConfig(schema, env));

describe("config", () => {
  it("defaults target the local machine", () => {
    const c = parseConfig(schema, {});
    expect(c.DATABASE_URL).toBe("postgres://postgres@127.0.0.1:5432/tollgate");
    expect(c.REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(demand({})).toMatchObject({ kFloor: 3, paidTierLive: true, cacheMs: 60_000 });
  });

  it("a bad value stops the service with a message naming the variable", () => {
    expect(() => parseConfig(schema, { DEMAND_K_FLOOR: "0" })).toThrow(ConfigError);
    expect(() => parseConfig(schema, { DEMAND_K_FLOOR: "0" })).toThrow(/DEMAND_K_FLOOR/);
    expect(() => parseConfig(schema, { PAID_DEMAND_LIVE: "maybe" })).toThrow(/PAID_DEMAND_LIVE/);
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
