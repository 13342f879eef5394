import { createServer } from "node:net";
import type { Db } from "@tollgate/db";
import { createLogger } from "@tollgate/platform";
import { createSeller, facilitatorFromConfig, generateSigningKey } from "@tollgate/x402";

/** A local port nothing listens on. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

/**
 * The real seller with a facilitator nobody answers at: paid routes offer terms and refuse unknown ids
 * as in production, and anything that tried to verify or settle a payment would fail loudly.
 */
export async function sellerWithoutFacilitator(db: Db) {
  return {
    seller: createSeller({
      db,
      log: createLogger("seller", "silent"),
      facilitator: facilitatorFromConfig({ url: `http://127.0.0.1:${await closedPort()}` }),
      payTo: "0x1111111111111111111111111111111111111111",
    }),
    signingKey: (await generateSigningKey()).key,
  };
}
