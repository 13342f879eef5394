import { type Chain, personalSign, startChain, type Wallet } from "@tollgate/devnet";
import { parseCidrList } from "@tollgate/platform";
import { createTransactionProofReader } from "@tollgate/x402";
import { sql } from "kysely";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveTestApi, startTestApi, type TestApi, validListing } from "./helpers.js";

// An attacker against POST /v1/reports, over real HTTP against the local chain: transfers that are not a
// USDC payment to the listing (a look-alike token, a reverted transfer, an unmined one, a payment to another
// listing's payTo), one transaction reported twice, raced, and raced across two listings, a delisted
// listing, hostile bodies; and that one wallet cannot inflate the figures a report moves.
let chain: Chain;
let t: TestApi;
let server: Awaited<ReturnType<typeof serveTestApi>>;
const LOOKALIKE = "0x000000000000000000000000000000000000dead";
const seller = (i: number) => chain.wallets.sellers[i]!.address.toLowerCase();

const rpc = (method: string, params: unknown[], on: Chain = chain) =>
  on.publicClient.request({ method, params } as never) as Promise<unknown>;
const word = (x: string | bigint) =>
  (typeof x === "bigint" ? x.toString(16) : x.replace(/^0x/, "")).padStart(64, "0");

/** A plain ERC-20 call sent from `from` (anvil impersonation); its transaction hash. */
async function send(from: string, to: string, data: string, gas?: string): Promise<string> {
  await rpc("anvil_impersonateAccount", [from]);
  const hash = (await rpc("eth_sendTransaction", [{ from, to, data, ...(gas ? { gas } : {}) }])) as string;
  return hash.toLowerCase();
}
const transfer = (from: Wallet, to: string, atomic: bigint, token: string = chain.usdc, gas?: string) =>
  send(from.address, token, `0xa9059cbb${word(to)}${word(atomic)}`, gas);

const message = (id: string, tx: string, ok: boolean) =>
  `tollgate report v1\nlisting_id: ${id}\ntx_hash: ${tx.toLowerCase()}\nok: ${ok}`;
const signed = async (w: Wallet, id: string, tx: string, ok = true) => ({
  listing_id: id,
  ok,
  tx_hash: tx,
  payer_signature: await personalSign(w, message(id, tx, ok)),
});

let ip = 0;
/**
 * POST /v1/reports over HTTP. 127.0.0.1 is the trusted proxy: each call comes from its own forwarded client
 * address. With `untrusted`, the call comes from 127.0.0.2, a peer whose X-Forwarded-For is not believed.
 */
const untrustedPeer = new Agent({ localAddress: "127.0.0.2" });
const post = (body: unknown, headers: Record<string, string> = {}, untrusted = false) =>
  undiciFetch(`${server.base}/v1/reports`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `198.51.${Math.floor(ip / 250)}.${ip++ % 250}`,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...(untrusted ? { dispatcher: untrustedPeer } : {}),
  }) as unknown as Promise<Response>;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (r: Response): Promise<any> => r.json();
const reports = () => t.tdb.db.selectFrom("outcome_reports").selectAll().orderBy("created_at").execute();
const figures = (id: string) =>
  t.tdb.db
    .selectFrom("listings")
    .select(["report_payers", "report_payers_ok", "report_last_at", "ranking_score", "score"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

async function listed(payTo: string, score = 0.9): Promise<string> {
  const n = Math.random().toString(36).slice(2, 10);
  const res = await t.req(
    "POST",
    "/v1/listings",
    validListing({ endpoint_url: `https://pub-${n}.example${n}.com/v1/weather` }),
  );
  const id = (await res.json()).id as string;
  await t.tdb.db
    .updateTable("listings")
    .set({ status: "verified", score, probe_count: 20, probes_passed: 20, obs_pay_to: payTo })
    .where("id", "=", id)
    .execute();
  return id;
}

beforeAll(async () => {
  chain = await startChain();
  // The same token code at another address: its Transfer logs look exactly like USDC's.
  await rpc("anvil_setCode", [LOOKALIKE, await rpc("eth_getCode", [chain.usdc, "latest"])]);
  t = await startTestApi({
    reports: { proof: createTransactionProofReader(chain.rpcUrl), usdc: chain.usdc },
    trustedProxies: parseCidrList("127.0.0.1"),
  });
  server = await serveTestApi(t);
});
afterAll(async () => {
  server?.server.close();
  await untrustedPeer.close();
  await t?.tdb.drop();
  await chain?.stop();
});

describe("a report proves a USDC payment to the listing's live payTo, or records nothing", () => {
  it("a dust transfer is no purchase: under half the listing's USDC price is 400 and moves nothing; half is a report", async () => {
    const a = await listed(seller(10));
    await t.tdb.db
      .updateTable("listings")
      .set({ obs_asset: chain.usdc, amount_atomic: "10000", amount_usd: 0.01 })
      .where("id", "=", a)
      .execute();
    const before = await figures(a);
    // Three wallets, a millionth of a dollar each: what a sybil would spend to move a competitor's ranking.
    for (const payer of chain.wallets.buyers.slice(0, 3)) {
      const dust = await transfer(payer, seller(10), 4_999n);
      const r = await post(await signed(payer, a, dust, false));
      expect(r.status).toBe(400);
      expect(await json(r)).toMatchObject({
        error: "validation_failed",
        message: expect.stringMatching(/pays 0\.004999 USDC .* under half its price per call \(0\.01 USDC\)/),
      });
    }
    expect(await figures(a)).toEqual(before);
    expect((await reports()).filter((r) => r.listing_id === a)).toHaveLength(0);
    const paid = await transfer(chain.wallets.buyers[3]!, seller(10), 5_000n);
    expect((await post(await signed(chain.wallets.buyers[3]!, a, paid))).status).toBe(201);
    expect((await figures(a)).report_payers).toBe(1);
  });

  it("a look-alike token, a reverted transfer, an unmined one and a payment to another payTo are 400 with message_to_sign", async () => {
    const a = await listed(seller(0));
    const payer = chain.wallets.buyers[0]!;
    const before = await reports();
    // The same Transfer event from a contract that is not USDC.
    await send(payer.address, LOOKALIKE, `0x40c10f19${word(payer.address)}${word(10n ** 9n)}`);
    const fake = await transfer(payer, seller(0), 10_000n, LOOKALIKE);
    const r1 = await post(await signed(payer, a, fake));
    expect(r1.status).toBe(400);
    expect(await json(r1)).toMatchObject({
      error: "validation_failed",
      message: expect.stringMatching(/no USDC transfer from the signing wallet/),
      message_to_sign: message(a, fake, true),
    });
    // A USDC transfer that reverted (more than the payer holds), mined with its gas given.
    const reverted = await transfer(payer, seller(0), 10n ** 15n, chain.usdc, "0x30000");
    const r2 = await post(await signed(payer, a, reverted));
    expect(r2.status).toBe(400);
    expect(await json(r2)).toMatchObject({
      error: "validation_failed",
      message: "tx_hash: the transaction reverted; it paid nothing",
    });
    // A payment to another seller's address.
    const elsewhere = await transfer(payer, seller(1), 10_000n);
    const r3 = await post(await signed(payer, a, elsewhere));
    expect(r3.status).toBe(400);
    expect((await json(r3)).message).toContain(`live payTo ${seller(0)}`);
    // A real payment not mined yet: unknown to the chain, nothing recorded; once mined it is reportable.
    await rpc("evm_setAutomine", [false]);
    let pending = "";
    try {
      pending = await transfer(payer, seller(0), 10_000n);
      const r4 = await post(await signed(payer, a, pending));
      expect(r4.status).toBe(400);
      expect((await json(r4)).message).toMatch(/^tx_hash: no such transaction on Base/);
    } finally {
      await rpc("evm_setAutomine", [true]);
      await rpc("evm_mine", []);
    }
    expect(await reports()).toEqual(before);
    expect(await figures(a)).toMatchObject({ report_payers: 0, report_payers_ok: 0, report_last_at: null });
    const mined = await post(await signed(payer, a, pending));
    expect(mined.status).toBe(201);
    expect(await json(mined)).toMatchObject({ listing_id: a, tx_hash: pending, amount_usdc: 0.01 });
  });

  it("a real USDC payment to the payTo on another chain is unknown to this one: 400, nothing recorded", async () => {
    const a = await listed(seller(0));
    const payer = chain.wallets.buyers[3]!;
    const other = await startChain();
    let tx = "";
    try {
      await rpc("anvil_impersonateAccount", [payer.address], other);
      tx = String(
        await rpc(
          "eth_sendTransaction",
          [{ from: payer.address, to: other.usdc, data: `0xa9059cbb${word(seller(0))}${word(10_000n)}` }],
          other,
        ),
      ).toLowerCase();
      // Real on the other chain (mined there; a loaded machine may take a moment to show its receipt).
      const reader = createTransactionProofReader(other.rpcUrl);
      let proof = await reader.read(tx);
      for (let i = 0; i < 50 && !proof.found; i++) {
        await new Promise((r) => setTimeout(r, 100));
        proof = await reader.read(tx);
      }
      expect(proof).toMatchObject({ found: true, success: true });
    } finally {
      await other.stop();
    }
    const r = await post(await signed(payer, a, tx));
    expect(r.status).toBe(400);
    expect(await json(r)).toMatchObject({
      error: "validation_failed",
      message: "tx_hash: no such transaction on Base (if it was just sent, retry once it is mined)",
      message_to_sign: message(a, tx, true),
    });
    expect((await reports()).filter((x) => x.tx_hash === tx)).toEqual([]);
  });

  it("a payer paying itself, or the payTo signing its own incoming payment, is not a report", async () => {
    const payer = chain.wallets.buyers[1]!;
    const self = await listed(payer.address.toLowerCase());
    const tx = await transfer(payer, payer.address, 10_000n);
    const r = await post(await signed(payer, self, tx));
    expect(r.status).toBe(400);
    expect((await json(r)).message).toMatch(/no USDC transfer from the signing wallet/);
    // The seller (payTo) signs a report of a payment it received.
    const a = await listed(seller(2));
    const paid = await transfer(payer, seller(2), 10_000n);
    const bySeller = await post(await signed(chain.wallets.sellers[2]!, a, paid));
    expect(bySeller.status).toBe(400);
    expect(await figures(a)).toMatchObject({ report_payers: 0 });
    expect(await figures(self)).toMatchObject({ report_payers: 0 });
  });
});

describe("each transaction is reportable once", () => {
  it("eight concurrent reports of one transaction record one; its upper-case spelling later is refused", async () => {
    const a = await listed(seller(3));
    const payer = chain.wallets.buyers[2]!;
    const tx = await transfer(payer, seller(3), 10_000n);
    const body = await signed(payer, a, tx);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(body)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of answers.filter((x) => x.status === 400))
      expect((await json(r)).message).toBe(
        "tx_hash: this transaction was already reported (each transaction is reportable once)",
      );
    const upper = `0x${tx.slice(2).toUpperCase()}`;
    const again = await post({ ...(await signed(payer, a, upper, false)), tx_hash: upper });
    expect(again.status).toBe(400);
    expect((await json(again)).message).toMatch(/already reported/);
    const rows = (await reports()).filter((r) => r.listing_id === a);
    expect(rows.map((r) => [r.tx_hash, r.ok])).toEqual([[tx, true]]);
    expect(await figures(a)).toMatchObject({ report_payers: 1, report_payers_ok: 1 });
  });

  it("one transaction raced across two listings sharing the payTo is recorded for one of them only", async () => {
    const a = await listed(seller(4));
    const b = await listed(seller(4));
    const payer = chain.wallets.buyers[3]!;
    const tx = await transfer(payer, seller(4), 10_000n);
    const [ra, rb] = await Promise.all([post(await signed(payer, a, tx)), post(await signed(payer, b, tx))]);
    expect([ra.status, rb.status].sort()).toEqual([201, 400]);
    const rows = (await reports()).filter((r) => r.tx_hash === tx);
    expect(rows).toHaveLength(1);
    const [fa, fb] = [await figures(a), await figures(b)];
    expect(fa.report_payers + fb.report_payers).toBe(1);
  });

  it("a delisted or unknown listing is 404 and records nothing", async () => {
    const a = await listed(seller(5));
    await t.tdb.db.updateTable("listings").set({ status: "delisted" }).where("id", "=", a).execute();
    const payer = chain.wallets.buyers[4]!;
    const tx = await transfer(payer, seller(5), 10_000n);
    const r = await post(await signed(payer, a, tx));
    expect(r.status).toBe(404);
    expect(await json(r)).toMatchObject({ error: "not_found" });
    const ghost = "lst_ffffffffffffffffffff";
    const u = await post(await signed(payer, ghost, tx));
    expect(u.status).toBe(404);
    expect((await reports()).filter((x) => x.tx_hash === tx)).toEqual([]);
  });
});

describe("the figures a report moves cannot be inflated by one wallet", () => {
  it("one payer's many payments count once; its latest report is its voice; ranking waits for three payers", async () => {
    const a = await listed(seller(6), 0.9);
    const payer = chain.wallets.buyers[0]!;
    for (const ok of [false, false, false, true]) {
      const tx = await transfer(payer, seller(6), 10_000n);
      const r = await post(await signed(payer, a, tx, ok));
      expect(r.status).toBe(201);
      expect(await json(r)).toMatchObject({ distinct_payers: 1, affects_ranking: false });
    }
    expect(await figures(a)).toMatchObject({ report_payers: 1, report_payers_ok: 1, ranking_score: 0.9 });
    const d = await json(await fetch(`${server.base}/v1/listings/${a}`));
    expect(d).toMatchObject({ distinct_payers: 1, score: 0.9 });
    expect(d.report_outcome).toMatchObject({ distinct_payers_reported: 1, distinct_payers_ok: 1 });
  });
});

describe("concurrent reports of distinct payers are all counted", () => {
  it("eight payers reporting one listing at once: distinct_payers is eight, and so is every later read", async () => {
    const payers = [...chain.wallets.buyers, ...chain.wallets.sellers.slice(9, 12)];
    for (const p of chain.wallets.sellers.slice(9, 12)) await chain.mint(p.address, 10n ** 8n);
    for (let round = 0; round < 3; round++) {
      const a = await listed(seller(8));
      const bodies = await Promise.all(
        payers.map(async (p, i) => signed(p, a, await transfer(p, seller(8), 10_000n), i % 2 === 0)),
      );
      const answers = await Promise.all(bodies.map((b) => post(b)));
      expect(answers.map((r) => r.status)).toEqual(payers.map(() => 201));
      expect(await figures(a)).toMatchObject({ report_payers: 8, report_payers_ok: 4 });
    }
  });
});

describe("the listing is read again under its row lock before a report is stored", () => {
  /** Holds the listing's row lock; `change` runs in that transaction once a report waits on it. */
  async function whileReportWaits(
    id: string,
    body: unknown,
    change: (trx: typeof t.tdb.db) => Promise<unknown>,
  ) {
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const released = new Promise<void>((r) => {
      release = r;
    });
    const holder = t.tdb.db.transaction().execute(async (trx) => {
      await trx.selectFrom("listings").select("id").where("id", "=", id).forUpdate().execute();
      locked();
      await released;
      await change(trx as unknown as typeof t.tdb.db);
    });
    await isLocked;
    const pending = post(body);
    for (let i = 0; i < 200; i++) {
      const w = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.tdb.db);
      if ((w.rows[0]?.n ?? 0) > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    release();
    await holder;
    return pending;
  }

  it("a payTo that moved while the chain was read: 400 naming the new one; delisted meanwhile: 404; nothing recorded", async () => {
    const payer = chain.wallets.buyers[4]!;
    const a = await listed(seller(1));
    const tx = await transfer(payer, seller(1), 10_000n);
    const moved = await whileReportWaits(a, await signed(payer, a, tx), (trx) =>
      trx
        .updateTable("listings")
        .set({ obs_pay_to: seller(2) })
        .where("id", "=", a)
        .execute(),
    );
    expect(moved.status).toBe(400);
    expect(await json(moved)).toMatchObject({
      error: "validation_failed",
      message: expect.stringContaining(`to the listing's live payTo ${seller(2)}:`),
      message_to_sign: message(a, tx, true),
    });
    const b = await listed(seller(1));
    const tx2 = await transfer(payer, seller(1), 10_000n);
    const gone = await whileReportWaits(b, await signed(payer, b, tx2), (trx) =>
      trx.updateTable("listings").set({ status: "delisted" }).where("id", "=", b).execute(),
    );
    expect(await json(gone)).toMatchObject({ error: "not_found" });
    expect(gone.status).toBe(404);
    expect((await reports()).filter((x) => x.tx_hash === tx || x.tx_hash === tx2)).toEqual([]);
    expect([(await figures(a)).report_payers, (await figures(b)).report_payers]).toEqual([0, 0]);
  });
});

describe("hostile bodies answer the spec's error body and record nothing", () => {
  it("wrong types, prototype keys, duplicate keys, huge, NUL and unpaired-surrogate text", async () => {
    const a = await listed(seller(7));
    const payer = chain.wallets.buyers[1]!;
    const tx = await transfer(payer, seller(7), 10_000n);
    const good = await signed(payer, a, tx);
    const before = await reports();
    const cases: [unknown, number, string | RegExp][] = [
      [[good], 400, /must be a JSON object/],
      ["null", 400, /must be a JSON object/],
      ['"x"', 400, /must be a JSON object/],
      [{ ...good, ok: "true" }, 400, /ok: required, true or false/],
      [{ ...good, listing_id: 1 }, 400, /listing_id: required/],
      [{ ...good, tx_hash: [tx] }, 400, /tx_hash: required/],
      [{ ...good, payer_signature: { s: 1 } }, 400, /payer_signature: required/],
      [{ ...good, detail: 5 }, 400, /detail: a string/],
      [{ ...good, detail: "é".repeat(501) }, 400, /detail: at most 500 characters/],
      [`{"__proto__":{"ok":true},${JSON.stringify(good).slice(1)}`, 400, /unknown field\(s\) "__proto__"/],
      [{ ...good, constructor: 1 }, 400, /unknown field\(s\) "constructor"/],
      // The last of a duplicated key is the one read, and the signature covers ok: true only.
      [`${JSON.stringify(good).slice(0, -1)},"ok":false}`, 400, /not|no USDC transfer/],
      [{ ...good, detail: "bad\u0000byte" }, 400, /NUL/],
      ["{", 400, "request body is not valid JSON"],
      [JSON.stringify({ ...good, detail: "x".repeat(70 * 1024) }), 413, /request body over/],
    ];
    for (const [body, status, msg] of cases) {
      const r = await post(body);
      const b = await json(r);
      expect([r.status, b.error, b.message], JSON.stringify(body).slice(0, 80)).toEqual([
        status,
        expect.any(String),
        typeof msg === "string" ? msg : expect.stringMatching(msg),
      ]);
    }
    const text = await post(JSON.stringify(good), { "content-type": "text/plain" });
    expect(text.status).toBe(415);
    expect((await json(text)).error).toBe("unsupported_media_type");
    expect(await reports()).toEqual(before);
    expect(await figures(a)).toMatchObject({ report_payers: 0 });
    // The well-formed report still records.
    expect((await post(good)).status).toBe(201);
  });

  it("a detail with an unpaired surrogate is 400 before the chain is read, never stored as U+FFFD", async () => {
    const a = await listed(seller(8));
    const payer = chain.wallets.buyers[2]!;
    const tx = await transfer(payer, seller(8), 10_000n);
    const good = await signed(payer, a, tx);
    for (const detail of ["half \ud800 a pair", "\udc00", "late high \ud83d"]) {
      const r = await post({ ...good, detail });
      expect(r.status).toBe(400);
      expect(await json(r)).toMatchObject({
        error: "validation_failed",
        message: expect.stringMatching(/^detail: must be valid Unicode text .*unpaired surrogate/),
        message_to_sign: message(a, tx, true),
      });
    }
    expect((await reports()).filter((x) => x.tx_hash === tx)).toEqual([]);
    expect(await figures(a)).toMatchObject({ report_payers: 0 });
    // A whole pair is text: recorded as sent.
    const r = await post({ ...good, detail: "ok \ud83d\ude00" });
    expect([r.status, await r.clone().text()]).toEqual([201, expect.anything()]);
    expect((await reports()).find((x) => x.tx_hash === tx)?.detail).toBe("ok \u{1f600}");
  });

  it("30 reports per hour per client: a forwarded address from an untrusted peer does not dodge it", async () => {
    let last: Response | null = null;
    let n = 0;
    for (; n < 40 && last?.status !== 429; n++) last = await post({}, {}, true);
    expect([n, last?.status]).toEqual([31, 429]);
    expect(await json(last as Response)).toMatchObject({ error: "rate_limited" });
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
