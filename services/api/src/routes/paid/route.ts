import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import type { PAID_ROUTES } from "@tollgate/core";
import { findListing } from "@tollgate/registry";
import type { ErrorCode } from "@tollgate/schema";
import { isListingId } from "@tollgate/schema";
import type { PaidAnswer } from "@tollgate/x402";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import {
  commonErrors,
  errorResponseSpec,
  notFoundError,
  PAYMENT_REFUSALS,
  paymentRequiredSpec,
  saleErrors,
  type Tag,
} from "../responses.js";
import { paymentHeader, sellPaid } from "./respond.js";

/**
 * How long an unpaid request's finding that the listing exists stands for the next unpaid requests of the
 * same route and params. Such a request is only offered the terms (402, nothing is charged); a request that
 * carries a payment always looks the listing up itself, before the payment is verified and again after it.
 */
export const OFFER_FOUND_MS = 1_000;

/**
 * A paid route's listing id: any string. zod-openapi's validation must never answer first — a 400 or 404
 * would break the money rule "an unknown id answers 402 listing_not_found and is never charged" — so the
 * shape is checked by the route's find step (`isListingId`), which refuses it like an unknown id.
 */
export const PaidIdParam = z.object({
  id: z.string().openapi({
    param: { name: "id", in: "path" },
    example: "lst_3f9a0c1b2d4e5f6a7b8c",
    description:
      "a listing id; an unknown, delisted or malformed one answers 402 listing_not_found, uncharged",
  }),
});

/**
 * The query of a route that takes none (every paid route but verify-now): a parameter sent anyway answers
 * 400 unknown_query_parameter through the validation hook, as on the free reads, before anything is offered,
 * verified or charged.
 */
export const NoQuery = z.strictObject({});

/** An id as it may be echoed in a message: only the shape of an id, never arbitrary bytes. */
export const safeId = (id: string) => (isListingId(id) ? id : JSON.stringify(id.slice(0, 40)));

/** The find step of a paid listing route: the listing when it exists and is not delisted, else null. */
export async function activeListing(deps: Pick<AppDeps, "db">, id: string) {
  const listing = isListingId(id) ? await findListing(deps.db, id) : undefined;
  return listing && listing.status !== "delisted" ? listing : null;
}

type Price = (typeof PAID_ROUTES)[Exclude<
  keyof typeof PAID_ROUTES,
  "submission_fee" | "verify_now_single" | "verify_now_pack"
>];
type Input<P> = P extends z.ZodType ? z.output<P> : Record<string, never>;

/** A paid GET, declared as configuration: price, schemas, what is sold and how it is answered. */
export interface PaidRouteSpec<P extends z.ZodObject | undefined, Found> {
  /** The price-list entry (`PAID_ROUTES`): the path and the amount. */
  price: Price;
  /** The ledger's label for the sale; also names the finalizer that publishes its work (`PAID_WORK`). */
  label: string;
  operationId: string;
  tags: Tag[];
  summary: string;
  description: string;
  /** The resource description offered in the 402 terms. */
  offer: string;
  params?: P;
  response: { description: string; schema: z.ZodType };
  /**
   * Refusals besides 402 that offer and charge nothing (a switched-off tier, stale data): the description
   * and the codes each status answers.
   */
  refusals?: {
    403?: { description: string; codes: [ErrorCode, ...ErrorCode[]] };
    503?: { description: string; codes: [ErrorCode, ...ErrorCode[]] };
  };
  /** The listing a sale is about, kept on its ledger row. */
  listingId?: (input: Input<P>) => string | null;
  /**
   * What is sold, looked up before anything is offered and again once the payment verified. Null: no
   * such listing (402 listing_not_found before the offer, 404 after; never charged). A thrown ApiError
   * (stale snapshot, tier off) is answered as it is, uncharged.
   */
  find: (input: Input<P>) => Promise<Found | null>;
  /** The answer from what was found; charged only when its status is 200. */
  answer: (found: Found, input: Input<P>) => Promise<PaidAnswer>;
  /**
   * `find` and `answer` only read (nothing is written until the payment settles): the answer is kept with
   * the payment's reservation in one write (the seller's `readOnly`).
   */
  readOnly?: boolean;
}

const unknownListing = (input: unknown) => {
  const id = (input as { id?: unknown }).id;
  return `no active listing ${typeof id === "string" ? safeId(id) : ""}; nothing was charged`;
};

/**
 * Register a paid route through `app.openapi` (its request and response schemas in /openapi.json, its
 * params validated by them) and serve it with `sellPaid`: a prior answer of the presented payment first,
 * then the refusals that charge nothing (find), then the sale.
 */
export function paidRoute<P extends z.ZodObject | undefined, Found>(
  app: App,
  deps: AppDeps,
  spec: PaidRouteSpec<P, Found>,
): void {
  const route: RouteConfig = createRoute({
    method: "get",
    path: spec.price.path,
    operationId: spec.operationId,
    tags: spec.tags,
    summary: `${spec.summary} (paid, ${spec.price.usd} USD)`,
    description: `x402 v2, ${spec.price.atomic} atomic USDC: an unpaid call answers 402 with PaymentRequired in the PAYMENT-REQUIRED header and the body; retried with a PAYMENT-SIGNATURE, settled only when the answer is 200. The same payment presented again for the same request returns the same answer, charged once (also after a 502 settlement_indeterminate); once the answer was given, only to the same client address (a settled payment is public on-chain); for another request, or from another address, it answers 402 payment_already_used. A HEAD request is never charged: whatever it carries, it is answered the 402 terms. ${spec.description}`,
    request: { ...(spec.params ? { params: spec.params } : {}), query: NoQuery },
    responses: {
      200: {
        description: `${spec.response.description}; PAYMENT-RESPONSE carries the receipt`,
        headers: z.object({
          "PAYMENT-RESPONSE": z.string().openapi({ description: "base64 JSON settlement receipt" }),
        }),
        content: { "application/json": { schema: spec.response.schema } },
      },
      // A listing route refuses an unknown id before the offer (402 listing_not_found) and, should the
      // listing go while the payment verified, after it (404 not_found); neither is charged.
      ...(spec.params
        ? paymentRequiredSpec(
            "Payment required (PaymentRequired), or an unknown listing or a payment refused (never charged)",
            ["listing_not_found", ...PAYMENT_REFUSALS],
          )
        : paymentRequiredSpec("Payment required (PaymentRequired), or a payment refused (never charged)", [
            ...PAYMENT_REFUSALS,
          ])),
      ...(spec.params ? notFoundError : {}),
      ...saleErrors,
      ...(spec.refusals?.[403]
        ? { 403: errorResponseSpec(spec.refusals[403].description, spec.refusals[403].codes) }
        : {}),
      ...(spec.refusals?.[503]
        ? {
            503: errorResponseSpec(spec.refusals[503].description, [
              ...spec.refusals[503].codes,
              "service_unavailable",
            ]),
          }
        : {}),
      ...commonErrors("unknown_query_parameter"),
    },
  });
  // Params of this route found to exist by an unpaid request → until when that stands (OFFER_FOUND_MS).
  const foundForOffer = new Map<string, number>();
  app.openapi(route, async (c) => {
    // The route is a plain RouteConfig here, so the params zod-openapi validated are read untyped and
    // given the spec's own schema type.
    const input = (spec.params ? c.req.valid("param" as never) : {}) as Input<P>;
    const unpaid = paymentHeader(c) === null;
    return sellPaid(
      c,
      deps,
      {
        route: spec.label,
        amountAtomic: spec.price.atomic,
        description: spec.offer,
        successStatus: 200,
        listingId: spec.listingId?.(input) ?? null,
        readOnly: spec.readOnly ?? false,
      },
      {
        refuse: async (seller) => {
          // An unpaid request that follows another for the same listing within OFFER_FOUND_MS is offered
          // the terms without reading the listing again (the buyer's 402 leg, just before its paid retry).
          const key = unpaid ? JSON.stringify(input) : "";
          if (unpaid && (foundForOffer.get(key) ?? 0) > Date.now()) return null;
          if ((await spec.find(input)) === null)
            return seller.refuse("listing_not_found", unknownListing(input));
          if (unpaid) {
            if (foundForOffer.size >= 10_000) foundForOffer.clear();
            foundForOffer.set(key, Date.now() + OFFER_FOUND_MS);
          }
          return null;
        },
        answer: async () => {
          // Found again: it may have gone while the payment was verified (answered uncharged).
          const found = await spec.find(input);
          if (found === null)
            return { status: 404, body: { error: "not_found", message: unknownListing(input) } };
          return spec.answer(found, input);
        },
      },
    );
  });
}
