import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { testPrefix } from "@tollgate/db/testing";
import { RUN_DB_PREFIX, urlFor, withAdmin } from "@tollgate/db/testing/shared";
import {
  type Chain,
  dropQueuePrefix,
  ROOT,
  type RunningService,
  type ServiceName,
  startChain,
  startService,
} from "@tollgate/devnet";
import { generateSigningKey } from "@tollgate/x402";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleInputsHash, stampOf } from "../scripts/bundle-inputs.mjs";

// The services as their images run them: the production bundles (`pnpm bundle`: compiled dist/ and only
// runtime dependencies) started with `node dist/main.js` and NODE_ENV=production against local Postgres,
// Redis and anvil, after the migrate bundle migrated the database (production services never migrate).
// Bundles older than the sources are rebuilt first.
const run = promisify(execFile);
const SERVICES: ServiceName[] = ["api", "mcp", "prober", "scout-buyer", "chain-indexer", "demand-aggregator"];
const BUNDLES_DIR = path.join(ROOT, "dist", "bundles");
const dbName = `${RUN_DB_PREFIX}prodbundle_${process.pid}`;
const prefix = testPrefix("prodbundle");
let chain: Chain;
let env: Record<string, string>;
const running = new Map<string, RunningService>();

beforeAll(async () => {
  const hash = bundleInputsHash();
  const stale = [...SERVICES, "migrate"].filter((n) => {
    const stamp = stampOf(n);
    return !existsSync(stamp) || readFileSync(stamp, "utf8").trim() !== hash;
  });
  if (stale.length) await run(process.execPath, ["scripts/bundle.mjs", ...stale], { cwd: ROOT });
  chain = await startChain();
  const databaseUrl = urlFor(dbName);
  const migrated = await run(process.execPath, ["dist/cli.js", "migrate"], {
    cwd: path.join(BUNDLES_DIR, "migrate"),
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
  });
  expect(migrated.stdout).toMatch(/_initial/);
  env = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    REDIS_URL: "redis://127.0.0.1:6379",
    QUEUE_PREFIX: prefix,
    API_PORT: "0",
    MCP_PORT: "0",
    PUBLIC_BASE_URL: "https://tollgate.example",
    DEMAND_SALT: "a-secret-from-the-store",
    SIGNING_KEY_JWK: JSON.stringify((await generateSigningKey()).jwk),
    CHAIN_RPC_URL: chain.rpcUrl,
    SCOUT_PRIVATE_KEY: chain.wallets.scout.privateKey,
  };
}, 400_000);

afterAll(async () => {
  await Promise.all([...running.values()].map((s) => s.stop()));
  await chain?.stop();
  await dropQueuePrefix(prefix, "redis://127.0.0.1:6379");
  await withAdmin((a) => a.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
});

describe("production bundles", () => {
  it("every service starts from its bundle with node dist/main.js and reports ready", async () => {
    // One after another: six processes loading at once on a small machine only slow each other down.
    for (const name of SERVICES) {
      const s = await startService(name, env, { bundle: path.join(BUNDLES_DIR, name), timeoutMs: 90_000 });
      running.set(name, s);
      expect(s.ready.msg).toBe("ready");
    }
  });

  it("the api answers its listings and its OpenAPI document", async () => {
    const api = String(running.get("api")?.ready.url);
    const listings = await fetch(`${api}/v1/listings`);
    expect(listings.status).toBe(200);
    expect(await listings.json()).toMatchObject({ total: 0, results: [] });
    const openapi = await fetch(`${api}/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    // The docs page reads swagger-ui's files from node_modules at run time.
    expect((await fetch(`${api}/docs`)).status).toBe(200);
  });

  it("mcp answers initialize", async () => {
    const client = new Client({ name: "production-smoke", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${running.get("mcp")?.ready.url}/mcp`)));
    expect(client.getServerVersion()?.name).toBeTruthy();
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });

  it("every service exits 0 on SIGTERM", async () => {
    const codes = await Promise.all(
      SERVICES.map(async (name) => [name, await running.get(name)?.stop("SIGTERM")] as const),
    );
    expect(Object.fromEntries(codes)).toEqual(Object.fromEntries(SERVICES.map((n) => [n, 0])));
    running.clear();
  });
});
