import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createDb, ensureDatabase } from "@tollgate/db";
import { testPrefix } from "@tollgate/db/testing";
import { RUN_DB_PREFIX, urlFor, withAdmin } from "@tollgate/db/testing/shared";
import { ROOT, type RunningService, startService, TSX_LOADER } from "@tollgate/devnet";
import { generateSigningKey, keyId } from "@tollgate/x402";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The api as production starts it (its own process, NODE_ENV=production): it never migrates, refuses a
// database the migrate Job has not brought up to date, and signs only with the key it is given.
const name = `${RUN_DB_PREFIX}prod_${randomBytes(4).toString("hex")}`;
const url = urlFor(name);
let env: Record<string, string>;
let jwk: Record<string, unknown>;
const running: RunningService[] = [];
beforeAll(async () => {
  await ensureDatabase(url);
  jwk = { ...(await generateSigningKey()).jwk };
  env = {
    NODE_ENV: "production",
    DATABASE_URL: url,
    QUEUE_PREFIX: testPrefix("prod"),
    API_PORT: "0",
    PUBLIC_BASE_URL: "https://tollgate.example",
    DEMAND_SALT: "a-secret-from-the-store",
    SEMANTIC_SEARCH: "false",
    SIGNING_KEY_JWK: JSON.stringify(jwk),
  };
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await withAdmin((a) => a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

const migrated = async () => {
  const db = createDb(url, { max: 1 });
  try {
    const { rows } = await sql<{
      t: string | null;
    }>`SELECT to_regclass('kysely_migration')::text AS t`.execute(db);
    return rows[0]!.t !== null;
  } finally {
    await db.destroy();
  }
};

/** `pnpm migrate` as the k8s Job runs it: the migrate CLI in its own process. */
const runMigrateJob = () =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX_LOADER, "packages/db/src/cli.ts", "migrate"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("close", (code) => resolve({ code, out }));
  });

describe("api in production", () => {
  it("refuses to start on a database the migrate Job has not migrated, and does not migrate it", async () => {
    const refused = await startService("api", env).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/exited with 1 before ready/);
    expect((refused as Error).message).toMatch(/database schema is not current/);
    expect(await migrated()).toBe(false);
  });

  it("starts once the migrate Job ran, and serves the key it was given under its thumbprint", async () => {
    const job = await runMigrateJob();
    expect(job.code).toBe(0);
    expect(job.out).toMatch(/_initial/);
    const api = await startService("api", env);
    running.push(api);
    const jwks = (await (await fetch(`${String(api.ready.url)}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    expect(jwks.keys.map((k) => k.kid)).toEqual([await keyId(jwk)]);
  });

  it("a chain RPC serving another chain than Base stops the start, naming it; one not answering does not", async () => {
    const rpc = createServer((_, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0x1" }));
    });
    await new Promise<void>((r) => rpc.listen(0, "127.0.0.1", r));
    try {
      const mainnet = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`;
      const refused = await startService("api", { ...env, CHAIN_RPC_URL: mainnet }).catch((e: Error) => e);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toMatch(/exited with 1 before ready/);
      expect((refused as Error).message).toMatch(
        /CHAIN_RPC_URL serves chain 1; Tollgate reads and pays on Base/,
      );
    } finally {
      rpc.close();
    }
    // Nothing listens there: an outage, not a misconfiguration; the api starts and serves.
    const api = await startService("api", { ...env, CHAIN_RPC_URL: "http://127.0.0.1:9/" });
    running.push(api);
    expect((await fetch(`${String(api.ready.url)}/v1/listings`)).status).toBe(200);
  });

  it("without a signing key it does not start (exit 78), naming SIGNING_KEY_JWK", async () => {
    const { SIGNING_KEY_JWK: _, ...noKey } = env;
    const refused = await startService("api", noKey).catch((e: Error) => e);
    expect((refused as Error).message).toMatch(/exited with 78 before ready/);
    expect((refused as Error).message).toMatch(/SIGNING_KEY_JWK: required in production/);
  });
});
