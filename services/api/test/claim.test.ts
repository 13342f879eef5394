import { type DemoSellers, startDemoSellers } from "@tollgate/devnet";
import { createListing, validateSubmission } from "@tollgate/registry";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostCheckFromResolver } from "../src/host-check.js";
import { startTestApi, TEST_DNS, type TestApi } from "./helpers.js";
import { createTestResolver } from "./resolver.js";

let demo: DemoSellers;
let t: TestApi;
/** While set, an edit's host check of this host waits here: the window between its token check and its write. */
let held: { host: string; entered: () => void; release: Promise<void> } | null = null;
const hostCheck = hostCheckFromResolver(createTestResolver(TEST_DNS));
beforeAll(async () => {
  demo = await startDemoSellers({ payTo: "0x1111111111111111111111111111111111111111" });
  t = await startTestApi({
    allowance: demo.allowance,
    allowHttp: true,
    checkHost: async (host) => {
      if (held?.host !== host) return hostCheck(host);
      held.entered();
      await held.release;
      return { ok: true };
    },
  });
});
afterAll(async () => {
  await t.tdb.drop();
  await demo.stop();
});

const control = () => demo.sellers.claimable.control;
async function newListing(path = "") {
  const prepared = await validateSubmission(
    t.tdb.db,
    {
      name: "claim me",
      description: "claimable",
      endpoint_url: `${demo.sellers.claimable.url}${path}`,
      category: "data.other",
      price_amount: 0.01,
    },
    { checkHost: async () => ({ ok: true }), allowHttp: true },
  );
  return createListing(t.tdb.db, prepared);
}
const patchWith = (id: string, token: string) =>
  t.req(
    "PATCH",
    `/v1/listings/${id}`,
    { description: `by ${token.slice(0, 6)}` },
    { "x-claim-token": token },
  );

describe("claim flow", () => {
  it("GET claim explains and issues nothing; 404 for unknown or delisted", async () => {
    const { id, claim_token } = await newListing("?a=1");
    const res = await t.req("GET", `/v1/listings/${id}/claim`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ origin_status: "submitted", challenge_active: false });
    expect(body.instructions).toMatch(/\.well-known\/tollgate-claim/);
    expect(
      await t.tdb.db.selectFrom("claim_challenges").selectAll().where("listing_id", "=", id).execute(),
    ).toHaveLength(0);
    expect((await t.req("GET", "/v1/listings/lst_00000000000000000000/claim")).status).toBe(404);
    await t.req("DELETE", `/v1/listings/${id}`, undefined, { "x-claim-token": claim_token });
    expect((await t.req("GET", `/v1/listings/${id}/claim`)).status).toBe(404);
  });

  it("409 no_challenge, 403 proof_not_found for a wrong token, then 200 with the proof at the well-known path", async () => {
    const { id, claim_token } = await newListing("?b=1");
    const early = await t.req("POST", `/v1/listings/${id}/claim`, { email: "s@example.com" });
    expect(early.status).toBe(409);
    expect((await early.json()).error).toBe("no_challenge");
    const ch = await (await t.req("POST", `/v1/listings/${id}/claim/challenge`)).json();
    expect(ch).toMatchObject({
      valid_for_seconds: 86400,
      token: expect.any(String),
      claim_secret: expect.any(String),
    });
    expect((await (await t.req("GET", `/v1/listings/${id}/claim`)).json()).challenge_active).toBe(true);
    // neither the challenge token nor the claim secret is ever a credential
    expect((await patchWith(id, ch.token)).status).toBe(401);
    expect((await patchWith(id, ch.claim_secret)).status).toBe(401);
    const claimBody = { email: "s@example.com", claim_secret: ch.claim_secret };

    control().claimToken = "not-the-token";
    const wrong = await t.req("POST", `/v1/listings/${id}/claim`, claimBody);
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe("proof_not_found");
    expect((await patchWith(id, claim_token)).status).toBe(200);

    control().claimToken = ch.token;
    control().claimVia = "well-known";
    const ok = await t.req("POST", `/v1/listings/${id}/claim`, claimBody);
    expect(ok.status).toBe(200);
    const claimed = await ok.json();
    expect(claimed).toMatchObject({
      ok: true,
      origin: "claimed",
      edit_token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await patchWith(id, claim_token)).status).toBe(401);
    expect((await patchWith(id, claimed.edit_token)).status).toBe(200);
    expect((await (await t.req("GET", `/v1/listings/${id}`)).json()).origin).toBe("claimed");
    const fetched = control().requests.filter((r) => r.path === "/.well-known/tollgate-claim");
    expect(fetched.at(-1)?.headers["x-verified-by"]).toBe("tollgate");
  });

  it("an edit or a delisting authorised with the old token and written after a claim replaced it changes nothing", async () => {
    const { id, claim_token } = await newListing("?race=1");
    const ch = await (await t.req("POST", `/v1/listings/${id}/claim/challenge`)).json();
    control().claimToken = ch.token;
    control().claimVia = "well-known";
    // The old owner's PATCH passes its token check, then waits in its sample_query's host check.
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    held = { host: "slow-preview.example", entered, release: new Promise<void>((r) => (release = r)) };
    const stale = t.req(
      "PATCH",
      `/v1/listings/${id}`,
      { description: "written by the old owner", sample_query: "https://slow-preview.example/free" },
      { "x-claim-token": claim_token },
    );
    await inside;
    const claim = await t.req("POST", `/v1/listings/${id}/claim`, {
      email: "new@example.com",
      claim_secret: ch.claim_secret,
    });
    expect(claim.status).toBe(200);
    release();
    const res = await stale;
    held = null;
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/replaced by a claim/);
    const after = await (await t.req("GET", `/v1/listings/${id}`)).json();
    expect(after.description).toBe("claimable");
    expect(after.sample_query ?? null).toBeNull();
    // A delisting authorised before a claim is refused the same way. The claim is played by its own write (the
    // token replaced under the listing's row lock): the DELETE passes its token check and waits for the row.
    const { id: id2, claim_token: old2 } = await newListing("?race=2");
    let del!: Promise<Awaited<ReturnType<typeof t.req>>>;
    await t.tdb.db.transaction().execute(async (x) => {
      await x.selectFrom("listings").select("id").where("id", "=", id2).forUpdate().execute();
      del = t.req("DELETE", `/v1/listings/${id2}`, undefined, { "x-claim-token": old2 });
      for (let waiting = 0; waiting === 0; ) {
        await new Promise((r) => setTimeout(r, 10));
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.tdb.db);
        waiting = rows[0]!.n;
      }
      await x
        .updateTable("claim_credentials")
        .set({ token_sha256: "0".repeat(64), issued_via: "claim" })
        .where("listing_id", "=", id2)
        .execute();
    });
    const refused = await del;
    expect(refused.status).toBe(401);
    expect((await (await t.req("GET", `/v1/listings/${id2}`)).json()).status).not.toBe("delisted");
  });

  it("accepts the proof as the x-tollgate-claim header; an earlier challenge stays valid; expired ones do not count", async () => {
    const { id } = await newListing("?c=1");
    const first = await (await t.req("POST", `/v1/listings/${id}/claim/challenge`)).json();
    await t.req("POST", `/v1/listings/${id}/claim/challenge`);
    control().claimToken = first.token;
    control().claimVia = "header";
    expect(
      (
        await t.req("POST", `/v1/listings/${id}/claim`, {
          email: "h@example.com",
          claim_secret: first.claim_secret,
        })
      ).status,
    ).toBe(200);

    const other = await newListing("?d=1");
    const stale = await (await t.req("POST", `/v1/listings/${other.id}/claim/challenge`)).json();
    await t.tdb.db
      .updateTable("claim_challenges")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("token", "=", stale.token)
      .execute();
    control().claimToken = stale.token;
    control().claimVia = "both";
    const res = await t.req("POST", `/v1/listings/${other.id}/claim`, {
      email: "h@example.com",
      claim_secret: stale.claim_secret,
    });
    expect(res.status).toBe(409);
  });

  it("bad email is a 400; 50 challenges per hour per IP, then 429 with Retry-After", async () => {
    const { id } = await newListing("?f=1");
    expect((await t.req("POST", `/v1/listings/${id}/claim`, { email: "nope" })).status).toBe(400);
    // every challenge so far in this file came from the same (test) client address
    const earlier = (await t.tdb.db.selectFrom("claim_challenges").select("id").execute()).length;
    let last: Awaited<ReturnType<typeof t.req>> | null = null;
    let okCount = 0;
    for (let i = 0; i < 60; i++) {
      last = await t.req("POST", `/v1/listings/${id}/claim/challenge`);
      if (last.status === 200) okCount++;
      else break;
    }
    expect(okCount).toBe(50 - earlier);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await last!.json()).error).toBe("rate_limited");
  });
});
