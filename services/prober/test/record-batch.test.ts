import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import {
  changedColumns,
  createListing,
  type ProbeOutcome,
  recordProbe,
  recordProbes,
  sameValue,
  validateSubmission,
} from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// recordProbes (one transaction per batch, as the prober writes) must leave exactly what recording the
// same probes one by one leaves: same listing rows, same probe rows, same status changes.

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

async function listings(prefix: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const prepared = await validateSubmission(
      tdb.db,
      {
        name: `${prefix}-${i}`,
        description: "batch test",
        endpoint_url: `https://${prefix}-${i}.example.com/x`,
        category: "data.other",
        price_amount: 0.01,
      },
      { checkHost: async () => ({ ok: true }), allowHttp: true },
    );
    ids.push((await createListing(tdb.db, prepared)).id);
  }
  return ids;
}

const PAY_TO = ["0x1111111111111111111111111111111111111111", "0x2222222222222222222222222222222222222222"];

/** Listing i's k-th probe: a mix of passes (x402 and MPP challenges, payTo changes) and failures. */
function outcome(listingId: string, i: number, k: number): ProbeOutcome {
  const at = new Date(Date.UTC(2026, 10, 20, 0, k * 15 + i));
  const passed = (i + k) % 4 !== 3 && !(i === 0 && k >= 2);
  return {
    listingId,
    slot: 1000 + k,
    at,
    passed,
    failureReason: passed ? null : k % 2 ? "server_error" : "timeout",
    httpStatus: passed ? 402 : k % 2 ? 500 : null,
    latencyMs: 10 + ((i * 7 + k * 13) % 50),
    verifiedVia: passed ? "GET" : null,
    sampleOk: k % 3 === 0 ? null : k % 3 === 1,
    challenge: passed
      ? {
          x402Version: 2,
          protocols: i % 2 ? ["x402", "mpp"] : ["x402"],
          transport: "header",
          scheme: "exact",
          network: "eip155:8453",
          asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          payTo: PAY_TO[(i + (k > 4 ? 1 : 0)) % 2]!,
          acceptsCount: 1,
          acceptsIndex: 0,
          amountAtomic: String(10000 + (k > 6 ? 1 : 0)),
          amountUsd: 0.01,
          domainName: "USD Coin",
          domainVersion: "2",
          mppMethods: i % 2 ? ["tempo"] : null,
          mppOffers: i % 2 ? [{ method: "tempo", amount: "10000" }] : null,
          headerBytes: 400,
          testnet: false,
          payToSentinel: false,
        }
      : null,
    detail: { get: { status: passed ? 402 : 500 } },
  };
}

const IGNORED = new Set([
  "id",
  "name",
  "endpoint_url",
  "endpoint_canonical",
  "host",
  "search_tsv",
  "created_at",
  "updated_at",
]);
// Probes are dated 2026-11-20; anything later was stamped when the test made the listing.
const PROBED_BEFORE = Date.UTC(2026, 10, 21);
const made = (v: unknown) => (v instanceof Date && v.getTime() > PROBED_BEFORE ? "at creation" : v);
async function state(ids: string[]) {
  const rows = await tdb.db.selectFrom("listings").selectAll().where("id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(
    ids.map(async (id) => {
      const row = Object.fromEntries(
        Object.entries(byId.get(id)!)
          .filter(([k]) => !IGNORED.has(k))
          .map(([k, v]) => [k, made(v)]),
      );
      const probes = await tdb.db
        .selectFrom("probes")
        .select(["slot", "at", "outcome", "failure_reason", "latency_ms", "pay_to", "detail"])
        .where("listing_id", "=", id)
        .orderBy("slot")
        .execute();
      const changes = await tdb.db
        .selectFrom("status_changes")
        .select(["from_status", "to_status", "reasons", "at"])
        .where("listing_id", "=", id)
        .orderBy("id")
        .execute();
      return { row, probes, changes: changes.map((c) => ({ ...c, at: made(c.at) })) };
    }),
  );
}

describe("recordProbes", () => {
  it("leaves what recording one by one leaves, with redeliveries and a listing twice in a batch", async () => {
    const N = 6;
    const ROUNDS = 24;
    const one = await listings("one", N);
    const many = await listings("many", N);
    const seqResults = [];
    for (let k = 0; k < ROUNDS; k++)
      for (let i = 0; i < N; i++) seqResults.push(await recordProbe(tdb.db, outcome(one[i]!, i, k)));
    // Batches of uneven size; each batch repeats its first probe (a redelivered job) and, once, holds two
    // probes of one listing in order.
    const all = Array.from({ length: ROUNDS }, (_, k) =>
      Array.from({ length: N }, (_, i) => outcome(many[i]!, i, k)),
    ).flat();
    const batchResults = [];
    for (let start = 0; start < all.length; ) {
      const size = 1 + (start % 11);
      const batch = all.slice(start, start + size);
      const results = await recordProbes(tdb.db, [...batch, batch[0]!]);
      expect(results.at(-1)).toEqual({ recorded: false });
      batchResults.push(...results.slice(0, -1));
      start += size;
    }
    expect(batchResults).toEqual(seqResults);
    expect(seqResults.some((r) => r.recorded && r.statusChange)).toBe(true);
    expect(await state(many)).toEqual(await state(one));
  });

  it("skips delisted and unknown listings and records the rest", async () => {
    const [a, b] = await listings("skip", 2);
    await tdb.db.updateTable("listings").set({ status: "delisted" }).where("id", "=", b!).execute();
    const results = await recordProbes(tdb.db, [
      outcome(a!, 0, 0),
      outcome(b!, 1, 0),
      outcome("lst_nope", 2, 0),
    ]);
    expect(results.map((r) => r.recorded)).toEqual([true, false, false]);
  });

  it("writes only changed columns and leaves exactly the rows that writing every column leaves", async () => {
    const N = 4;
    const ROUNDS = 20;
    const full = await listings("full", N);
    const changed = await listings("changed", N);
    // Terms that change and change back (payTo, domain, offers in another key order, flags), so a column left
    // out as unchanged when it was not would show as a difference.
    const flipping = (id: string, i: number, k: number): ProbeOutcome => {
      const o = outcome(id, i, k);
      if (!o.challenge) return o;
      const flip = (k + i) % 3 === 1;
      return {
        ...o,
        sampleOk: k % 5 === 0 ? null : flip,
        challenge: {
          ...o.challenge,
          payTo: PAY_TO[flip ? 1 : 0]!,
          domainName: flip ? "USDC" : "USD Coin",
          headerBytes: 400 + (k % 2),
          testnet: flip,
          acceptsIndex: flip ? null : 0,
          protocols: flip ? ["x402", "mpp"] : ["x402"],
          mppMethods: flip ? null : ["tempo", "stripe"],
          mppOffers: flip
            ? [{ method: "tempo", amount: "10000" }]
            : [{ amount: "10000", method: "tempo", recipient: null }],
        },
      };
    };
    const selfPayTos = new Set([PAY_TO[1]!]);
    for (let k = 0; k < ROUNDS; k++) {
      const at = (ids: string[]) => ids.map((id, i) => flipping(id, i, k));
      const a = await recordProbes(tdb.db, at(full), { writeUnchanged: true, selfPayTos });
      const b = await recordProbes(tdb.db, at(changed), { selfPayTos });
      expect(b).toEqual(a);
      expect(await state(changed)).toEqual(await state(full));
    }
  });
});

describe("changedColumns", () => {
  const t0 = new Date(Date.UTC(2026, 10, 20));
  it.each([
    ["the same number", 0.5, 0.5, true],
    ["another number", 0.5, 0.6, false],
    ["null and a value", null, 0, false],
    ["a value and null", "a", null, false],
    ["the same instant", new Date(t0), new Date(t0), true],
    ["another instant", t0, new Date(t0.getTime() + 1), false],
    ["a date and its string", t0, t0.toISOString(), false],
    ["equal arrays", ["x402", "mpp"], ["x402", "mpp"], true],
    ["arrays in another order", ["x402", "mpp"], ["mpp", "x402"], false],
    ["a shorter array", ["x402"], ["x402", "mpp"], false],
    ["equal objects", [{ method: "tempo" }], [{ method: "tempo" }], true],
    ["objects with another value", [{ method: "tempo" }], [{ method: "stripe" }], false],
    ["an array and an object", [], {}, false],
    ["a number and its string", 1, "1", false],
  ])("%s: same = %s", (_name, next, prev, same) => {
    expect(sameValue(next, prev)).toBe(same);
    expect(changedColumns({ c: prev }, { c: next })).toEqual(same ? {} : { c: next });
  });

  it("always writes a column the row before does not hold, and never an unset one", () => {
    expect(changedColumns({ score: 1 }, { score: 1, next_check_by: t0, sample_ok: undefined })).toEqual({
      next_check_by: t0,
    });
  });
});
