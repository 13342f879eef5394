import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeHttpClient } from "../src/net/index.js";

// How the SSRF-safe client's connections end: a close undici decides on (code UND_ERR_INFO) reaches the
// socket with a one-line stack, so Node's stream destroy does not format (and source-map) a stack per
// connection; a real failure keeps its whole stack.
const server = createServer((req, res) => {
  if (req.url === "/close") {
    res.setHeader("connection", "close");
    return res.end("bye");
  }
  if (req.url === "/cut") {
    res.writeHead(200, { "content-length": "100" });
    res.write("0123456789");
    return void setImmediate(() => res.socket?.destroy());
  }
  res.end("ok");
});
// Keep-Alive: timeout=3, so undici closes an idle connection after about a second (3 s less its 2 s margin).
server.keepAliveTimeout = 3500;
let port = 0;

// Every socket the client's connector hands to undici, in order.
const sockets: Socket[] = [];
const onConnected = (message: unknown) => sockets.push((message as { socket: Socket }).socket);
beforeAll(async () => {
  subscribe("undici:client:connected", onConnected);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  unsubscribe("undici:client:connected", onConnected);
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const client = () =>
  createSafeHttpClient({
    verifiedBy: "tollgate",
    allowHttp: true,
    timeoutMs: 5000,
    allowance: { hosts: { "seller.test": "127.0.0.1" }, cidrs: [] },
  });

/** The error the socket was destroyed with, once it has closed. */
async function closedWith(socket: Socket): Promise<(Error & { code?: string }) | null> {
  if (!socket.closed) await new Promise((r) => socket.once("close", r));
  return socket.errored as (Error & { code?: string }) | null;
}

describe("closing connections", () => {
  it("a connection the seller closes after its answer ends with a one-line informational stack", async () => {
    const c = client();
    const res = await c.request(`http://seller.test:${port}/close`);
    expect(res.text()).toBe("bye");
    const err = await closedWith(sockets.at(-1)!);
    expect(err?.code).toBe("UND_ERR_INFO");
    expect(err?.stack).toBe(`${err?.name}: ${err?.message}`);
    await c.close();
  });

  it("an idle connection closed at its keep-alive timeout ends the same way", async () => {
    const c = client();
    expect((await c.request(`http://seller.test:${port}/`)).text()).toBe("ok");
    const err = await closedWith(sockets.at(-1)!);
    expect(err?.code).toBe("UND_ERR_INFO");
    expect(err?.message).toBe("socket idle timeout");
    expect(err?.stack).toBe(`${err?.name}: ${err?.message}`);
    await c.close();
  });

  it("a connection that fails keeps its error's whole stack", async () => {
    const c = client();
    const failed = await c.request(`http://seller.test:${port}/cut`).catch((e) => e);
    expect(failed).toMatchObject({ code: "connection_reset" });
    const err = await closedWith(sockets.at(-1)!);
    expect(err?.code).not.toBe("UND_ERR_INFO");
    expect(err?.stack).toMatch(/\n\s+at /);
    await c.close();
  });
});
