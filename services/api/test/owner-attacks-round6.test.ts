import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createListing, validateSubmission } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, validListing } from "./helpers.js";

// Attack round 6 on the owner flows, as someone who can watch, race or replay: other spellings of a listed
// endpoint (duplicate detection and the five-free rule), the token smuggled in other places, and the old
// owner's token after a delisting and a re-listing of the same endpoint.
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({ limits: { submissionsPerHour: 200 } });
});
afterAll(() => t.tdb.drop());

const submit = (endpoint_url: string, over: Record<string, unknown> = {}) =>
  t.req("POST", "/v1/listings", validListing({ endpoint_url, ...over }));

async function listed(endpoint_url: string): Promise<{ id: string; token: string }> {
  const res = await submit(endpoint_url);
  expect(res.status).toBe(201);
  const body = await res.json();
  return { id: body.id, token: body.claim_token };
}

const rowsOnDomain = (domain: string) =>
  t.tdb.db
    .selectFrom("listings")
    .select(["id", "host", "registered_domain", "endpoint_canonical"])
    .where("registered_domain", "=", domain)
    .execute();

describe("another spelling of a listed endpoint is the listed endpoint", () => {
  it("the host with two trailing dots (it resolves as the host does): 409, nothing stored", async () => {
    const { id } = await listed("https://pub-dots.com/v1/paid");
    for (const spelling of ["https://pub-dots.com../v1/paid", "https://PUB-dots.com...:443/v1/paid/"]) {
      const res = await submit(spelling, { name: "dupe" });
      expect(res.status, spelling).toBe(409);
      expect(await res.json()).toMatchObject({ error: "endpoint_already_listed", listing_id: id });
    }
    expect(await rowsOnDomain("pub-dots.com")).toHaveLength(1);
  });

  it("a sample_query that is the endpoint with extra trailing dots is refused as equal to it", async () => {
    const res = await submit("https://pub-sample-dots.com/v1/paid", {
      sample_query: "https://pub-sample-dots.com../v1/paid",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/sample_query: must not equal endpoint_url/);
  });

  it("an IPv4-mapped IPv6 literal is the IPv4 host: 409 for its listed endpoint, and the same domain", async () => {
    const { id } = await listed("https://93.184.216.34/v1/mapped");
    for (const spelling of [
      "https://[::ffff:93.184.216.34]/v1/mapped",
      "https://[::FFFF:5db8:d822]:443/v1/mapped",
    ]) {
      const res = await submit(spelling, { name: "dupe" });
      expect(res.status, spelling).toBe(409);
      expect(await res.json()).toMatchObject({ error: "endpoint_already_listed", listing_id: id });
    }
    // A new path under the mapped spelling counts against the IPv4 host's allowance, not a fresh one.
    const other = await submit("https://[::ffff:93.184.216.34]/v1/other");
    expect(other.status).toBe(201);
    const rows = await rowsOnDomain("93.184.216.34");
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.host)).toEqual(["93.184.216.34", "93.184.216.34"]);
    expect(await rowsOnDomain("[::ffff:5db8:d822]")).toHaveLength(0);
  });

  it("the five-free rule is not reopened by the mapped spelling of an IP host", async () => {
    for (let i = 0; i < 5; i++) expect((await submit(`https://93.184.216.35/free/${i}`)).status).toBe(201);
    // The sixth is due a fee (no payments on this deployment: never a free 201).
    const sixth = await submit("https://[::ffff:93.184.216.35]/free/5");
    expect(sixth.status).not.toBe(201);
    expect(await rowsOnDomain("93.184.216.35")).toHaveLength(5);
  });

  it("IPv6 literals count by their /64: five free across one network, whatever the addresses, then a fee", async () => {
    const net = "2606:4700:10:1";
    for (let i = 1; i <= 5; i++)
      expect((await submit(`https://[${net}::${i.toString(16)}]/v6`)).status).toBe(201);
    for (const other of [`https://[${net}:ffff::6]/v6`, `https://[${net}:0:0:0:7]/v6`])
      expect((await submit(other)).status, other).not.toBe(201);
    expect(await rowsOnDomain(`[${net}::]/64`)).toHaveLength(5);
    // Another /64 is another network.
    expect((await submit("https://[2606:4700:10:2::1]/v6")).status).toBe(201);
  });

  it("case, default port, IDN and punycode, percent-encoded host and path, dot segments, query order: 409", async () => {
    const { id } = await listed("https://pub-idn.bücher.com/v1/paid?a=1&b=2");
    const spellings = [
      "https://PUB-IDN.BÜCHER.com:443/v1/paid?b=2&a=1",
      "https://pub-idn.xn--bcher-kva.com/v1/paid?a=1&b=2",
      "https://pub-idn.b%C3%BCcher.com/v1/paid?a=1&b=2",
      "https://pub-idn.bücher.com/v1/%70aid?a=%31&b=2",
      "https://pub-idn.bücher.com/v1/x/../paid/?b=2&a=1#frag",
      "https://pub-idn.bücher.com/v1/./%2e/paid?a=1&b=2",
      "https://pub-idn.bu\u0308cher.com/v1/paid?a=1&b=2",
      "https://pub-idn\uff0ebücher\u3002com/v1/paid?a=1&b=2",
    ];
    for (const spelling of spellings) {
      const res = await submit(spelling, { name: "dupe" });
      expect(res.status, spelling).toBe(409);
      expect((await res.json()).listing_id, spelling).toBe(id);
    }
    // Userinfo is refused, whatever it hides behind.
    const userinfo = await submit("https://pub-idn.bücher.com@pub-evil.com/v1/paid");
    expect(userinfo.status).toBe(400);
    expect((await res400(userinfo)).message).toMatch(/credentials/);
  });
});

const res400 = async (r: Response) => (await r.json()) as { message: string };

describe("the claim token is read from the documented headers only", () => {
  it("in the query string, a cookie or another header it opens nothing", async () => {
    const { id, token } = await listed("https://pub-smuggle.com/v1/paid");
    const attempts: [string, Record<string, string>][] = [
      [`?claim_token=${token}`, {}],
      [`?x-claim-token=${token}`, {}],
      [`?token=${token}&edit_token=${token}`, {}],
      ["", { cookie: `claim_token=${token}` }],
      ["", { "x-claim_token": token }],
      ["", { authorization: token }],
      ["", { authorization: `Basic ${Buffer.from(`x:${token}`).toString("base64")}` }],
      ["", { authorization: `Token ${token}` }],
    ];
    for (const [q, headers] of attempts) {
      const patch = await t.req("PATCH", `/v1/listings/${id}${q}`, { name: "smuggled" }, headers);
      expect([400, 401], `${q} ${JSON.stringify(headers)}`).toContain(patch.status);
      const del = await t.req("DELETE", `/v1/listings/${id}${q}`, undefined, headers);
      expect([400, 401], `${q} ${JSON.stringify(headers)}`).toContain(del.status);
    }
    const after = await (await t.req("GET", `/v1/listings/${id}`)).json();
    expect(after).toMatchObject({ name: "Paris weather", status: "unverified" });
  });

  it("x-claim-token wrong beside a right Authorization: the first present wins, 401, nothing changes", async () => {
    const { id, token } = await listed("https://pub-disagree.com/v1/paid");
    const wrong = "f".repeat(64);
    const forms: Record<string, string>[] = [
      { "x-claim-token": wrong, authorization: `Bearer ${token}` },
      { "x-edit-token": wrong, authorization: `Bearer ${token}` },
      { "x-claim-token": `${wrong}, ${token}` },
      { "x-claim-token": `${token} ${token}` },
      { authorization: `Bearer ${token} ${token}` },
    ];
    for (const headers of forms) {
      const res = await t.req("PATCH", `/v1/listings/${id}`, { name: "taken" }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect((await t.req("DELETE", `/v1/listings/${id}`, undefined, headers)).status).toBe(401);
    }
    expect((await (await t.req("GET", `/v1/listings/${id}`)).json()).name).toBe("Paris weather");
  });
});

describe("a delisting ends the old token; a re-listing of the endpoint has its own owner", () => {
  it("the old token opens neither the delisted record nor the re-listing; the re-listing's token opens only it", async () => {
    const url = "https://pub-relist.com/v1/paid";
    const first = await listed(url);
    expect(
      (await t.req("DELETE", `/v1/listings/${first.id}`, undefined, { "x-claim-token": first.token })).status,
    ).toBe(200);
    // Re-listed by someone else (free: listed before), under another spelling of the same endpoint.
    const again = await submit("https://PUB-relist.com:443/v1/paid/");
    expect(again.status).toBe(201);
    const second = await again.json();
    expect(second.id).not.toBe(first.id);
    expect(second.claim_token).not.toBe(first.token);

    const old = { "x-claim-token": first.token };
    expect((await t.req("PATCH", `/v1/listings/${second.id}`, { name: "old owner" }, old)).status).toBe(401);
    expect((await t.req("DELETE", `/v1/listings/${second.id}`, undefined, old)).status).toBe(401);
    expect(
      (await t.req("GET", `/v1/listings/${second.id}/verify-now?view=status`, undefined, old)).status,
    ).toBe(401);
    // The delisted record stays delisted: its token does not bring it back, nor edits it.
    expect((await t.req("PATCH", `/v1/listings/${first.id}`, { name: "revived" }, old)).status).toBe(404);
    expect((await t.req("DELETE", `/v1/listings/${first.id}`, undefined, old)).status).toBe(404);
    const record = await t.tdb.db
      .selectFrom("listings")
      .select(["status", "name"])
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ status: "delisted", name: "Paris weather" });
    // The new token does not reach back to the delisted record either.
    const mine = { "x-claim-token": second.claim_token };
    expect((await t.req("PATCH", `/v1/listings/${first.id}`, { name: "x" }, mine)).status).toBe(404);
    expect((await t.req("PATCH", `/v1/listings/${second.id}`, { name: "new owner" }, mine)).status).toBe(200);
  });
});

describe("two claimants, each with their own challenge served by the endpoint, racing", () => {
  // An endpoint serving one challenge token at the well-known path and another in the header: both proofs
  // are found, so only the claim's commit decides.
  const served = { wellKnown: "", header: "" };
  const seller = createServer((req, res) => {
    if (req.url === "/.well-known/tollgate-claim") {
      res.writeHead(200, { "content-type": "text/plain" }).end(served.wellKnown);
      return;
    }
    res.writeHead(402, { "x-tollgate-claim": served.header, "content-type": "application/json" }).end("{}");
  });
  let tc: TestApi;
  let endpoint: string;
  beforeAll(async () => {
    await new Promise<void>((r) => seller.listen(0, "127.0.0.1", r));
    endpoint = `http://claim6.test:${(seller.address() as AddressInfo).port}/v1/paid`;
    tc = await startTestApi({ allowance: { "claim6.test": "127.0.0.1" }, allowHttp: true });
  });
  afterAll(async () => {
    seller.close();
    await tc?.tdb.drop();
  });

  it("exactly one edit token; the loser, the old token and every other secret open nothing", async () => {
    const prepared = await validateSubmission(
      tc.tdb.db,
      {
        name: "race",
        description: "race",
        endpoint_url: endpoint,
        category: "data.other",
        price_amount: 0.01,
      },
      { checkHost: async () => ({ ok: true }), allowHttp: true },
    );
    const { id, claim_token: original } = await createListing(tc.tdb.db, prepared);
    const challenge = async () => (await tc.req("POST", `/v1/listings/${id}/claim/challenge`)).json();
    const a = await challenge();
    const b = await challenge();
    served.wellKnown = a.token;
    served.header = b.token;
    const answers = await Promise.all(
      [a, b, a, b].map((ch, i) =>
        tc.req("POST", `/v1/listings/${id}/claim`, {
          email: `c${i}@example.com`,
          claim_secret: ch.claim_secret,
        }),
      ),
    );
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of answers.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect((await r.json()).error).toBe("no_challenge");
    }
    const edit = (await won[0]!.json()).edit_token as string;
    expect(edit).toMatch(/^[0-9a-f]{64}$/);
    // Both secrets are spent now; the submission's token is replaced; the winner's edit token works.
    for (const ch of [a, b]) {
      const again = await tc.req("POST", `/v1/listings/${id}/claim`, {
        email: "x@example.com",
        claim_secret: ch.claim_secret,
      });
      expect(again.status).toBe(409);
    }
    expect(
      (await tc.req("PATCH", `/v1/listings/${id}`, { name: "old" }, { "x-claim-token": original })).status,
    ).toBe(401);
    expect(
      (await tc.req("PATCH", `/v1/listings/${id}`, { name: "new" }, { "x-claim-token": edit })).status,
    ).toBe(200);
    const claimed = (
      await tc.tdb.db.selectFrom("status_changes").select("reasons").where("listing_id", "=", id).execute()
    ).filter((r) => r.reasons.includes("claimed"));
    expect(claimed).toHaveLength(1);
  });
});
