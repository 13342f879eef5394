import { type DemoSellers, startDemoSellers } from "@tollgate/devnet";
import { createLogger, parseCidrList } from "@tollgate/platform";
import { createListing, sha256Hex, validateSubmission } from "@tollgate/registry";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveTestApi, startTestApi, type TestApi } from "./helpers.js";

// An attacker against the claim flow, over real HTTP: replaying a completed challenge, racing claimants,
// another listing's challenge, a listing delisted between challenge and claim, the endpoint changed, tokens
// leaking in answers or log lines, the old owner's token after a claim on every owner route, the spec's
// rate limits from an untrusted peer forging X-Forwarded-For, and hostile bodies.
let demo: DemoSellers;
let t: TestApi;
let server: Awaited<ReturnType<typeof serveTestApi>>;
const logLines: string[] = [];
// 127.0.0.1 is the trusted proxy (each call below has its own forwarded client); 127.0.0.2 is a peer whose
// X-Forwarded-For is not believed.
const untrustedPeer = new Agent({ localAddress: "127.0.0.2" });

beforeAll(async () => {
  demo = await startDemoSellers({ payTo: "0x1111111111111111111111111111111111111111" });
  t = await startTestApi({
    allowance: demo.allowance,
    allowHttp: true,
    trustedProxies: parseCidrList("127.0.0.1"),
    log: createLogger("api-test", "debug", { write: (s: string) => void logLines.push(s) }),
  });
  server = await serveTestApi(t);
});
afterAll(async () => {
  server?.server.close();
  await untrustedPeer.close();
  await t?.tdb.drop();
  await demo?.stop();
});

const control = () => demo.sellers.claimable.control;
let n = 0;
async function newListing(endpoint = `${demo.sellers.claimable.url}?attack=${++n}`) {
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

let client = 0;
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
type Res = Omit<Response, "json"> & { json(): Promise<any> };
function http(
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; untrusted?: boolean } = {},
): Promise<Res> {
  const body =
    opts.body === undefined
      ? undefined
      : typeof opts.body === "string"
        ? opts.body
        : JSON.stringify(opts.body);
  return undiciFetch(`${server.base}${path}`, {
    method,
    headers: {
      "x-forwarded-for": `203.0.${Math.floor(client / 250)}.${client++ % 250}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...opts.headers,
    },
    body,
    ...(opts.untrusted ? { dispatcher: untrustedPeer } : {}),
  }) as unknown as Promise<Res>;
}
const challenge = async (id: string) => {
  const res = await http("POST", `/v1/listings/${id}/claim/challenge`);
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; claim_secret: string };
};
const claim = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  http("POST", `/v1/listings/${id}/claim`, { body, headers });
const patchWith = (id: string, headers: Record<string, string>) =>
  http("PATCH", `/v1/listings/${id}`, { body: { description: `edit ${n++}` }, headers });
const errorOf = async (res: Res) => [res.status, (await res.json()).error];
const credential = (id: string) =>
  t.tdb.db.selectFrom("claim_credentials").selectAll().where("listing_id", "=", id).executeTakeFirstOrThrow();
const listingRow = (id: string) =>
  t.tdb.db.selectFrom("listings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const claimedEntries = async (id: string) =>
  (
    await t.tdb.db.selectFrom("status_changes").select("reasons").where("listing_id", "=", id).execute()
  ).filter((r) => r.reasons.includes("claimed")).length;
const serve = (token: string) => {
  control().claimToken = token;
  control().claimVia = "both";
};

describe("replays and races gain nothing", () => {
  it("a completed challenge replayed, and an earlier open one, are 409 no_challenge; the edit token stays the claim's", async () => {
    const { id } = await newListing();
    const first = await challenge(id);
    const second = await challenge(id);
    serve(first.token);
    const ok = await claim(id, { email: "owner@example.com", claim_secret: first.claim_secret });
    expect(ok.status).toBe(200);
    const { edit_token } = await ok.json();
    const stored = await credential(id);
    expect(stored.token_sha256).toBe(sha256Hex(edit_token));
    expect(
      await errorOf(await claim(id, { email: "x@example.com", claim_secret: first.claim_secret })),
    ).toEqual([409, "no_challenge"]);
    // The other challenge was ended by the claim, even with its own token served now.
    serve(second.token);
    expect(
      await errorOf(await claim(id, { email: "x@example.com", claim_secret: second.claim_secret })),
    ).toEqual([409, "no_challenge"]);
    expect(await credential(id)).toEqual(stored);
    expect(await claimedEntries(id)).toBe(1);
    expect((await patchWith(id, { "x-claim-token": edit_token })).status).toBe(200);
  });

  it("two claimants racing one listing: exactly one edit token, the one whose token is served", async () => {
    const { id } = await newListing();
    const mine = await challenge(id);
    const theirs = await challenge(id);
    serve(mine.token);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        claim(id, {
          email: `c${i}@example.com`,
          claim_secret: i % 2 ? theirs.claim_secret : mine.claim_secret,
        }),
      ),
    );
    const codes = await Promise.all(answers.map(async (r) => [r.status, (await r.json()).error ?? "ok"]));
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    // Theirs is never served: 403 while open, 409 once mine ended it. Mine: one 200, the rest 409.
    for (const [i, code] of codes.entries())
      expect(code).toEqual(
        i === answers.findIndex((r) => r.status === 200)
          ? [200, "ok"]
          : i % 2
            ? [expect.any(Number), expect.stringMatching(/^(proof_not_found|no_challenge)$/)]
            : [409, "no_challenge"],
      );
    expect(await claimedEntries(id)).toBe(1);
    const winner = answers.findIndex((r) => r.status === 200);
    expect(winner % 2).toBe(0);
    expect((await credential(id)).email).toBe(`c${winner}@example.com`);
  });
});

describe("a challenge claims its own listing only, while that listing is active", () => {
  it("another listing's secret is 409; another listing's served token is 403; neither listing changes", async () => {
    const a = await newListing();
    const b = await newListing();
    const ca = await challenge(a.id);
    const cb = await challenge(b.id);
    serve(ca.token);
    expect(
      await errorOf(await claim(b.id, { email: "x@example.com", claim_secret: ca.claim_secret })),
    ).toEqual([409, "no_challenge"]);
    expect(
      await errorOf(await claim(b.id, { email: "x@example.com", claim_secret: cb.claim_secret })),
    ).toEqual([403, "proof_not_found"]);
    for (const l of [a, b]) {
      expect((await listingRow(l.id)).origin).toBe("submitted");
      expect((await credential(l.id)).token_sha256).toBe(sha256Hex(l.claim_token));
    }
    // The challenges were not used by the failed attempts: a's still claims a.
    expect((await claim(a.id, { email: "a@example.com", claim_secret: ca.claim_secret })).status).toBe(200);
  });

  it("delisted between challenge and claim: 404, nothing issued; no challenge for a delisted listing", async () => {
    const l = await newListing();
    const c = await challenge(l.id);
    serve(c.token);
    expect(
      (await http("DELETE", `/v1/listings/${l.id}`, { headers: { "x-claim-token": l.claim_token } })).status,
    ).toBe(200);
    const res = await claim(l.id, { email: "late@example.com", claim_secret: c.claim_secret });
    expect(await errorOf(res)).toEqual([404, "not_found"]);
    expect(await errorOf(await http("POST", `/v1/listings/${l.id}/claim/challenge`))).toEqual([
      404,
      "not_found",
    ]);
    expect(await errorOf(await http("GET", `/v1/listings/${l.id}/claim`))).toEqual([404, "not_found"]);
    expect((await credential(l.id)).token_sha256).toBe(sha256Hex(l.claim_token));
    expect((await listingRow(l.id)).origin).toBe("submitted");
    expect(await claimedEntries(l.id)).toBe(0);
  });

  it("a challenge of a delisted listing claims neither it nor the endpoint's new listing", async () => {
    const old = await newListing();
    const endpoint = (await listingRow(old.id)).endpoint_url;
    const c = await challenge(old.id);
    serve(c.token);
    expect(
      (await http("DELETE", `/v1/listings/${old.id}`, { headers: { "x-claim-token": old.claim_token } }))
        .status,
    ).toBe(200);
    const relisted = await newListing(endpoint);
    expect(relisted.id).not.toBe(old.id);
    expect(
      await errorOf(await claim(relisted.id, { email: "x@example.com", claim_secret: c.claim_secret })),
    ).toEqual([409, "no_challenge"]);
    expect(
      await errorOf(await claim(old.id, { email: "x@example.com", claim_secret: c.claim_secret })),
    ).toEqual([404, "not_found"]);
    expect((await credential(relisted.id)).token_sha256).toBe(sha256Hex(relisted.claim_token));
    expect((await listingRow(relisted.id)).origin).toBe("submitted");
  });

  it("the endpoint cannot be changed between challenge and claim: PATCH endpoint_url is refused, the proof is read from the listed one", async () => {
    const l = await newListing();
    const listed = (await listingRow(l.id)).endpoint_url;
    const c = await challenge(l.id);
    const moved = await http("PATCH", `/v1/listings/${l.id}`, {
      body: { endpoint_url: "http://127.0.0.1:1/elsewhere" },
      headers: { "x-claim-token": l.claim_token },
    });
    expect(await errorOf(moved)).toEqual([400, "endpoint_url_immutable"]);
    expect((await listingRow(l.id)).endpoint_url).toBe(listed);
    serve(c.token);
    expect((await claim(l.id, { email: "o@example.com", claim_secret: c.claim_secret })).status).toBe(200);
  });
});

describe("tokens are unguessable, stored hashed, and never leak", () => {
  it("no challenge token, claim secret or edit token in another answer, a log line or the database in clear", async () => {
    logLines.length = 0;
    const l = await newListing();
    const c = await challenge(l.id);
    const tokens = Array.from({ length: 5 }, () => challenge(l.id));
    const more = await Promise.all(tokens);
    for (const x of [c, ...more]) {
      expect(x.token).toMatch(/^tgc_[0-9a-f]{48}$/);
      expect(x.claim_secret).toMatch(/^tgs_[0-9a-f]{64}$/);
    }
    expect(new Set([c, ...more].flatMap((x) => [x.token, x.claim_secret])).size).toBe(12);
    serve(c.token);
    // A wrong secret, then the right one: neither echoes what was sent.
    const wrong = await claim(l.id, { email: "o@example.com", claim_secret: `${c.claim_secret}0` });
    const wrongText = await wrong.text();
    const ok = await claim(l.id, { email: "o@example.com", claim_secret: c.claim_secret });
    const { edit_token } = await ok.json();
    const reads = await Promise.all(
      [
        `/v1/listings/${l.id}`,
        `/v1/listings/${l.id}/claim`,
        `/v1/listings/${l.id}/history`,
        "/v1/changes",
        "/v1/listings?status=all&limit=200",
        `/l/${l.id}`,
      ].map(async (p) => (await http("GET", p)).text()),
    );
    const secrets = [c.claim_secret, ...more.map((x) => x.claim_secret), edit_token, l.claim_token];
    for (const text of [wrongText, ...reads, ...logLines])
      for (const s of [...secrets, c.token])
        expect(text.includes(s), `${s} in ${text.slice(0, 120)}`).toBe(false);
    expect(logLines.length).toBeGreaterThan(0);
    // In the database: the edit token and the secrets only as sha256.
    const dump = JSON.stringify([
      await t.tdb.db.selectFrom("claim_credentials").selectAll().where("listing_id", "=", l.id).execute(),
      await t.tdb.db.selectFrom("claim_challenges").selectAll().where("listing_id", "=", l.id).execute(),
      await listingRow(l.id),
    ]);
    for (const s of secrets) expect(dump.includes(s)).toBe(false);
    expect(dump).toContain(sha256Hex(edit_token));
    expect(dump).toContain(sha256Hex(c.claim_secret));
  });
});

describe("after a claim the old owner's token opens nothing", () => {
  it("PATCH (each header form), verify-now status and DELETE answer 401 to it; the new token works on each", async () => {
    const l = await newListing();
    const c = await challenge(l.id);
    serve(c.token);
    const { edit_token } = await (
      await claim(l.id, { email: "new@example.com", claim_secret: c.claim_secret })
    ).json();
    const before = await listingRow(l.id);
    const headerForms: Record<string, string>[] = [
      { "x-claim-token": l.claim_token },
      { "x-edit-token": l.claim_token },
      { authorization: `Bearer ${l.claim_token}` },
      { authorization: `bearer   ${l.claim_token}  ` },
      // What the database holds is no credential either: the new token's hash, the challenge's secret.
      { "x-claim-token": sha256Hex(edit_token) },
      { "x-claim-token": c.claim_secret },
      { "x-claim-token": c.token },
    ];
    for (const h of headerForms)
      expect(await errorOf(await patchWith(l.id, h))).toEqual([401, "unauthorized"]);
    const status = (token: string) =>
      http("GET", `/v1/listings/${l.id}/verify-now?view=status`, { headers: { "x-claim-token": token } });
    expect(await errorOf(await status(l.claim_token))).toEqual([401, "claim_token_invalid"]);
    expect(
      await errorOf(
        await http("DELETE", `/v1/listings/${l.id}`, { headers: { "x-claim-token": l.claim_token } }),
      ),
    ).toEqual([401, "unauthorized"]);
    // The old token beside the new one in a later header form: the first present is the one checked.
    expect(
      (await patchWith(l.id, { "x-claim-token": l.claim_token, authorization: `Bearer ${edit_token}` }))
        .status,
    ).toBe(401);
    const after = await listingRow(l.id);
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
    expect(after.status).toBe(before.status);
    expect((await status(edit_token)).status).toBe(200);
    expect((await patchWith(l.id, { authorization: `Bearer ${edit_token}` })).status).toBe(200);
    expect(
      (await http("DELETE", `/v1/listings/${l.id}`, { headers: { "x-edit-token": edit_token } })).status,
    ).toBe(200);
  });
});

describe("the spec's claim limits hold from an untrusted peer forging X-Forwarded-For", () => {
  it("50 challenges per hour, then 429; 20 claim attempts per hour, then 429", async () => {
    const { id } = await newListing();
    const rotate = (i: number) => ({ "x-forwarded-for": `192.0.2.${i % 250}` });
    let ok = 0;
    let last: Res | null = null;
    for (let i = 0; i < 60; i++) {
      last = await http("POST", `/v1/listings/${id}/claim/challenge`, {
        headers: rotate(i),
        untrusted: true,
      });
      if (last.status !== 200) break;
      ok++;
    }
    expect([ok, last?.status]).toEqual([50, 429]);
    expect(await last!.json()).toMatchObject({ error: "rate_limited" });
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    let tries = 0;
    for (let i = 0; i < 30; i++) {
      last = await http("POST", `/v1/listings/${id}/claim`, {
        body: { email: "o@example.com", claim_secret: `tgs_${i}` },
        headers: rotate(i),
        untrusted: true,
      });
      if (last.status !== 409) break;
      tries++;
    }
    expect([tries, last?.status]).toEqual([20, 429]);
    // Nor is its request id believed: the answer carries the api's own, in the header and the error body.
    const forged = await http("POST", `/v1/listings/${id}/claim`, {
      body: { email: "o@example.com" },
      headers: {
        "x-request-id": "req_chosen_by_the_client",
        traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      },
      untrusted: true,
    });
    const rid = forged.headers.get("x-request-id");
    expect(rid).not.toBe("req_chosen_by_the_client");
    expect(rid).toMatch(/^req_[0-9a-f]{24}$/);
    expect((await forged.json()).request_id).toBe(rid);
    // Behind the trusted proxy, the client is the right-most untrusted hop: a forged left entry changes nothing.
    let viaProxy = 0;
    for (let i = 0; i < 60; i++) {
      last = await http("POST", `/v1/listings/${id}/claim/challenge`, {
        headers: { "x-forwarded-for": `10.9.${i}.1, 198.18.0.9` },
      });
      if (last.status !== 200) break;
      viaProxy++;
    }
    expect([viaProxy, last?.status]).toEqual([50, 429]);
  });
});

describe("hostile claim bodies answer the error body and change nothing", () => {
  it("wrong types, huge strings, unknown and prototype keys, unicode, NUL, non-objects, wrong media type", async () => {
    const l = await newListing();
    const c = await challenge(l.id);
    serve(c.token);
    const good = { email: "o@example.com", claim_secret: c.claim_secret };
    const cases: [unknown, number, string][] = [
      [{ ...good, email: 5 }, 400, "validation_failed"],
      [{ ...good, email: ["o@example.com"] }, 400, "validation_failed"],
      [{ ...good, claim_secret: 12 }, 400, "validation_failed"],
      [{ ...good, claim_secret: { $ne: null } }, 400, "validation_failed"],
      [{ ...good, claim_secret: "x".repeat(201) }, 400, "validation_failed"],
      [{ ...good, email: `${"a".repeat(320)}@example.com` }, 400, "validation_failed"],
      [{ ...good, email: "ö@exämple.com" }, 400, "validation_failed"],
      [{ ...good, email: "o\u0000@example.com" }, 400, "validation_failed"],
      [{ ...good, role: "admin" }, 400, "validation_failed"],
      [`{"__proto__":{"admin":true},${JSON.stringify(good).slice(1)}`, 400, "validation_failed"],
      [{ claim_secret: c.claim_secret }, 400, "validation_failed"],
      [[good], 400, "validation_failed"],
      ["null", 400, "validation_failed"],
      ["{", 400, "invalid_json"],
      [JSON.stringify({ ...good, pad: "x".repeat(70 * 1024) }), 413, "payload_too_large"],
    ];
    for (const [body, status, error] of cases) {
      const r = await claim(l.id, body);
      const b = await r.json();
      expect([r.status, b.error, typeof b.message], JSON.stringify(body).slice(0, 80)).toEqual([
        status,
        error,
        "string",
      ]);
    }
    const plain = await http("POST", `/v1/listings/${l.id}/claim`, {
      body: JSON.stringify(good),
      headers: { "content-type": "text/plain" },
    });
    expect(await errorOf(plain)).toEqual([415, "unsupported_media_type"]);
    expect((await credential(l.id)).token_sha256).toBe(sha256Hex(l.claim_token));
    expect((await listingRow(l.id)).origin).toBe("submitted");
    const open = await t.tdb.db
      .selectFrom("claim_challenges")
      .select("used_at")
      .where("listing_id", "=", l.id)
      .execute();
    expect(open.map((x) => x.used_at)).toEqual([null]);
    // The well-formed claim still succeeds: nothing above spent the challenge.
    expect((await claim(l.id, good)).status).toBe(200);
  });
});
