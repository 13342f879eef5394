import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from "@x402/core/http";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import type { Context, Hono } from "hono";
import { paymentRequiredV1 } from "./challenge.js";

/**
 * An x402 v1 seller on `path` (any method), as the v1 middlewares in the wild answer: the terms in a 402
 * JSON body; a request carrying `X-PAYMENT` is verified through the facilitator, answered, and settled only
 * when the answer is a 200, with the settlement in `X-PAYMENT-RESPONSE`. @x402/hono 2.27 challenges in v2
 * form only, so the v1 wire is built here from @x402/core's header helpers; verification and settlement are
 * the official facilitator's. Without a facilitator the seller only challenges (a payment gets a 402).
 */
export function sellPaidV1(
  app: Hono,
  path: string,
  terms: { payTo: string; amountAtomic: string; facilitator?: FacilitatorClient },
  answer: (c: Context) => Response | Promise<Response>,
) {
  app.all(path, async (c) => {
    const offer = paymentRequiredV1(c.req.url, terms.payTo, terms.amountAtomic);
    const refuse = (error: string, payer?: string) => c.json({ ...offer, error, payer }, 402);
    const header = c.req.header("x-payment");
    if (!header) return c.json(offer, 402);
    if (!terms.facilitator) return refuse("this seller has no facilitator");
    let payload: PaymentPayload;
    try {
      payload = decodePaymentSignatureHeader(header);
    } catch {
      return refuse("invalid X-PAYMENT header");
    }
    // @x402/core's facilitator types are v2's; a v1 payload and requirements travel through them as they are.
    const requirements = offer.accepts[0] as unknown as PaymentRequirements;
    const verified = await terms.facilitator.verify(payload, requirements);
    if (!verified.isValid) return refuse(verified.invalidReason ?? "invalid payment", verified.payer);
    const res = await answer(c);
    if (res.status !== 200) return res;
    const settled = await terms.facilitator.settle(payload, requirements);
    if (!settled.success) return refuse(settled.errorReason ?? "settlement failed", settled.payer);
    res.headers.set("X-PAYMENT-RESPONSE", encodePaymentResponseHeader(settled));
    return res;
  });
}
