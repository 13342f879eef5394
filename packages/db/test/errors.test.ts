import { createServer } from "node:net";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, isDatabaseUnavailable, isUnstorableText } from "../src/index.js";
import { ADMIN_URL, withAdmin } from "../src/testing/shared.js";

/** The error a real call raises (the tests below provoke each one against the local Postgres). */
async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("expected the call to fail");
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

const urlWithPort = (port: number) => {
  const u = new URL(ADMIN_URL);
  u.hostname = "127.0.0.1";
  u.port = String(port);
  return u.toString();
};

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
});
afterAll(() => client.end());

describe("isDatabaseUnavailable: Postgres down, restarting or overloaded (503), not a bad request", () => {
  it("a refused connection, through the pool and Kysely", async () => {
    const db = createDb(urlWithPort(await closedPort()), { max: 1 });
    try {
      const err = await errorOf(() => sql`SELECT 1`.execute(db));
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it("a server that drops the connection while connecting (Connection terminated unexpectedly)", async () => {
    const dropper = createServer((socket) => socket.destroy());
    await new Promise<void>((r) => dropper.listen(0, "127.0.0.1", r));
    const db = createDb(urlWithPort((dropper.address() as { port: number }).port), { max: 1 });
    try {
      const err = await errorOf(() => sql`SELECT 1`.execute(db));
      expect((err as Error).message).toMatch(/Connection terminated/);
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await db.destroy();
      await new Promise((r) => dropper.close(r));
    }
  });

  it("a backend terminated mid-query (57P01), and the dead client afterwards", async () => {
    const victim = new pg.Client({ connectionString: ADMIN_URL });
    await victim.connect();
    victim.on("error", () => {});
    const pid = (await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    const running = errorOf(() => victim.query("SELECT pg_sleep(10)"));
    await new Promise((r) => setTimeout(r, 100));
    await withAdmin((admin) => admin.query("SELECT pg_terminate_backend($1)", [pid]));
    const err = await running;
    expect((err as { code?: string }).code).toBe("57P01");
    expect(isDatabaseUnavailable(err)).toBe(true);
    const after = await errorOf(() => victim.query("SELECT 1"));
    expect(isDatabaseUnavailable(after)).toBe(true);
    await victim.end().catch(() => undefined);
  });

  it("a statement timeout (57014)", async () => {
    await client.query("SET statement_timeout = 50");
    const err = await errorOf(() => client.query("SELECT pg_sleep(2)"));
    await client.query("SET statement_timeout = 0");
    expect((err as { code?: string }).code).toBe("57014");
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("is false for a request's own mistakes and for anything that is not an error", async () => {
    const syntax = await errorOf(() => client.query("SELEC 1"));
    const nul = await errorOf(() => client.query("SELECT $1::text", ["a\u0000b"]));
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(nul)).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe("isUnstorableText: NUL in text or jsonb is the request's fault (400)", () => {
  it("recognises what Postgres raises for NUL in text and in jsonb", async () => {
    const text = await errorOf(() => client.query("SELECT $1::text", ["a\u0000b"]));
    const json = await errorOf(() => client.query("SELECT $1::jsonb", [JSON.stringify({ a: "\u0000" })]));
    expect(isUnstorableText(text)).toBe(true);
    expect(isUnstorableText(json)).toBe(true);
    const syntax = await errorOf(() => client.query("SELEC 1"));
    expect(isUnstorableText(syntax)).toBe(false);
    expect(isUnstorableText(new Error("boom"))).toBe(false);
  });
});
