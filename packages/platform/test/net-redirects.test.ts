import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeHttpClient, SafeFetchError } from "../src/net/index.js";

// Two loopback origins: the one a request is addressed to (seller.test) and another one (elsewhere.test).
type Hit = { url?: string; headers: IncomingMessage["headers"] };
function server(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: Hit[] = [];
  const s = createServer((req, res) => {
    hits.push({ url: req.url, headers: req.headers });
    handler(req, res);
  });
  return {
    hits,
    async listen() {
      await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
      return (s.address() as AddressInfo).port;
    },
    close: () =>
      new Promise<void>((r) => {
        s.closeAllConnections();
        s.close(() => r());
      }),
  };
}

const BIG_REDIRECT_BODY = 32 * 1024 * 1024;
/** What the seller managed to hand to its socket for the oversized redirect body, and how it ended. */
const bigBody = { written: 0, ended: null as null | "finished" | "cut" };

const elsewhere = server((_req, res) => {
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ elsewhere: true }));
});
const seller = server((req, res) => {
  if (req.url === "/off-origin") {
    res.writeHead(302, { location: `http://elsewhere.test:${elsewherePort}/landing` });
    return res.end();
  }
  if (req.url === "/off-origin-307") {
    res.writeHead(307, { location: `http://elsewhere.test:${elsewherePort}/landing` });
    return res.end();
  }
  if (req.url === "/same-origin") {
    res.writeHead(302, { location: "/landing" });
    return res.end();
  }
  if (req.url === "/bad-location") {
    res.writeHead(302, { location: "http://[" });
    return res.end();
  }
  if (req.url === "/big-redirect") {
    // A redirect whose body never needs reading: written with backpressure, so `written` is what the
    // client actually took off the socket (plus kernel buffers).
    res.writeHead(302, { location: "/landing", "content-length": String(BIG_REDIRECT_BODY) });
    const chunk = Buffer.alloc(64 * 1024, 120);
    const pump = () => {
      while (bigBody.written < BIG_REDIRECT_BODY) {
        bigBody.written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    res.on("finish", () => {
      bigBody.ended ??= "finished";
    });
    res.on("close", () => {
      bigBody.ended ??= "cut";
    });
    return pump();
  }
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ here: req.url }));
});
let sellerPort = 0;
let elsewherePort = 0;

beforeAll(async () => {
  sellerPort = await seller.listen();
  elsewherePort = await elsewhere.listen();
});
afterAll(async () => {
  await seller.close();
  await elsewhere.close();
});

const client = () =>
  createSafeHttpClient({
    verifiedBy: "tollgate",
    allowHttp: true,
    timeoutMs: 3000,
    allowance: { hosts: { "seller.test": "127.0.0.1", "elsewhere.test": "127.0.0.1" }, cidrs: [] },
  });

const SECRET_HEADERS = {
  authorization: "Bearer owner-secret",
  cookie: "session=owner",
  "payment-signature": "signed-payment",
  "x-payment": "signed-payment-v1",
  "x-claim-token": "edit-token",
};

describe("redirects to another origin", () => {
  it("sameOriginRedirectsOnly refuses the hop with redirected_off_origin and never contacts the other origin", async () => {
    const c = client();
    const before = elsewhere.hits.length;
    const err = await c
      .request(`http://seller.test:${sellerPort}/off-origin`, { sameOriginRedirectsOnly: true })
      .catch((e) => e);
    expect(err).toBeInstanceOf(SafeFetchError);
    expect((err as SafeFetchError).code).toBe("redirected_off_origin");
    // The refused target is named, so a caller can record where the endpoint pointed.
    expect((err as SafeFetchError).url).toBe(`http://elsewhere.test:${elsewherePort}/landing`);
    expect(elsewhere.hits.length).toBe(before);
    await c.close();
  });

  it("sameOriginRedirectsOnly still follows a redirect within the origin and reports the final URL", async () => {
    const c = client();
    const res = await c.request(`http://seller.test:${sellerPort}/same-origin`, {
      sameOriginRedirectsOnly: true,
      headers: SECRET_HEADERS,
    });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`http://seller.test:${sellerPort}/landing`);
    expect(res.redirects).toEqual([`http://seller.test:${sellerPort}/same-origin`]);
    // Same origin: the caller's headers go along.
    expect(seller.hits.at(-1)?.headers.authorization).toBe("Bearer owner-secret");
    await c.close();
  });

  it("when cross-origin redirects are followed, the caller's headers stay behind; X-Verified-By goes along", async () => {
    const c = client();
    const before = elsewhere.hits.length;
    const res = await c.request(`http://seller.test:${sellerPort}/off-origin`, { headers: SECRET_HEADERS });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`http://elsewhere.test:${elsewherePort}/landing`);
    expect(elsewhere.hits.length).toBe(before + 1);
    const h = elsewhere.hits.at(-1)!.headers;
    for (const name of Object.keys(SECRET_HEADERS)) expect(h[name], name).toBeUndefined();
    expect(h["x-verified-by"]).toBe("tollgate");
    await c.close();
  });

  it("a body is never re-sent to another origin (307 with a body is refused there)", async () => {
    const c = client();
    const before = elsewhere.hits.length;
    const err = await c
      .request(`http://seller.test:${sellerPort}/off-origin-307`, {
        method: "POST",
        body: '{"payment":"signed"}',
        headers: { "content-type": "application/json" },
      })
      .catch((e) => e);
    expect((err as SafeFetchError).code).toBe("redirected_off_origin");
    expect(elsewhere.hits.length).toBe(before);
    await c.close();
  });

  it("an unreadable Location is a protocol_error, not a crash", async () => {
    const c = client();
    const err = await c.request(`http://seller.test:${sellerPort}/bad-location`).catch((e) => e);
    expect(err).toBeInstanceOf(SafeFetchError);
    expect((err as SafeFetchError).code).toBe("protocol_error");
    await c.close();
  });
});

describe("redirect bodies", () => {
  it("are read only up to a small cap: a huge redirect body is cut off, the redirect still followed", async () => {
    const c = client();
    const res = await c.request(`http://seller.test:${sellerPort}/big-redirect`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ here: "/landing" });
    const until = Date.now() + 5000;
    while (bigBody.ended === null && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(bigBody.ended).toBe("cut");
    // Kernel socket buffers take a few MB at most; an uncapped drain takes all 32 MB.
    expect(bigBody.written).toBeLessThan(BIG_REDIRECT_BODY / 2);
    await c.close();
  });
});
