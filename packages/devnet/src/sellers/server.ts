import { serve } from "@hono/node-server";
import type { FacilitatorClient } from "@x402/core/server";
import type { Hono } from "hono";
import { BASE_USDC } from "../chain/chain.js";
import { encodeHeader, paymentRequired } from "./challenge.js";
import {
  buildSeller,
  OVER_PRICE_ATOMIC,
  PAID_PATH,
  PRICE_ATOMIC,
  SAMPLE_PATH,
  SELLER_NAMES,
  SETTLING_SELLERS,
  type SellerControl,
  type SellerName,
} from "./sellers.js";

export const SELLER_DOMAIN = "sellers.test";
/** The devnet's discovery catalogue (a facilitator's Bazaar-style list): `http://<host>:<port>/discovery/resources`. */
export const CATALOGUE_HOST = `catalogue.${SELLER_DOMAIN}`;

/**
 * Sellers the devnet catalogue lists. `pnpm start` does not submit the first three: they enter the directory
 * only through the catalogue import (origin `indexed`); the honest seller is listed both ways, to show the
 * import deduplicating by canonical endpoint.
 */
export const CATALOGUE_ONLY_SELLERS: readonly SellerName[] = ["cheat-500", "over-price", "rotate-after-pay"];
const CATALOGUE_SELLERS: readonly SellerName[] = [...CATALOGUE_ONLY_SELLERS, "x402-hono"];
const CATALOGUE_PITCH: Partial<
  Record<SellerName, { serviceName: string; description: string; tags: string[] }>
> = {
  "cheat-500": {
    serviceName: "Hourly weather API",
    description: "Hourly weather forecast for any city on Earth",
    tags: ["weather", "forecast"],
  },
  "over-price": {
    serviceName: "Marine weather",
    description: "Marine weather: wind, waves and tides for sailors",
    tags: ["weather", "marine"],
  },
  "rotate-after-pay": {
    serviceName: "FX quotes",
    description: "Stock market quotes and foreign exchange rates, delayed 15 minutes",
    tags: ["finance", "fx"],
  },
  "x402-hono": {
    serviceName: "Weather by the hour",
    description: "Hourly weather forecast for any city, paid per call",
    tags: ["weather"],
  },
};
export const FLEET_DOMAIN = "fleet.test";

export interface DemoSeller {
  name: SellerName;
  host: string;
  /** The paid endpoint (what gets listed). */
  url: string;
  /** The same endpoint on 127.0.0.1 for clients that are not behind the guard (buyers). */
  directUrl: string;
  sampleUrl: string | null;
  control: SellerControl;
}

export interface DemoSellers {
  port: number;
  sellers: Record<SellerName, DemoSeller>;
  /** host → address map for the SSRF guard's allowance (SSRF_ALLOW_HOSTS form: "h=a,h=a"). */
  allowance: Record<string, string>;
  allowanceEnv: string;
  /** The devnet's discovery catalogue (Bazaar item format), reached through the allowance like the sellers. */
  catalogueUrl: string;
  stop(): Promise<void>;
}

async function listen(fetch: (req: Request) => Response | Promise<Response>, port = 0) {
  const server = serve({ fetch, hostname: "127.0.0.1", port });
  await new Promise((r) => server.once("listening", r));
  const address = server.address() as { port: number };
  return {
    port: address.port,
    stop: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * Every demo seller on one loopback port, told apart by host name (`<name>.sellers.test`), so the
 * SSRF guard reaches them through an explicit host→127.0.0.1 allowance and stays on.
 */
export async function startDemoSellers(opts: {
  payTo: string;
  rotatingPayTos?: string[];
  facilitator?: FacilitatorClient;
  serviceName?: string;
  port?: number;
}): Promise<DemoSellers> {
  const apps = new Map<string, Hono>();
  const built: Partial<Record<SellerName, { control: SellerControl }>> = {};
  for (const name of SELLER_NAMES) {
    if (SETTLING_SELLERS.includes(name) && !opts.facilitator) continue;
    const { app, control } = buildSeller(name, {
      payTo: opts.payTo,
      rotatingPayTos: opts.rotatingPayTos ?? [
        "0x2222222222222222222222222222222222222222",
        "0x3333333333333333333333333333333333333333",
        "0x4444444444444444444444444444444444444444",
      ],
      facilitator: opts.facilitator,
      serviceName: opts.serviceName ?? "tollgate",
    });
    apps.set(`${name}.${SELLER_DOMAIN}`, app);
    built[name] = { control };
  }
  let port = 0;
  const catalogue = (req: Request): Response => {
    const u = new URL(req.url);
    if (u.pathname !== "/discovery/resources") return new Response("not found", { status: 404 });
    const items = CATALOGUE_SELLERS.filter((n) => built[n]).map((n) => ({
      resource: `http://${n}.${SELLER_DOMAIN}:${port}${PAID_PATH}`,
      type: "http",
      x402Version: 2,
      accepts: [
        {
          scheme: "exact",
          network: "eip155:8453",
          asset: BASE_USDC as string,
          amount: n === "over-price" ? OVER_PRICE_ATOMIC : PRICE_ATOMIC,
          payTo: opts.payTo,
          maxTimeoutSeconds: 60,
          extra: { name: "USD Coin", version: "2" },
        },
      ],
      lastUpdated: new Date().toISOString(),
      mimeType: "application/json",
      ...CATALOGUE_PITCH[n],
    }));
    // One entry a registry must not import: paid in another asset on another network.
    items.push({
      resource: `http://elsewhere.${SELLER_DOMAIN}:${port}${PAID_PATH}`,
      type: "http",
      x402Version: 2,
      accepts: [
        {
          ...items[0]!.accepts[0]!,
          network: "eip155:1",
          asset: "0x0000000000000000000000000000000000000001",
        },
      ],
      lastUpdated: new Date().toISOString(),
      mimeType: "application/json",
      serviceName: "Not on Base",
      description: "Paid on another chain",
      tags: [],
    });
    const limit = Math.max(1, Math.min(100, Number(u.searchParams.get("limit") ?? 20) || 20));
    const offset = Math.max(0, Number(u.searchParams.get("offset") ?? 0) || 0);
    return Response.json({
      x402Version: 2,
      items: items.slice(offset, offset + limit),
      pagination: { limit, offset, total: items.length },
    });
  };
  const server = await listen((req) => {
    const host = (req.headers.get("host") ?? "").replace(/:\d+$/, "").toLowerCase();
    if (host === CATALOGUE_HOST) return catalogue(req);
    const app = apps.get(host);
    if (app) return app.fetch(req);
    // Direct form for clients outside the guard (buyers): http://127.0.0.1:<port>/_/<name>/<path>
    const m = /^\/_\/([a-z0-9-]+)(\/.*)$/.exec(new URL(req.url).pathname);
    const direct = m ? apps.get(`${m[1]}.${SELLER_DOMAIN}`) : undefined;
    if (m && direct) {
      const url = new URL(req.url);
      url.pathname = m[2]!;
      return direct.fetch(new Request(url, req));
    }
    return new Response("unknown seller", { status: 421 });
  }, opts.port);
  port = server.port;
  const sellers = {} as Record<SellerName, DemoSeller>;
  for (const [name, b] of Object.entries(built) as [SellerName, { control: SellerControl }][]) {
    const host = `${name}.${SELLER_DOMAIN}`;
    sellers[name] = {
      name,
      host,
      url: `http://${host}:${server.port}${PAID_PATH}`,
      directUrl: `http://127.0.0.1:${server.port}/_/${name}${PAID_PATH}`,
      sampleUrl: name === "with-sample" ? `http://${host}:${server.port}${SAMPLE_PATH}` : null,
      control: b.control,
    };
  }
  const allowance = Object.fromEntries([...apps.keys(), CATALOGUE_HOST].map((h) => [h, "127.0.0.1"]));
  return {
    port: server.port,
    catalogueUrl: `http://${CATALOGUE_HOST}:${server.port}/discovery/resources`,
    sellers,
    allowance,
    allowanceEnv: Object.entries(allowance)
      .map(([h, a]) => `${h}=${a}`)
      .join(","),
    stop: server.stop,
  };
}

/**
 * `n` distinct sellers (`s<i>.fleet.test/v1/paid`) served cheaply by one loopback server, each
 * answering a valid x402 v2 challenge: what the prober benchmark probes.
 */
export async function startSellerFleet(n: number, payTo: string, opts: { delayMs?: number } = {}) {
  const header = encodeHeader(paymentRequired("http://fleet.test/v1/paid", payTo, PRICE_ATOMIC));
  let hits = 0;
  const server = await listen(async (req) => {
    hits++;
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (new URL(req.url).pathname !== PAID_PATH) return new Response("not found", { status: 404 });
    return new Response("{}", {
      status: 402,
      headers: { "content-type": "application/json", "PAYMENT-REQUIRED": header },
    });
  });
  const hosts = Array.from({ length: n }, (_, i) => `s${i}.${FLEET_DOMAIN}`);
  return {
    port: server.port,
    urls: hosts.map((h) => `http://${h}:${server.port}${PAID_PATH}`),
    allowance: Object.fromEntries(hosts.map((h) => [h, "127.0.0.1"])) as Record<string, string>,
    allowanceEnv: hosts.map((h) => `${h}=127.0.0.1`).join(","),
    hits: () => hits,
    stop: server.stop,
  };
}
