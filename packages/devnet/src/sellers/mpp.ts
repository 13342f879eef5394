import type { FacilitatorClient } from "@x402/core/server";
import type { Context, Hono } from "hono";
import { evm, Mppx } from "mppx/server";
import { BASE_USDC } from "../chain/chain.js";

/** A fixed devnet key: mppx binds its challenge ids to their contents with it (HMAC). Not a secret. */
const DEVNET_MPP_SECRET = "tollgate-devnet-mpp-challenge-binding-key";

/**
 * An MPP seller on `path` (any method) with mppx's own `evm` charge method: the challenge
 * (`WWW-Authenticate: Payment … method="evm"`) asks for an EIP-3009 authorization of USDC on chain 8453; the
 * credential (`Authorization: Payment …`) is verified and settled through the x402 facilitator, and the
 * answer carries a `Payment-Receipt` naming the transaction. mppx also offers the same terms as an x402 v2
 * `PAYMENT-REQUIRED` header on every challenge (its compatibility wire): kept unless `mppOnly`, which drops it,
 * so the challenge speaks MPP alone. `payTo` is read on every request (a test may move the recipient).
 */
export function sellPaidMpp(
  app: Hono,
  path: string,
  terms: { payTo: () => string; amount: string; facilitator: FacilitatorClient; mppOnly?: boolean },
  answer: (c: Context) => Response | Promise<Response>,
) {
  const mppx = Mppx.create({
    methods: [
      evm.charge({
        currency: BASE_USDC,
        chainId: 8453,
        decimals: 6,
        authorization: { name: "USD Coin", version: "2" },
        recipient: terms.payTo() as `0x${string}`,
        // mppx takes an x402 facilitator client (verify/settle); ours settles on the local chain.
        x402: { facilitator: terms.facilitator as never },
      }),
    ],
    secretKey: DEVNET_MPP_SECRET,
  });
  app.all(path, async (c) => {
    const charge = mppx.evm.charge({
      amount: terms.amount,
      description: "Demo weather forecast",
      recipient: terms.payTo() as `0x${string}`,
    });
    const result = await charge(c.req.raw);
    if (result.status === 402) {
      if (!terms.mppOnly) return result.challenge;
      const headers = new Headers(result.challenge.headers);
      headers.delete("payment-required");
      return new Response(result.challenge.body, { status: 402, headers });
    }
    return result.withReceipt(await answer(c));
  });
}
