import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type DemoSellers, startDemoSellers } from "@tollgate/devnet";
import { createListing, sha256Hex, validateSubmission } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./helpers.js";

// Attacks on the claim flow (security review, issue 10 items 1 and 7), against a real API, real Postgres
// and real sellers on loopback. The owner controls the claimable demo seller; the watcher only reads
// what anyone can read (the listing, GET claim, the token served at the well-known path).
let demo: DemoSellers;
let t: TestApi;
let hopPort = 0;
// A seller on another origin (hop.test) that answers the claim proof by redirecting to the claimable seller.
const hop = createServer((req, res) => {
  const path = (req.url ?? "/").replace(/\?.*$/, "");
  res.writeHead(302, { location: `http://${demo.sellers.claimable.host}:${demo.port}${path}` });
  res.end();
});

beforeAll(async () => {
  demo = await startDemoSellers({ payTo: "0x1111111111111111111111111111111111111111" });
  await new Promise<void>((r) => hop.listen(0, "127.0.0.1", () => r()));
  hopPort = (hop.address() as AddressInfo).port;
  t = await startTestApi({ allowance: { ...demo.allowance, "hop.test": "127.0.0.1" }, allowHttp: true });
});
afterAll(async () => {
  await t.tdb.drop();
  hop.closeAllConnections();
  await new Promise<void>((r) => hop.close(() => r()));
  await demo.stop();
});

const control = () => demo.sellers.claimable.control;
let n = 0;
async function newListing(endpoint = `${demo.sellers.claimable.url}?bind=${++n}`) {
  const prepared = await validateSubmission(
    t.tdb.db,
    {
      name: "claim me",
      description: "claimable",
      endpoint_url: endpoint,
      category: "data.other",
      price_amount: 0.01,
    },
    { checkHost: async () => ({ ok: true }), allowHttp: true },
  );
  return createListing(t.tdb.db, prepared);
}
const challenge = async (id: string) => {
  const res = await t.req("POST", `/v1/listings/${id}/claim/challenge`);
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; claim_secret: string };
};
const claim = (id: string, body: Record<string, unknown>) => t.req("POST", `/v1/listings/${id}/claim`, body);
const patchWith = (id: string, token: string) =>
  t.req("PATCH", `/v1/listings/${id}`, { description: "edited" }, { "x-claim-token": token });
const errorOf = async (res: Awaited<ReturnType<typeof claim>>) => [res.status, (await res.json()).error];

describe("a claim is bound to whoever asked for the challenge", () => {
  it("a watcher who sees the owner's served token gains nothing; the owner's secret claims", async () => {
    const { id, claim_token } = await newListing();
    const owner = await challenge(id);
    control().claimToken = owner.token;
    control().claimVia = "both";
    // Everything the watcher can see says a challenge is active and shows its token.
    expect((await (await t.req("GET", `/v1/listings/${id}/claim`)).json()).challenge_active).toBe(true);

    // No secret, the served token passed as the secret, a made-up secret: no challenge of theirs.
    expect(await errorOf(await claim(id, { email: "watcher@example.com" }))).toEqual([409, "no_challenge"]);
    expect(owner.claim_secret).toMatch(/^tgs_[0-9a-f]{64}$/);
    expect(
      await errorOf(await claim(id, { email: "watcher@example.com", claim_secret: owner.token })),
    ).toEqual([409, "no_challenge"]);
    expect(
      await errorOf(await claim(id, { email: "watcher@example.com", claim_secret: `tgs_${"0".repeat(64)}` })),
    ).toEqual([409, "no_challenge"]);
    // Their own challenge is genuine, but its token is not what the endpoint serves.
    const watcher = await challenge(id);
    expect(
      await errorOf(await claim(id, { email: "watcher@example.com", claim_secret: watcher.claim_secret })),
    ).toEqual([403, "proof_not_found"]);
    // The owner's credential is untouched by all of that.
    expect((await patchWith(id, claim_token)).status).toBe(200);

    const ok = await claim(id, { email: "owner@example.com", claim_secret: owner.claim_secret });
    expect(ok.status).toBe(200);
    const { edit_token } = await ok.json();
    expect((await patchWith(id, edit_token)).status).toBe(200);
    expect((await patchWith(id, claim_token)).status).toBe(401);
    // Success used every challenge of the listing: the watcher's is dead even if its token were served now.
    control().claimToken = watcher.token;
    expect(
      await errorOf(await claim(id, { email: "watcher@example.com", claim_secret: watcher.claim_secret })),
    ).toEqual([409, "no_challenge"]);
    expect((await (await t.req("GET", `/v1/listings/${id}/claim`)).json()).challenge_active).toBe(false);

    // Replaying the owner's successful POST (same secret, proof still served) issues nothing.
    control().claimToken = owner.token;
    expect(
      await errorOf(await claim(id, { email: "owner@example.com", claim_secret: owner.claim_secret })),
    ).toEqual([409, "no_challenge"]);
    expect((await patchWith(id, edit_token)).status).toBe(200);
  });

  it("two concurrent claims with one secret yield exactly one edit token", async () => {
    const { id } = await newListing();
    const ch = await challenge(id);
    control().claimToken = ch.token;
    control().claimVia = "both";
    const answers = await Promise.all([
      claim(id, { email: "a@example.com", claim_secret: ch.claim_secret }),
      claim(id, { email: "b@example.com", claim_secret: ch.claim_secret }),
    ]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = bodies.find((b) => b.edit_token)!;
    expect(bodies.find((b) => !b.edit_token)?.error).toBe("no_challenge");
    expect((await patchWith(id, winner.edit_token)).status).toBe(200);
  });

  it("an expired challenge's secret does not match", async () => {
    const { id } = await newListing();
    const ch = await challenge(id);
    await t.tdb.db
      .updateTable("claim_challenges")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("token", "=", ch.token)
      .execute();
    control().claimToken = ch.token;
    expect(await errorOf(await claim(id, { email: "o@example.com", claim_secret: ch.claim_secret }))).toEqual(
      [409, "no_challenge"],
    );
  });

  it("the secret is stored only as its sha256", async () => {
    const { id } = await newListing();
    const ch = await challenge(id);
    const row = await t.tdb.db
      .selectFrom("claim_challenges")
      .selectAll()
      .where("token", "=", ch.token)
      .executeTakeFirstOrThrow();
    expect(row.secret_sha256).toBe(sha256Hex(ch.claim_secret));
    expect(JSON.stringify(row)).not.toContain(ch.claim_secret);
    expect(row.listing_id).toBe(id);
  });

  it("the change feed and history record the claim without a status change", async () => {
    const { id } = await newListing();
    const ch = await challenge(id);
    control().claimToken = ch.token;
    expect((await claim(id, { email: "o@example.com", claim_secret: ch.claim_secret })).status).toBe(200);
    const history = await (await t.req("GET", `/v1/listings/${id}/history`)).json();
    expect(history.status).toBe("unverified");
    expect(
      history.history.map((h: { from: string; to: string; reasons: string[] }) => [h.from, h.to, h.reasons]),
    ).toEqual([
      [null, "unverified", ["submitted"]],
      ["unverified", "unverified", ["claimed"]],
    ]);
    expect(history.note).toMatch(/claimed \(/);
    const feed = await (await t.req("GET", "/v1/changes")).json();
    expect(feed.changes.find((c: { listing_id: string }) => c.listing_id === id)).toMatchObject({
      from: "unverified",
      to: "unverified",
      reasons: ["claimed"],
    });
  });
});

describe("the proof comes from the endpoint's own origin", () => {
  it("a proof reached only through a redirect to another origin is not found (403), and that origin is not asked", async () => {
    const { id } = await newListing(`http://hop.test:${hopPort}/v1/paid`);
    const ch = await challenge(id);
    // The claimable seller (another origin) serves the token both ways; hop.test redirects everything there.
    control().claimToken = ch.token;
    control().claimVia = "both";
    const before = control().requests.length;
    expect(await errorOf(await claim(id, { email: "o@example.com", claim_secret: ch.claim_secret }))).toEqual(
      [403, "proof_not_found"],
    );
    expect(control().requests.length).toBe(before);
  });
});
