import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientErrorsAsJson, serverTimeouts } from "../src/client-errors.js";
import { startTestApi, type TestApi } from "./helpers.js";
import { sellerWithoutFacilitator } from "./offline-seller.js";

let t: TestApi;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  t = await startTestApi({ payments: sellerWithoutFacilitator });
  // The api's own server options, with a 1 s limit instead of the 30 s default.
  server = serve({
    fetch: t.app.fetch,
    hostname: "127.0.0.1",
    port: 0,
    serverOptions: serverTimeouts(1000, 100),
  });
  answerClientErrorsAsJson(server);
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.close();
  await t.tdb.drop();
});

/** Sends `head` and then nothing more; what the server answers, and after how long the socket ended. */
function stall(head: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    let answer = "";
    socket.on("data", (b) => {
      answer += b;
    });
    socket.on("close", () => resolve({ answer, ms: Date.now() - started }));
    socket.on("error", reject);
    setTimeout(() => reject(new Error("the server held the stalled request for 10 s")), 10_000).unref();
  });
}

describe("a client that stops sending its request", () => {
  it("a body that never arrives in full is answered 408 request_timeout in JSON, and the socket is closed", async () => {
    const { answer } = await stall(
      'POST /v1/listings HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"name":',
    );
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head).toMatch(/content-type: application\/json/);
    expect(JSON.parse(body!)).toMatchObject({ error: "request_timeout", request_id: expect.any(String) });
    // Nothing was created by the half request.
    const list = await (await t.req("GET", "/v1/listings")).json();
    expect(list.results).toHaveLength(0);
  });

  it("headers that never end get the same answer", async () => {
    const { answer } = await stall("GET /v1/categories HTTP/1.1\r\nHost: x\r\nx-slow: 1\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("the api's default gives a client 30 s", () => {
    expect(serverTimeouts(30_000)).toEqual({
      requestTimeout: 30_000,
      headersTimeout: 30_000,
      connectionsCheckingInterval: 5000,
    });
  });
});
