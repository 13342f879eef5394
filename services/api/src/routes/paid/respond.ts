import { clientKey } from "@tollgate/platform";
import { ApiError } from "@tollgate/schema";
import type { PaidAnswer, PaidRoute, Seller, SellRequest } from "@tollgate/x402";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { undocumentedErrorBody } from "../../error-docs.js";

const isErrorBody = (body: unknown): body is { error: string } =>
  typeof body === "object" && body !== null && typeof (body as { error?: unknown }).error === "string";

/**
 * A PaidAnswer as an HTTP response; a refusal's body carries the request id like every error body, and is
 * held to the operation's documented codes like `errorJson` (a 402 offer may carry the facilitator's reason).
 */
export function respond(c: Context, a: PaidAnswer) {
  const ctx = c as Context<AppEnv>;
  if (a.status >= 400 && isErrorBody(a.body)) {
    const requestId = ctx.get("requestId");
    const offer = typeof (a.body as { x402Version?: unknown }).x402Version === "number";
    const problem = ctx.get("errorDocs")?.(c, a.status, a.body.error, { offer });
    if (problem) return c.json({ ...undocumentedErrorBody(problem), request_id: requestId }, 500);
    return c.json({ ...a.body, request_id: requestId }, a.status as ContentfulStatusCode, a.headers);
  }
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

/**
 * The payment a request presents. A HEAD request presents none, whatever it sends: HEAD is a safe method
 * (RFC 9110 §9.2.1) and its answer has no body, so a payment taken for it would buy an answer nobody can
 * read, and the same payment could not be presented again with GET (another request). It is answered as an
 * unpaid GET is: the 402 terms, in the PAYMENT-REQUIRED header.
 */
export const paymentHeader = (c: Context) =>
  c.req.method === "HEAD" ? null : (c.req.header("payment-signature") ?? null);

/**
 * What identifies a paid request: its method, path and query, body (as parsed JSON; see `fingerprints`), and the
 * payment it carries. The
 * resource URL offered in the 402 terms is built on the public origin (never the Host header); a query too
 * long to repeat in a header is left out (no paid route reads one that long). The client is its address as
 * the rate limits count it (X-Forwarded-For believed from trusted proxies only; IPv6 by /64): a delivered
 * answer is repeated to that client only.
 */
export const sellRequest = (c: Context, deps: Pick<AppDeps, "publicBaseUrl">, body?: string): SellRequest => {
  const u = new URL(c.req.url);
  const search = u.search.length <= 512 ? u.search : "";
  const ip = (c as Context<AppEnv>).get("clientIp");
  return {
    url: `${deps.publicBaseUrl}${u.pathname}${search}`,
    method: c.req.method,
    paymentHeader: paymentHeader(c),
    misnamedHeader: paymentHeader(c) === null && c.req.header("x-payment") !== undefined,
    body,
    client: ip ? clientKey(ip) : undefined,
  };
};

/**
 * The one recipe of a paid route: a payment presented before gets its kept answer first (whatever changed
 * since); then the route's refusals, which offer nothing and charge nothing (unknown id, stale data); then
 * the sale, charged only on the route's success status.
 */
export async function sellPaid(
  c: Context,
  deps: AppDeps,
  route: PaidRoute,
  steps: {
    refuse?: (seller: Seller) => Promise<PaidAnswer | null>;
    answer: () => Promise<PaidAnswer>;
    body?: string;
  },
) {
  const seller = requireSeller(deps);
  const req = sellRequest(c, deps, steps.body);
  const prior = await seller.prior(req, route);
  if (prior) return respond(c, prior);
  const refused = steps.refuse ? await steps.refuse(seller) : null;
  if (refused) return respond(c, refused);
  return respond(c, await seller.sell(req, route, steps.answer));
}

/** Absolute URLs for the key set and attestations, from the configured public origin (never the Host header). */
export const urls = (deps: Pick<AppDeps, "publicBaseUrl">) => ({
  keyUrl: `${deps.publicBaseUrl}/.well-known/jwks.json`,
  attestationUrl: (id: string) => `${deps.publicBaseUrl}/v1/attestations/${id}`,
});
