import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createDb, type Db } from "@tollgate/db";
import {
  type Chain,
  localWallet,
  payingClient,
  type RunningService,
  startChain,
  type Wallet,
} from "@tollgate/devnet";
import { wrapFetchWithPayment } from "@x402/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// Drill: the api SIGKILLed while buyers are paying, at the worst moment. The facilitator's RPC goes through a
// proxy of this test's: in the first group the settlement is broadcast and mined, and the node's answer is
// held, so the api has taken the money but neither recorded it nor answered; in the second group the
// broadcast never reaches the node. The api is killed with all of them in flight, and a fresh process is
// started (nothing done by hand). Every payment that moved USDC is recorded once and its payer, presenting
// the same PAYMENT-SIGNATURE again, gets the answer without paying twice; the others charge and leave nothing.
let chain: Chain;
let world: World;
let db: Db;
let proxy: RpcProxy;

const VERDICT = 5_000n;
const SUBMISSION = 250_000n;
// Bound on a settlement call: the kill comes well within it, so no settlement outcome is decided before it.
const SETTLE_TIMEOUT_MS = 8000;

type Mode = "pass" | "hold" | "swallow";
interface RpcProxy {
  url: string;
  mode: Mode;
  /** Broadcasts sent to the node whose answer was held (mined, the api never told). */
  held: string[];
  /** Broadcasts never sent to the node. */
  swallowed: string[];
  close(): Promise<void>;
}

const SENDS = new Set(["eth_sendRawTransactionSync", "eth_sendRawTransaction"]);

/** A JSON-RPC proxy in front of anvil whose broadcasts can be let through, held after the node answered, or dropped. */
async function startRpcProxy(target: string): Promise<RpcProxy> {
  const state: RpcProxy = {
    url: "",
    mode: "pass",
    held: [],
    swallowed: [],
    close: async () => undefined,
  };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let s = "";
      req.on("data", (c: Buffer) => {
        s += c.toString();
      });
      req.on("end", () => resolve(s));
      req.on("error", reject);
    });
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const body = await read(req);
    let method = "";
    try {
      const parsed = JSON.parse(body) as { method?: string };
      method = Array.isArray(parsed) ? "" : String(parsed.method ?? "");
    } catch {
      // forwarded as is
    }
    const mode = state.mode;
    if (SENDS.has(method) && mode === "swallow") {
      state.swallowed.push(body);
      return; // never answered, never sent
    }
    try {
      const upstream = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const text = await upstream.text();
      if (SENDS.has(method) && mode === "hold") {
        state.held.push(text);
        return; // mined; the answer is never handed over
      }
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(text);
    } catch (err) {
      res.writeHead(502);
      res.end(String(err));
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}

async function until<T>(what: string, check: () => Promise<T | false> | T | false, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  chain = await startChain();
  proxy = await startRpcProxy(chain.rpcUrl);
  // Minted before the api runs: the chain's minter is the facilitator's wallet (its nonces are the api's).
  for (let i = 0; i < 4; i++) await chain.mint(localWallet(`drill-api-${i}`).address, 1_000_000n);
  world = createWorld({
    SSRF_ALLOW_HOSTS: "s.apidrill.test=203.0.113.9",
    OPERATOR_PAY_TO: chain.wallets.operator.address,
    FACILITATOR_RPC_URL: proxy.url,
    FACILITATOR_PRIVATE_KEY: chain.wallets.facilitator.privateKey,
    // The chain as the seller reads it to decide payments: straight to the node.
    CHAIN_RPC_URL: chain.rpcUrl,
    SIGNING_KEY_FILE: `/tmp/tollgate-e2e-apidrill-key-${process.pid}.json`,
    SETTLE_TIMEOUT_MS: String(SETTLE_TIMEOUT_MS),
    PAYMENTS_RECONCILE_EVERY_MS: "1000",
    SEMANTIC_SEARCH: "false",
  });
  db = createDb(world.databaseUrl, { max: 2 });
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await world?.stop();
  await proxy?.close();
  await chain?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();
const listing = (path: string) => ({
  name: `Drill forecast ${path}`,
  description: "Hourly weather forecast for a city, paid per call",
  endpoint_url: `https://s.apidrill.test/v1/${path}`,
  category: "data.weather",
  price_amount: 0.002,
});

/** One buyer paying with the official client; the PAYMENT-SIGNATURE it sent is kept for its retry. */
interface Buyer {
  wallet: Wallet;
  kind: "verdict" | "submission";
  url: string;
  init: RequestInit;
  price: bigint;
  header?: string;
  answer: Promise<Response | Error>;
  settled?: boolean;
}
function pay(wallet: Wallet, kind: Buyer["kind"], url: string, init: RequestInit = {}): Buyer {
  const buyer = { wallet, kind, url, init, price: kind === "verdict" ? VERDICT : SUBMISSION } as Buyer;
  const spy = async (input: string | URL | Request, i?: RequestInit) => {
    const req = new Request(input, i);
    const sig = req.headers.get("payment-signature");
    if (sig) buyer.header = sig;
    return fetch(req);
  };
  buyer.answer = wrapFetchWithPayment(spy as typeof fetch, payingClient(chain, wallet))(url, init).catch(
    (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
  );
  return buyer;
}
const submission = (path: string): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(listing(path)),
});
/** The same request again with the same payment, from the same client, to whichever api runs now. */
const retry = (b: Buyer, base: string) =>
  fetch(b.url.replace(/^http:\/\/[^/]+/, base), {
    ...b.init,
    headers: { ...(b.init.headers as Record<string, string>), "payment-signature": b.header! },
  });

describe("drill: the api SIGKILLed while buyers pay", () => {
  it("every settled payment is recorded once and answered on retry, charged once; the rest charge and leave nothing", async () => {
    const killed: RunningService = await world.start("api");
    let api = killed;
    let base = world.url("api");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/v1/listings`, submission(`free/${i}`));
      expect(res.status).toBe(201);
      ids.push((await json(res)).id);
    }
    const verdictUrl = `${base}/v1/listings/${ids[0]}/verdict`;
    // A paid verdict before the drill: the facilitator has sent once, as a running api has.
    const warm = pay(localWallet("drill-api-0"), "verdict", verdictUrl);
    expect(((await warm.answer) as Response).status).toBe(200);

    const w = chain.wallets.buyers;
    const before = new Map<string, bigint>();
    for (const x of [...w, localWallet("drill-api-1"), localWallet("drill-api-2")])
      before.set(x.address, await chain.balanceOf(x.address));

    // Group 1: broadcast and mined, the api never hears back.
    proxy.mode = "hold";
    const landed = [
      pay(w[0]!, "verdict", verdictUrl),
      pay(w[1]!, "verdict", verdictUrl),
      pay(w[2]!, "submission", `${base}/v1/listings`, submission("paid/landed")),
    ];
    await until("three settlements mined and held", () => proxy.held.length >= 3 || false, 30_000);
    // Group 2: the broadcast never reaches the chain.
    proxy.mode = "swallow";
    const lost = [
      pay(w[3]!, "verdict", verdictUrl),
      pay(localWallet("drill-api-1"), "verdict", verdictUrl),
      pay(w[4]!, "submission", `${base}/v1/listings`, submission("paid/lost")),
    ];
    await until("three broadcasts dropped", () => proxy.swallowed.length >= 3 || false, 30_000);
    expect(proxy.held).toHaveLength(3);
    for (const h of proxy.held) expect(JSON.parse(h).result?.status).toBe("0x1");

    // Nobody has been answered: every payment is in flight when the api dies.
    const pending = Symbol("pending");
    for (const b of [...landed, ...lost])
      expect(await Promise.race([b.answer, new Promise((r) => setImmediate(() => r(pending)))])).toBe(
        pending,
      );
    expect(await api.stop("SIGKILL")).toBe(null);
    proxy.mode = "pass";
    for (const b of [...landed, ...lost]) {
      expect(b.header).toBeTruthy();
      expect(await b.answer).toBeInstanceOf(Error); // the connection dropped; nothing was answered
    }
    // The chain: group 1 paid exactly once each, group 2 nothing.
    for (const b of landed)
      expect(await chain.balanceOf(b.wallet.address)).toBe(before.get(b.wallet.address)! - b.price);
    for (const b of lost) expect(await chain.balanceOf(b.wallet.address)).toBe(before.get(b.wallet.address)!);

    // A fresh process. The verdict payers present their same payment for their same request until answered
    // (409 payment_in_progress while the killed request's lease runs). The submission's payer comes back only
    // once the reconciler has recorded its fee from the chain and published the listing, which nobody saw.
    api = await world.start("api");
    base = world.url("api");
    const [submitted] = landed.filter((b) => b.kind === "submission");
    await Promise.all(
      landed.map(async (b) => {
        if (b === submitted)
          await until("the reconciler records the paid submission", async () => {
            const row = await db
              .selectFrom("payments")
              .select(["status", "answer_delivered_at"])
              .where("payer", "=", b.wallet.address.toLowerCase())
              .executeTakeFirst();
            return (row?.status === "settled" && row.answer_delivered_at === null) || false;
          });
        const res = await until(
          `the answer for ${b.kind} of ${b.wallet.address}`,
          async () => {
            const r = await retry(b, base);
            return r.status === 409 ? false : r;
          },
          90_000,
        );
        expect(res.headers.get("payment-response")).toBeTruthy();
        const body = await json(res);
        if (b.kind === "verdict") {
          expect(res.status).toBe(200);
          expect(body.verification.jws).toBeTruthy();
          const att = body.verification.attestation_url.replace(/^http:\/\/[^/]+/, base);
          expect((await fetch(att)).status).toBe(200);
          return;
        }
        expect(res.status).toBe(201);
        expect(body.claim_token).toBeTruthy(); // shown once, to its payer, and it works
        const patched = await fetch(`${base}/v1/listings/${body.id}`, {
          method: "PATCH",
          headers: { "content-type": "application/json", "x-claim-token": body.claim_token },
          body: JSON.stringify({ description: "Hourly weather forecast, paid for through a crash" }),
        });
        expect(patched.status).toBe(200);
        const again = await retry(b, base);
        expect(again.status).toBe(201);
        const replayed = await json(again);
        expect(replayed.id).toBe(body.id);
        expect(replayed.claim_token ?? null).toBe(null); // shown once only
      }),
    );

    // The restarted api answers normally: a new buyer's verdict is paid and answered.
    const after = pay(localWallet("drill-api-3"), "verdict", `${base}/v1/listings/${ids[0]}/verdict`);
    expect(((await after.answer) as Response).status).toBe(200);

    // Recorded exactly once: the operator holds exactly the settled prices, each settlement one row.
    await until("the reconciler has decided every lapsed payment", async () => {
      const open = await db
        .selectFrom("payments")
        .select("id")
        .where("status", "in", ["verified", "answered"])
        .execute();
      return open.length === 0;
    });
    const settled = await db
      .selectFrom("payments")
      .select(["payer", "nonce", "amount_atomic", "tx_hash", "route", "listing_id"])
      .where("status", "=", "settled")
      .execute();
    expect(settled).toHaveLength(5); // warm-up, group 1 (3), the new buyer
    expect(new Set(settled.map((s) => s.tx_hash)).size).toBe(5);
    expect(new Set(settled.map((s) => `${s.payer}:${s.nonce}`)).size).toBe(5);
    const total = settled.reduce((n, s) => n + BigInt(Math.round(Number(s.amount_atomic))), 0n);
    expect(await chain.balanceOf(chain.wallets.operator.address)).toBe(total);
    expect(total).toBe(4n * VERDICT + SUBMISSION);
    for (const b of landed)
      expect(settled.some((s) => s.payer === b.wallet.address.toLowerCase())).toBe(true);
    for (const b of lost) {
      expect(settled.some((s) => s.payer === b.wallet.address.toLowerCase())).toBe(false);
      expect(await chain.balanceOf(b.wallet.address)).toBe(before.get(b.wallet.address)!);
    }
    // Nothing left by the lost payments: no listing, no attestation beyond the four paid verdicts.
    const lostListing = await db
      .selectFrom("listings")
      .select("id")
      .where("endpoint_url", "like", "%paid/lost%")
      .execute();
    expect(lostListing).toHaveLength(0);
    const attestations = await db.selectFrom("attestations").select("id").execute();
    expect(attestations).toHaveLength(4);

    // Nothing answered 500 by either process.
    const logs = [...killed.logs, ...api.logs].join("");
    expect(logs).not.toMatch(/"status(Code)?":5\d\d/);
    expect(logs).not.toMatch(/"level":(50|60)/);
  });
});
