import { BASE_USDC } from "../chain/chain.js";

/** A hand-built x402 v2 PaymentRequired object, as many real sellers send it. */
export function paymentRequired(resourceUrl: string, payTo: string, amountAtomic: string) {
  return {
    x402Version: 2,
    error: "Payment required",
    resource: { url: resourceUrl, description: "demo seller", mimeType: "application/json" },
    accepts: [
      {
        scheme: "exact",
        network: "eip155:8453",
        amount: amountAtomic,
        asset: BASE_USDC,
        payTo,
        maxTimeoutSeconds: 60,
        extra: { name: "USD Coin", version: "2" },
      },
    ],
  };
}

export const encodeHeader = (obj: unknown) => Buffer.from(JSON.stringify(obj)).toString("base64");

/** The same offer in x402 v1's JSON body form. */
export function paymentRequiredV1(resourceUrl: string, payTo: string, amountAtomic: string) {
  return {
    x402Version: 1,
    error: "X-PAYMENT header is required",
    accepts: [
      {
        scheme: "exact",
        network: "base",
        maxAmountRequired: amountAtomic,
        resource: resourceUrl,
        description: "demo seller (v1)",
        mimeType: "application/json",
        payTo,
        maxTimeoutSeconds: 60,
        asset: BASE_USDC,
        extra: { name: "USD Coin", version: "2" },
      },
    ],
  };
}
