import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { createListing, type DueProbe, leaseDueProbes, validateSubmission } from "@tollgate/registry";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { leaseInChunks } from "../src/worker.js";

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterEach(async () => {
  await tdb.db.deleteFrom("status_changes").execute();
  await tdb.db.deleteFrom("claim_credentials").execute();
  await tdb.db.deleteFrom("listings").execute();
});
afterAll(() => tdb.drop());

/** `n` listings, all due now. */
async function due(n: number, prefix: string) {
  for (let i = 0; i < n; i++) {
    const prepared = await validateSubmission(
      tdb.db,
      {
        name: `${prefix}-${i}`,
        description: "lease test",
        endpoint_url: `https://${prefix}-${i}.example.com/x`,
        category: "data.other",
        price_amount: 0.01,
      },
      { checkHost: async () => ({ ok: true }), allowHttp: true },
    );
    await createListing(tdb.db, prepared);
  }
  await tdb.db
    .updateTable("listings")
    .set({ next_check_by: new Date(Date.now() - 60_000), lease_until: null })
    .execute();
}

describe("a scheduler tick leases in chunks", () => {
  it("the first chunk is enqueued before the rest is leased; chunks double up to the tick's limit", async () => {
    await due(30, "chunks");
    const events: string[] = [];
    const enqueued: DueProbe[] = [];
    const r = await leaseInChunks(
      async (limit) => {
        const got = await leaseDueProbes(tdb.db, { limit, leaseS: 300 });
        events.push(`lease ${limit} → ${got.length}`);
        return got;
      },
      async (d) => {
        events.push(`enqueue ${d.length}`);
        enqueued.push(...d);
        return Math.ceil(d.length / 2);
      },
      { limit: 25, first: 4 },
    );
    expect(events).toEqual([
      "lease 4 → 4",
      "enqueue 4",
      "lease 8 → 8",
      "enqueue 8",
      "lease 13 → 13", // 16, capped at what is left of the tick's 25
      "enqueue 13",
    ]);
    expect(r).toEqual({ enqueued: 25, jobs: 2 + 4 + 7, leases: 3 });
    // Each listing leased once; the 5 past the tick's limit are left due for the next tick.
    expect(new Set(enqueued.map((d) => d.listingId)).size).toBe(25);
    const leased = await tdb.db.selectFrom("listings").select("lease_until").execute();
    expect(leased.filter((l) => l.lease_until !== null)).toHaveLength(25);
    expect(await leaseDueProbes(tdb.db, { limit: 100, leaseS: 300 })).toHaveLength(5);
  });

  it("stops at a short chunk (nothing more due) and leases nothing when nothing is due", async () => {
    await due(6, "short");
    const leases: number[] = [];
    const lease = async (limit: number) => {
      leases.push(limit);
      return leaseDueProbes(tdb.db, { limit, leaseS: 300 });
    };
    const enqueue = async (d: DueProbe[]) => d.length;
    expect(await leaseInChunks(lease, enqueue, { limit: 500, first: 4 })).toEqual({
      enqueued: 6,
      jobs: 6,
      leases: 2,
    });
    expect(leases).toEqual([4, 8]);
    expect(await leaseInChunks(lease, enqueue, { limit: 500, first: 4 })).toEqual({
      enqueued: 0,
      jobs: 0,
      leases: 1,
    });
  });
});
