import { type Chain, startChain } from "@tollgate/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// Every service is its own process: it boots, validates its config, connects to what it needs, logs
// "ready", and exits 0 on SIGTERM.
let world: World;
let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
  world = createWorld({ CHAIN_RPC_URL: chain.rpcUrl });
});
afterAll(async () => {
  await world.stop();
  await chain.stop();
});

describe("service lifecycle", () => {
  it.each(["api", "prober", "scout-buyer", "chain-indexer", "demand-aggregator", "mcp"] as const)(
    "%s starts, reports ready and stops cleanly on SIGTERM",
    async (name) => {
      const svc = await world.start(name);
      expect(svc.ready.msg).toBe("ready");
      const code = await svc.stop("SIGTERM");
      expect(code).toBe(0);
      world.services.delete(name);
    },
  );

  it("chain-indexer refuses an RPC serving another chain id", async () => {
    await expect(world.start("chain-indexer", { CHAIN_ID: "1" })).rejects.toThrow(/expected 1/);
  });
});
