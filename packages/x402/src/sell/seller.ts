import type { Db } from "@tollgate/db";
import type { Logger } from "@tollgate/platform";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { closeAttempt, reserveAuthorization } from "./ledger.js";

export const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

export interface SellerConfig {
  db: Db;
  log: Logger;
  facilitator: FacilitatorClient;
  payTo: string;
  asset?: string;
  network?: string;
  /** Bound on one settlement call; past it the outcome is indeterminate, never answered 402. */
  settleTimeoutMs?: number;
}

/** What a paid handler answers; the seller decides whether it is charged. */
export interface PaidAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface PaidRoute {
  /** Ledger label, e.g. "verdict". */
  route: string;
  amountAtomic: string;
  description: string;
  /** The only status that is charged: 200, or 201 for a submission. */
  successStatus: 200 | 201;
  listingId?: string | null;
}

export interface SellRequest {
  url: string;
  /** The PAYMENT-SIGNATURE header, if any. */
  paymentHeader: string | null;
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");

function decodePayment(header: string): PaymentPayload | null {
  try {
    const obj = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as PaymentPayload;
    return obj && typeof obj === "object" && obj.payload && obj.accepted ? obj : null;
  } catch {
    return null;
  }
}

function authorizationOf(p: PaymentPayload): { from: string; nonce: string } | null {
  const auth = (p.payload as { authorization?: { from?: unknown; nonce?: unknown } }).authorization;
  return typeof auth?.from === "string" && typeof auth.nonce === "string"
    ? { from: auth.from, nonce: auth.nonce }
    : null;
}

/**
 * Selling over x402 v2 with Tollgate's money rules, stricter than the stock middleware: the answer is
 * computed first and settled only when its status is exactly the route's success status; any other
 * answer is returned uncharged. A failed settlement serves no content. A replayed authorization
 * (same payer and EIP-3009 nonce) is refused before the handler runs. A settlement that times out or
 * throws is indeterminate: answered 502, never 402 (a 402 would make the client sign and pay again).
 */
export function createSeller(cfg: SellerConfig) {
  const asset = cfg.asset ?? USDC_BASE;
  const network = cfg.network ?? "eip155:8453";

  const requirements = (route: PaidRoute): PaymentRequirements => ({
    scheme: "exact",
    network: network as PaymentRequirements["network"],
    asset,
    amount: route.amountAtomic,
    payTo: cfg.payTo,
    maxTimeoutSeconds: 60,
    extra: { name: "USD Coin", version: "2" },
  });

  /** The PaymentRequired object, identical in the header and the body. */
  const paymentRequired = (route: PaidRoute, url: string, error?: string) => ({
    x402Version: 2,
    ...(error ? { error } : {}),
    resource: { url, description: route.description, mimeType: "application/json" },
    accepts: [requirements(route)],
  });

  const offer = (route: PaidRoute, url: string, error?: string, message?: string): PaidAnswer => {
    const pr = paymentRequired(route, url, error);
    return {
      status: 402,
      body: { ...pr, ...(error ? { error, message: message ?? error } : {}) },
      headers: { "PAYMENT-REQUIRED": b64(pr) },
    };
  };

  return {
    requirements,
    paymentRequired,
    /** A 402 that offers nothing and charges nothing (unknown id, a submission that cannot be created). */
    refuse(error: string, message: string): PaidAnswer {
      return { status: 402, body: { error, message } };
    },

    async sell(req: SellRequest, route: PaidRoute, handler: () => Promise<PaidAnswer>): Promise<PaidAnswer> {
      if (!req.paymentHeader) return offer(route, req.url);
      const payload = decodePayment(req.paymentHeader);
      const auth = payload ? authorizationOf(payload) : null;
      if (!payload || !auth)
        return offer(route, req.url, "invalid_payment", "PAYMENT-SIGNATURE is not an x402 v2 exact payment");
      const reqs = requirements(route);
      let verified: Awaited<ReturnType<FacilitatorClient["verify"]>>;
      try {
        verified = await cfg.facilitator.verify(payload, reqs);
      } catch (err) {
        cfg.log.warn({ err: String(err), route: route.route }, "facilitator verify failed");
        return {
          status: 503,
          body: {
            error: "service_unavailable",
            message: "payment verification is unavailable; nothing was charged, retry later",
          },
        };
      }
      if (!verified.isValid)
        return offer(
          route,
          req.url,
          verified.invalidReason ?? "invalid_payment",
          verified.invalidMessage ?? "payment did not verify",
        );
      const attemptId = await reserveAuthorization(cfg.db, {
        route: route.route,
        resource: req.url,
        listingId: route.listingId ?? null,
        payer: auth.from,
        nonce: auth.nonce,
        amountAtomic: route.amountAtomic,
        asset,
        network,
        payTo: cfg.payTo,
      });
      if (!attemptId)
        return {
          status: 402,
          body: {
            error: "payment_already_used",
            message: "this payment authorization was already presented; sign a new one",
          },
        };

      let answer: PaidAnswer;
      try {
        answer = await handler();
      } catch (err) {
        await closeAttempt(cfg.db, attemptId, "not_charged", { error: "handler_error" });
        throw err;
      }
      if (answer.status !== route.successStatus) {
        await closeAttempt(cfg.db, attemptId, "not_charged", { error: `status_${answer.status}` });
        return answer;
      }
      let settled: Awaited<ReturnType<FacilitatorClient["settle"]>>;
      try {
        settled = await withTimeout(cfg.facilitator.settle(payload, reqs), cfg.settleTimeoutMs ?? 45_000);
      } catch (err) {
        await closeAttempt(cfg.db, attemptId, "indeterminate", { error: String(err).slice(0, 300) });
        cfg.log.error({ err: String(err), attemptId }, "settlement indeterminate");
        return {
          status: 502,
          body: {
            error: "settlement_indeterminate",
            message:
              "the settlement outcome is not known yet; do not pay again — it is reconciled on-chain and charged at most once",
            payment_id: attemptId,
          },
        };
      }
      if (!settled.success) {
        await closeAttempt(cfg.db, attemptId, "failed", {
          error: settled.errorReason ?? "settlement_failed",
        });
        return offer(
          route,
          req.url,
          settled.errorReason ?? "settlement_failed",
          "settlement failed; nothing was charged",
        );
      }
      await closeAttempt(cfg.db, attemptId, "settled", { txHash: settled.transaction });
      return {
        ...answer,
        headers: {
          ...answer.headers,
          "PAYMENT-RESPONSE": b64({
            success: true,
            transaction: settled.transaction,
            network: settled.network,
            payer: settled.payer ?? auth.from,
          }),
        },
      };
    },
  };
}
export type Seller = ReturnType<typeof createSeller>;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`settlement timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}
