import type { FacilitatorClient } from "@x402/core/server";
import { x402ResourceServer } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { paymentMiddleware } from "@x402/hono";
import { type Context, Hono } from "hono";
import { Challenge } from "mppx";
import { BASE_USDC } from "../chain/chain.js";
import { encodeHeader, paymentRequired } from "./challenge.js";
import { sellPaidMpp } from "./mpp.js";
import { sellPaidV1 } from "./v1.js";

/** Runtime switches a test flips on a running seller. */
export interface SellerControl {
  /** Every request answers 500 until repaired. */
  broken: boolean;
  /** flaky: the next answers pass (402) or fail (500). */
  mode: "pass" | "fail";
  /** slow: milliseconds before answering. */
  delayMs: number;
  /** claimable: the token served as proof, and where. */
  claimToken: string | null;
  claimVia: "well-known" | "header" | "both";
  /** mpp-evm-only: the recipient its challenges name instead of its own payTo (a test moves it); null: its own. */
  payTo: string | null;
  /** What the seller received (method, path, headers). */
  requests: { method: string; path: string; headers: Record<string, string> }[];
}

export const SELLER_NAMES = [
  "x402-hono",
  "v1",
  "mpp",
  "free",
  "refuse",
  "post-only",
  "slow",
  "flaky",
  "rotating-payto",
  "burn-payto",
  "with-sample",
  "claimable",
  // Sellers that take the payment and then cheat (they need a facilitator, as x402-hono does):
  "cheat-html",
  "cheat-schema",
  "cheat-empty",
  "every-other",
  "cheat-stall",
  "cheat-500",
  "over-price",
  "rotate-after-pay",
  // MPP with mppx's `evm` charge method, settled through the facilitator; the second without mppx's x402 header:
  "mpp-evm",
  "mpp-evm-only",
] as const;

/** Sellers whose paid route settles through a facilitator and which are not built without one. */
export const SETTLING_SELLERS: readonly SellerName[] = [
  "x402-hono",
  "cheat-html",
  "cheat-schema",
  "cheat-empty",
  "every-other",
  "cheat-stall",
  "cheat-500",
  "over-price",
  "rotate-after-pay",
  "mpp-evm",
  "mpp-evm-only",
];
export type SellerName = (typeof SELLER_NAMES)[number];
/**
 * Sellers that take payment when they have a facilitator (what they promise is FORECAST_SCHEMA): the settling
 * ones, and the v1 seller, which is built without a facilitator too (it then only challenges).
 */
export const SELLING_SELLERS: readonly SellerName[] = [...SETTLING_SELLERS, "v1"];

export const PAID_PATH = "/v1/paid";
export const SAMPLE_PATH = "/v1/sample";
export const PRICE_ATOMIC = "10000"; // 0.01 USDC

export interface SellerOptions {
  payTo: string;
  /** Rotating-payto seller's addresses. */
  rotatingPayTos: string[];
  facilitator?: FacilitatorClient;
  serviceName: string;
}

const newControl = (): SellerControl => ({
  broken: false,
  mode: "pass",
  delayMs: 15_000,
  claimToken: null,
  claimVia: "both",
  payTo: null,
  requests: [],
});

/** What the honest paid sellers deliver; its schema is FORECAST_SCHEMA. */
export const FORECAST = { city: "Lisbon", forecast: [{ hour: 0, temp_c: 17 }], paid: true };
export const FORECAST_SCHEMA = {
  type: "object",
  required: ["city", "forecast"],
  properties: {
    city: { type: "string" },
    forecast: { type: "array", items: { type: "object", required: ["hour", "temp_c"] } },
  },
};

/** Quotes this seller makes that differ from the honest ones (over-price asks 5x the listed 0.01). */
export const OVER_PRICE_ATOMIC = "50000";

/** GET PAID_PATH behind the official x402 Hono middleware (settles through the facilitator), then `answer`. */
function sellPaid(
  app: Hono,
  opts: SellerOptions,
  answer: (c: Context) => Response | Promise<Response>,
  terms: { amount?: string; payTo?: () => string } = {},
) {
  if (!opts.facilitator) throw new Error("a settling seller needs a facilitator");
  const server = new x402ResourceServer(opts.facilitator).register("eip155:8453", new ExactEvmScheme());
  app.use(
    paymentMiddleware(
      {
        [`GET ${PAID_PATH}`]: {
          accepts: {
            scheme: "exact",
            network: "eip155:8453",
            payTo: terms.payTo ?? opts.payTo,
            price: {
              amount: terms.amount ?? PRICE_ATOMIC,
              asset: BASE_USDC,
              extra: { name: "USD Coin", version: "2" },
            },
            maxTimeoutSeconds: 60,
          },
          description: "Demo weather forecast",
          mimeType: "application/json",
        },
      },
      server,
    ),
  );
  app.get(PAID_PATH, answer);
}

const headersOf = (c: Context) => Object.fromEntries(c.req.raw.headers.entries());

/** One seller's Hono app and its control switches. */
export function buildSeller(name: SellerName, opts: SellerOptions): { app: Hono; control: SellerControl } {
  const control = newControl();
  const app = new Hono();
  app.use("*", async (c, next) => {
    control.requests.push({ method: c.req.method, path: c.req.path, headers: headersOf(c) });
    if (control.requests.length > 1000) control.requests.splice(0, 500);
    if (control.broken) return c.json({ error: "broken on purpose" }, 500);
    await next();
  });
  const challenge402 = (c: Context, payTo = opts.payTo) =>
    c.json({}, 402, { "PAYMENT-REQUIRED": encodeHeader(paymentRequired(c.req.url, payTo, PRICE_ATOMIC)) });

  switch (name) {
    case "x402-hono":
      sellPaid(app, opts, (c) => c.json(FORECAST));
      break;
    case "cheat-html":
      sellPaid(app, opts, (c) => c.html("<!doctype html><html><body>Thanks for your payment!</body></html>"));
      break;
    case "cheat-schema":
      sellPaid(app, opts, (c) => c.json({ city: 42, forecast: "sunny" }));
      break;
    case "cheat-empty":
      sellPaid(app, opts, (c) => c.body(null, 200));
      break;
    case "cheat-stall":
      // Takes the payment, then answers only after `control.delayMs` (15 s unless a test sets it): past a
      // buyer's timeout. The x402 middleware settles once the answer is made, whether anyone still waits.
      sellPaid(app, opts, async (c) => {
        await new Promise((r) => setTimeout(r, control.delayMs));
        return c.json(FORECAST);
      });
      break;
    case "cheat-500":
      // The official middleware settles only a successful answer; this seller answers 200, lets the
      // payment settle, then swaps the answer for a 500 (keeping the settlement receipt): paid, nothing given.
      app.use(PAID_PATH, async (c, next) => {
        await next();
        const receipt = c.res.headers.get("payment-response");
        if (c.res.status === 200 && receipt)
          c.res = new Response(JSON.stringify({ error: "internal error" }), {
            status: 500,
            headers: { "content-type": "application/json", "payment-response": receipt },
          });
      });
      sellPaid(app, opts, (c) => c.json(FORECAST));
      break;
    case "over-price":
      // Listed at 0.01 USD, quotes 0.05: a buyer that checks the listed price never pays it.
      sellPaid(app, opts, (c) => c.json(FORECAST), { amount: OVER_PRICE_ATOMIC });
      break;
    case "rotate-after-pay": {
      // Delivers, then moves its payTo to the next address after every settled payment: the next quote names
      // an address no probe has seen yet.
      let i = -1;
      const current = () =>
        i < 0 ? opts.payTo : (opts.rotatingPayTos[i % opts.rotatingPayTos.length] as string);
      app.use(PAID_PATH, async (c, next) => {
        await next();
        if (c.res.status === 200 && c.res.headers.get("payment-response")) i++;
      });
      sellPaid(app, opts, (c) => c.json(FORECAST), { payTo: current });
      break;
    }
    case "every-other": {
      let n = 0;
      sellPaid(app, opts, (c) => (n++ % 2 === 0 ? c.json(FORECAST) : c.body(null, 200)));
      break;
    }
    case "v1":
      // Challenges in v1's JSON body form; sells (X-PAYMENT) when it has a facilitator.
      sellPaidV1(
        app,
        PAID_PATH,
        { payTo: opts.payTo, amountAtomic: PRICE_ATOMIC, facilitator: opts.facilitator },
        (c) => c.json(FORECAST),
      );
      break;
    case "mpp-evm":
      if (!opts.facilitator) throw new Error("a settling seller needs a facilitator");
      sellPaidMpp(
        app,
        PAID_PATH,
        { payTo: () => opts.payTo, amount: "0.01", facilitator: opts.facilitator },
        (c) => c.json(FORECAST),
      );
      break;
    case "mpp-evm-only":
      // The same MPP evm charge with no x402 terms beside it: only an MPP client can read or pay it.
      if (!opts.facilitator) throw new Error("a settling seller needs a facilitator");
      sellPaidMpp(
        app,
        PAID_PATH,
        {
          payTo: () => control.payTo ?? opts.payTo,
          amount: "0.01",
          facilitator: opts.facilitator,
          mppOnly: true,
        },
        (c) => c.json(FORECAST),
      );
      break;
    case "mpp":
      // MPP with the `tempo` method only: a challenge no client here can settle (Tempo is another chain).
      app.all(PAID_PATH, (c) => {
        const ch = Challenge.from({
          id: "demo-challenge",
          realm: new URL(c.req.url).host,
          method: "tempo",
          intent: "charge",
          request: { amount: PRICE_ATOMIC, currency: BASE_USDC, recipient: opts.payTo },
        });
        return c.json(
          {
            type: "https://paymentauth.org/problems/payment-required",
            title: "Payment Required",
            status: 402,
          },
          402,
          { "WWW-Authenticate": Challenge.serialize(ch), "content-type": "application/problem+json" },
        );
      });
      break;
    case "free":
      app.all(PAID_PATH, (c) => c.json({ free: true }));
      break;
    case "refuse":
      app.get(PAID_PATH, (c) => c.json({ error: "forbidden" }, 403));
      app.post(PAID_PATH, (c) => c.json({ error: "method not allowed" }, 405));
      break;
    case "post-only":
      app.get(PAID_PATH, (c) => c.json({ error: "use POST" }, 405));
      app.post(PAID_PATH, (c) => challenge402(c));
      break;
    case "slow":
      app.all(PAID_PATH, async (c) => {
        await new Promise((r) => setTimeout(r, control.delayMs));
        return challenge402(c);
      });
      break;
    case "flaky":
      app.all(PAID_PATH, (c) =>
        control.mode === "pass" ? challenge402(c) : c.json({ error: "flaked" }, 500),
      );
      break;
    case "rotating-payto": {
      let i = 0;
      app.all(PAID_PATH, (c) => challenge402(c, opts.rotatingPayTos[i++ % opts.rotatingPayTos.length]));
      break;
    }
    case "burn-payto":
      app.all(PAID_PATH, (c) => challenge402(c, "0x000000000000000000000000000000000000dEaD"));
      break;
    case "with-sample":
      app.get(SAMPLE_PATH, (c) => c.json({ sample: true, forecast: [{ hour: 0, temp_c: 17 }] }));
      app.all(PAID_PATH, (c) => challenge402(c));
      break;
    case "claimable":
      app.get(`/.well-known/${opts.serviceName}-claim`, (c) =>
        control.claimToken && control.claimVia !== "header"
          ? c.text(control.claimToken)
          : c.json({ error: "none" }, 404),
      );
      app.all(PAID_PATH, (c) => {
        const res = challenge402(c);
        if (control.claimToken && control.claimVia !== "well-known")
          res.headers.set(`x-${opts.serviceName}-claim`, control.claimToken);
        return res;
      });
      break;
  }
  return { app, control };
}
