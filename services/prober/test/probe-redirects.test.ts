import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { type DemoSellers, encodeHeader, paymentRequired, startDemoSellers } from "@tollgate/devnet";
import { createSafeHttpClient, type SafeHttpClient } from "@tollgate/platform";
import { createListing, recordProbe, validateSubmission } from "@tollgate/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProbe } from "../src/probe.js";

// A seller at hop.test whose endpoints redirect: to a demo seller on another origin (which answers a
// valid 402), or within its own origin (where it answers the 402 itself).
const PAY_TO = "0x1111111111111111111111111111111111111111";
let demo: DemoSellers;
let tdb: TestDatabase;
let client: SafeHttpClient;
let hopPort = 0;
let slot = 1;
const hopHits: { method?: string; url?: string }[] = [];
const hop = createServer((req, res) => {
  hopHits.push({ method: req.method, url: req.url });
  const to = (location: string) => {
    res.writeHead(302, { location });
    res.end();
  };
  if (req.url === "/off/v1/paid") return to(demo.sellers.v1.url);
  if (req.url === "/off/sample") return to(demo.sellers["with-sample"].sampleUrl!);
  if (req.url === "/same/v1/paid") return to("/same/v1/here");
  if (req.url === "/same/v1/here") {
    const header = encodeHeader(paymentRequired(`http://hop.test:${hopPort}/same/v1/here`, PAY_TO, "10000"));
    res.writeHead(402, { "content-type": "application/json", "PAYMENT-REQUIRED": header });
    return res.end("{}");
  }
  res.writeHead(404);
  res.end();
});

beforeAll(async () => {
  tdb = await createTestDatabase();
  demo = await startDemoSellers({ payTo: PAY_TO });
  await new Promise<void>((r) => hop.listen(0, "127.0.0.1", () => r()));
  hopPort = (hop.address() as AddressInfo).port;
  client = createSafeHttpClient({
    verifiedBy: "tollgate",
    allowHttp: true,
    timeoutMs: 2000,
    allowance: { hosts: { ...demo.allowance, "hop.test": "127.0.0.1" }, cidrs: [] },
  });
});
afterAll(async () => {
  await client.close();
  hop.closeAllConnections();
  await new Promise<void>((r) => hop.close(() => r()));
  await demo.stop();
  await tdb.drop();
});

async function listed(path: string, samplePath: string | null = null) {
  const prepared = await validateSubmission(
    tdb.db,
    {
      name: `hop ${path}`,
      description: "redirecting seller",
      endpoint_url: `http://hop.test:${hopPort}${path}`,
      category: "data.weather",
      price_amount: 0.01,
      sample_query: samplePath ? `http://hop.test:${hopPort}${samplePath}` : null,
    },
    { checkHost: async () => ({ ok: true }), allowHttp: true },
  );
  const { id } = await createListing(tdb.db, prepared);
  return tdb.db
    .selectFrom("listings")
    .select(["id", "endpoint_url", "sample_query"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

const probeRow = (listingId: string) =>
  tdb.db
    .selectFrom("probes")
    .selectAll()
    .where("listing_id", "=", listingId)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();

describe("probes and redirects", () => {
  it("a 402 reached on another origin does not pass: redirected_off_origin, the other origin untouched", async () => {
    const target = await listed("/off/v1/paid");
    const v1Before = demo.sellers.v1.control.requests.length;
    const o = await runProbe(client, target, slot++, { timeoutMs: 2000 });
    expect(o.passed).toBe(false);
    expect(o.failureReason).toBe("redirected_off_origin");
    expect(o.challenge).toBeNull();
    // The probe never asked the other origin anything.
    expect(demo.sellers.v1.control.requests.length).toBe(v1Before);
    await recordProbe(tdb.db, o);
    const row = await probeRow(target.id);
    expect(row).toMatchObject({ outcome: "fail", failure_reason: "redirected_off_origin" });
    // Where the endpoint pointed is on the record, so the seller can list that URL instead.
    expect(row.detail).toMatchObject({
      get: {
        error: "redirected_off_origin",
        redirected_to: new URL(demo.sellers.v1.url).origin,
      },
    });
    const listing = await tdb.db
      .selectFrom("listings")
      .select(["probes_passed", "probes_failed"])
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    expect(listing).toMatchObject({ probes_passed: 0, probes_failed: 1 });
  });

  it("a redirect within the endpoint's origin is followed; the final URL is recorded", async () => {
    const target = await listed("/same/v1/paid");
    const o = await runProbe(client, target, slot++, { timeoutMs: 2000 });
    expect(o.passed).toBe(true);
    expect(o.verifiedVia).toBe("GET");
    expect(o.detail).toMatchObject({
      get: { status: 402, challenge: "valid", final_url: `http://hop.test:${hopPort}/same/v1/here` },
    });
  });

  it("a sample route that redirects to another origin is not a working sample", async () => {
    const target = await listed("/same/v1/paid?s=1", "/off/sample");
    const sampleBefore = demo.sellers["with-sample"].control.requests.length;
    const o = await runProbe(client, target, slot++, { timeoutMs: 2000 });
    expect(o.sampleOk).toBe(false);
    expect(demo.sellers["with-sample"].control.requests.length).toBe(sampleBefore);
  });
});
