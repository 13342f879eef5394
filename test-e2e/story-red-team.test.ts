import { randomBytes } from "node:crypto";
import { createDb } from "@tollgate/db";
import {
  type Chain,
  type DemoSellers,
  localWallet,
  payingFetch,
  type RunningService,
  signPaymentFor,
  startChain,
  startDemoSellers,
  startService,
} from "@tollgate/devnet";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// The outside review's attacks (issue 10, items 1-5 and 10), run as an attacker would run them: against
// the api and mcp as their own processes, on the local chain, with real sellers on loopback. Each attack
// must fail, and the honest party next to it must still get what it is owed.
let chain: Chain;
let demo: DemoSellers;
let world: World;
let api: string;
let mcp: string;
let slowApi: RunningService;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  chain = await startChain();
  demo = await startDemoSellers({ payTo: chain.wallets.sellers[0]!.address });
  world = createWorld({
    SSRF_ALLOW_HOSTS: `${demo.allowanceEnv},s.redteam.test=203.0.113.7,burst.redteam2.test=203.0.113.8`,
    ALLOW_HTTP_ENDPOINTS: "true",
    OPERATOR_PAY_TO: chain.wallets.operator.address,
    FACILITATOR_RPC_URL: chain.rpcUrl,
    FACILITATOR_PRIVATE_KEY: chain.wallets.facilitator.privateKey,
    CHAIN_RPC_URL: chain.rpcUrl,
    SIGNING_KEY_FILE: `/tmp/tollgate-e2e-redteam-key-${process.pid}.json`,
    // The proxy in front of the api is loopback: X-Forwarded-For is read from the right, past it only.
    TRUSTED_PROXIES: "127.0.0.1",
    SUBMISSION_LIMIT_PER_HOUR: "200",
    DISCOVER_LIMIT_PER_MINUTE: "40",
    MCP_LIMIT_PER_MINUTE: "40",
    PAYMENTS_RECONCILE_EVERY_MS: "1000",
    SEMANTIC_SEARCH: "false",
  });
  await world.start("api");
  await world.start("mcp");
  api = world.url("api");
  mcp = String(world.services.get("mcp")!.ready.endpoint);
  // A second api replica on the same database whose settlement bound is shorter than any settlement.
  slowApi = await startService("api", { ...world.env, SETTLE_TIMEOUT_MS: "1" });
});
afterAll(async () => {
  await slowApi?.stop();
  await world.stop();
  await demo.stop();
  await chain.stop();
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const listing = (endpoint_url: string, over: Record<string, unknown> = {}) => ({
  name: "Red team forecast",
  description: "Hourly weather forecast for a city, paid per call",
  endpoint_url,
  category: "data.weather",
  price_amount: 0.002,
  ...over,
});
async function query<T>(text: string): Promise<T[]> {
  const db = createDb(world.databaseUrl, { max: 1 });
  try {
    return (await sql.raw<T>(text).execute(db)).rows;
  } finally {
    await db.destroy();
  }
}

describe("red team: each attack fails", () => {
  it("1. a watcher cannot take over a listing while its owner's claim proof is served", async () => {
    const created = await json(await post(`${api}/v1/listings`, listing(demo.sellers.claimable.url)));
    const id = created.id as string;
    const owner = await json(await post(`${api}/v1/listings/${id}/claim/challenge`, {}));
    demo.sellers.claimable.control.claimToken = owner.token;
    // The watcher reads what anyone can read: the token the endpoint serves, and that a challenge is open.
    const seen = demo.sellers.claimable.control.claimToken as string;
    expect((await json(await fetch(`${api}/v1/listings/${id}/claim`))).challenge_active).toBe(true);
    const asSpec = await post(`${api}/v1/listings/${id}/claim`, { email: "thief@example.com" });
    expect([asSpec.status, (await json(asSpec)).error]).toEqual([409, "no_challenge"]);
    const withToken = await post(`${api}/v1/listings/${id}/claim`, {
      email: "thief@example.com",
      claim_secret: seen,
    });
    expect(withToken.status).toBe(409);
    const own = await json(await post(`${api}/v1/listings/${id}/claim/challenge`, {}));
    const withOwn = await post(`${api}/v1/listings/${id}/claim`, {
      email: "thief@example.com",
      claim_secret: own.claim_secret,
    });
    expect([withOwn.status, (await json(withOwn)).error]).toEqual([403, "proof_not_found"]);
    // The owner claims; the submission token stops working; a replay of the owner's claim gets nothing.
    const claimed = await post(`${api}/v1/listings/${id}/claim`, {
      email: "owner@example.com",
      claim_secret: owner.claim_secret,
    });
    expect(claimed.status).toBe(200);
    const replay = await post(`${api}/v1/listings/${id}/claim`, {
      email: "thief@example.com",
      claim_secret: owner.claim_secret,
    });
    expect(replay.status).toBe(409);
    const stale = await fetch(`${api}/v1/listings/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-claim-token": created.claim_token },
      body: JSON.stringify({ description: "not yours any more" }),
    });
    expect(stale.status).toBe(401);
    const changes = await json(await fetch(`${api}/v1/changes`));
    expect(JSON.stringify(changes)).toContain("claimed");
  });

  it("2. twenty parallel paid submissions backed by one fee's balance: one payment, one listing", async () => {
    for (let i = 0; i < 5; i++)
      expect((await post(`${api}/v1/listings`, listing(`https://s.redteam.test/free/${i}`))).status).toBe(
        201,
      );
    const payer = localWallet(`redteam-${randomBytes(6).toString("hex")}`);
    await chain.mint(payer.address, 250_000n);
    const before = await chain.balanceOf(chain.wallets.operator.address);
    const pay = payingFetch(chain, payer);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pay(`${api}/v1/listings`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(listing(`https://s.redteam.test/paid/${i}`)),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const rows = await query<{ n: number }>(
      "SELECT count(*)::int AS n FROM listings WHERE registered_domain = 'redteam.test'",
    );
    expect(rows[0]!.n).toBe(6);
    expect(await chain.balanceOf(chain.wallets.operator.address)).toBe(before + 250_000n);
  });

  it("3. the five-free rule: a burst on a fresh domain gets five, a delete frees nothing", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(`${api}/v1/listings`, listing(`https://burst.redteam2.test/b/${i}`)),
      ),
    );
    const free = answers.filter((a) => a.status === 201);
    expect(free).toHaveLength(5);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(5);
    const one = await json(free[0]!);
    const del = await fetch(`${api}/v1/listings/${one.id}`, {
      method: "DELETE",
      headers: { "x-claim-token": one.claim_token },
    });
    expect(del.status).toBe(200);
    expect(
      (await post(`${api}/v1/listings`, listing("https://burst.redteam2.test/after-delete"))).status,
    ).toBe(402);
  });

  it("4 and 10. a client behind the trusted proxy cannot pose as many: discover and /mcp are throttled per client", async () => {
    // Rotating the left-most X-Forwarded-For entry changes nothing: the proxy's own entry (right) is the client.
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) {
      const res = await fetch(`${api}/v1/discover?q=weather`, {
        headers: { "x-forwarded-for": `10.9.${i}.1, 198.51.100.77` },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(40);
    expect(statuses).toContain(429);
    // Another client (another right-most entry) is not affected.
    const other = await fetch(`${api}/v1/discover?q=weather`, {
      headers: { "x-forwarded-for": "198.51.100.78" },
    });
    expect(other.status).toBe(200);
    // A batch over 20 messages is refused before anything runs (services/mcp README).
    const batch = await fetch(mcp, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(
        Array.from({ length: 50 }, (_, i) => ({
          jsonrpc: "2.0",
          id: i,
          method: "tools/call",
          params: { name: "find_paid_service", arguments: { query: "weather" } },
        })),
      ),
    });
    expect(batch.status).toBe(400);
    let limited = false;
    for (let i = 0; i < 45 && !limited; i++) {
      const res = await fetch(mcp, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/list" }),
      });
      limited = res.status === 429;
    }
    expect(limited).toBe(true);
  });

  it("5. paid but not answered: a settlement that outlives its bound answers 502; the same payment then gets the answer, charged once", async () => {
    const slow = String(slowApi.ready.url);
    const id = (await json(await post(`${api}/v1/listings`, listing(demo.sellers["with-sample"].url)))).id;
    const url = `${slow}/v1/listings/${id}/verdict`;
    const header = await signPaymentFor(chain, chain.wallets.buyers[2]!, url);
    const before = await chain.balanceOf(chain.wallets.operator.address);
    const first = await fetch(url, { headers: { "payment-signature": header } });
    // 502 unless the chain already showed the transfer when the 1 ms bound passed (then the answer itself).
    expect([502, 200]).toContain(first.status);
    if (first.status === 502) expect((await json(first)).verdict).toBeUndefined();
    // The retry reaches the other replica: the kept answer is the same wherever it is asked.
    await sleep(300);
    const again = await fetch(`${api}/v1/listings/${id}/verdict`, {
      headers: { "payment-signature": header },
    });
    expect(again.status).toBe(200);
    const verdict = await json(again);
    const third = await fetch(url, { headers: { "payment-signature": header } });
    expect(await json(third)).toEqual(verdict);
    expect(await chain.balanceOf(chain.wallets.operator.address)).toBe(before + 5000n);
    const attestation = await fetch(verdict.verification.attestation_url);
    expect(attestation.status).toBe(200);

    // A payer who never comes back: the reconciler job records the settlement from the chain on its own.
    const lost = await signPaymentFor(chain, chain.wallets.buyers[3]!, url);
    expect([502, 200]).toContain((await fetch(url, { headers: { "payment-signature": lost } })).status);
    let status = "";
    for (let i = 0; i < 40 && status !== "settled"; i++) {
      await sleep(250);
      const rows = await query<{ status: string }>(
        "SELECT status FROM payments WHERE route = 'verdict' ORDER BY created_at DESC LIMIT 1",
      );
      status = rows[0]?.status ?? "";
    }
    expect(status).toBe("settled");
  });
});
