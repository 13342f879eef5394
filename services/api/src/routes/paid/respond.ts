import { ApiError } from "@tollgate/schema";
import type { PaidAnswer } from "@tollgate/x402";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppDeps } from "../../deps.js";

/** A PaidAnswer as an HTTP response. */
export function respond(c: Context, a: PaidAnswer) {
  return c.json(a.body as object, a.status as ContentfulStatusCode, a.headers);
}

export function requireSeller(deps: AppDeps) {
  const seller = deps.payments.seller;
  if (!seller)
    throw new ApiError(
      "service_unavailable",
      "payments are not configured on this deployment; nothing was offered or charged",
      {},
      { "retry-after": "3600" },
    );
  return seller;
}

export const paymentHeader = (c: Context) => c.req.header("payment-signature") ?? null;

/** Absolute URLs for the key set and attestations, from the request's own origin. */
export const urls = (c: Context) => {
  const origin = new URL(c.req.url).origin;
  return {
    keyUrl: `${origin}/.well-known/jwks.json`,
    attestationUrl: (id: string) => `${origin}/v1/attestations/${id}`,
  };
};
