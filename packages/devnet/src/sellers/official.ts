import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { FacilitatorClient } from "@x402/core/server";
import { x402ResourceServer } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { paymentMiddleware } from "@x402/hono";
import { type Context, Hono } from "hono";

/** One offer as @x402/hono's route config takes it (`price` as atomic amount, asset and EIP-712 extra). */
export interface OfficialOffer {
  scheme: "exact";
  network: `${string}:${string}`;
  payTo: string;
  price: { amount: string; asset: string; extra?: Record<string, unknown> };
  maxTimeoutSeconds?: number;
}

/**
 * A seller as a third party writes it with the official stack: `GET <path>` behind @x402/hono's
 * `paymentMiddleware` (v2, terms in PAYMENT-REQUIRED, paid with PAYMENT-SIGNATURE, settled through the
 * facilitator), served on 127.0.0.1. For tests of what the prober and the scout make of sellers we did not
 * write; the devnet's own sellers are `startDemoSellers`.
 */
export async function startOfficialSeller(opts: {
  path: string;
  accepts: OfficialOffer[];
  facilitator: FacilitatorClient;
  answer?: (c: Context) => Response | Promise<Response>;
}): Promise<{ port: number; paid: number; stop(): Promise<void> }> {
  const server = new x402ResourceServer(opts.facilitator);
  for (const network of new Set(opts.accepts.map((a) => a.network)))
    server.register(network, new ExactEvmScheme());
  const app = new Hono();
  const state = { port: 0, paid: 0 };
  app.use(
    paymentMiddleware(
      {
        [`GET ${opts.path}`]: {
          accepts: opts.accepts.map((a) => ({ maxTimeoutSeconds: 60, ...a })),
          description: "a third-party seller",
          mimeType: "application/json",
        },
      },
      server,
    ),
  );
  app.get(opts.path, (c) => {
    state.paid++;
    return opts.answer ? opts.answer(c) : c.json({ city: "Lisbon", forecast: [{ hour: 0, temp_c: 17 }] });
  });
  const http = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => http.once("listening", r));
  state.port = (http.address() as AddressInfo).port;
  return {
    get port() {
      return state.port;
    },
    get paid() {
      return state.paid;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        (http as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        http.close(() => resolve());
      }),
  };
}
