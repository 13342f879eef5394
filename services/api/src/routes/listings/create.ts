import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { PAID_ROUTES } from "@tollgate/core";
import {
  clientHash,
  confirmPaidSubmission,
  createdAgain,
  createListing,
  decideSubmission,
  feeDescription,
  newListingToStore,
  validateSubmission,
  withDomainLock,
} from "@tollgate/registry";
import { ApiError, ListingCreated, ListingCreateRequest } from "@tollgate/schema";
import type { PaidAnswer } from "@tollgate/x402";
import type { App } from "../../app.js";
import { utf8Body } from "../../body.js";
import type { AppDeps } from "../../deps.js";
import { describeZodError } from "../../errors.js";
import { enforce } from "../../limits.js";
import { paymentHeader, requireSeller, respond, sellRequest } from "../paid/respond.js";
import { NoQuery } from "../paid/route.js";
import {
  commonErrors,
  conflictError,
  errorResponseSpec,
  PAYMENT_REFUSALS,
  paymentRequiredSpec,
  rateLimited,
  saleErrors,
  unsupportedMediaType,
} from "../responses.js";

const route: RouteConfig = createRoute({
  method: "post",
  path: "/v1/listings",
  operationId: "createListing",
  tags: ["listings"],
  summary: "Submit a listing",
  description:
    "Validates every submission rule (https, publicly resolvable host, no private address, one concrete URL, existing category, price >= 0, sample_query rules) before anything is stored or charged. The first 5 listings per registered domain are free, counting every listing ever created on it (delisting frees no slot; re-listing the same endpoint is free); the allowance is decided under a per-domain lock. Beyond that the same POST answers 402 (PaymentRequired in header and body, 0.25 USDC) and, retried with payment, 201: the listing exists only once the fee settled. Repeating the same request with the same payment returns the same 201 (also after a 502 settlement_indeterminate), from the address that was answered only, and without the claim token once it was shown (claim_token null; the claim flow recovers a lost one); the same payment for another submission answers 402 payment_already_used; while a paid submission of an endpoint is settling, others answer 409 submission_pending. The claim token is shown once. Rate limited per client (SUBMISSION_LIMIT_PER_HOUR): 429 with Retry-After. See docs/adr/0005-paid-answers-and-fees.md.",
  request: {
    query: NoQuery,
    body: {
      required: true,
      // By reference, so the document shows the schema while the handler validates it itself: the raw
      // text is part of a paid submission's identity, and the media type and rate limit come first.
      content: { "application/json": { schema: { $ref: "#/components/schemas/ListingCreateRequest" } } },
    },
  },
  responses: {
    201: { description: "Listed", content: { "application/json": { schema: ListingCreated } } },
    ...paymentRequiredSpec(
      "Submission fee due (PaymentRequired), or a payment refused (never charged)",
      PAYMENT_REFUSALS,
    ),
    ...commonErrors("validation_failed", "invalid_json", "unknown_query_parameter"),
    ...saleErrors,
    ...conflictError(
      "The endpoint is listed, or a paid submission of it is settling (Retry-After); never charged",
      ["endpoint_already_listed", "submission_pending", "payment_in_progress"],
    ),
    413: errorResponseSpec("Body over MAX_BODY_BYTES", ["payload_too_large"]),
    ...unsupportedMediaType,
    ...rateLimited,
  },
});

export function registerCreateListing(app: App, deps: AppDeps) {
  app.openAPIRegistry.register("ListingCreateRequest", ListingCreateRequest);
  app.openapi(route, async (c) => {
    if (!/^application\/(.+\+)?json\b/i.test(c.req.header("content-type") ?? ""))
      throw new ApiError(
        "unsupported_media_type",
        "send the body as JSON with content-type: application/json",
      );
    // Per client (/64 for IPv6), before anything else is read, decided or charged.
    await enforce(deps.limits.submission, c.get("clientIp"), "listing submissions");
    const text = await utf8Body(c);
    // A retry of a paid submission gets its kept answer first, whatever happened since (the listing it
    // paid for may exist by now, which would otherwise answer 409).
    const seller = deps.payments.seller;
    const feeRoute = (description: string, pendingKey: string | null = null) => ({
      route: "submission",
      amountAtomic: PAID_ROUTES.submission_fee.atomic,
      description,
      successStatus: 201 as const,
      pendingKey,
    });
    if (seller && paymentHeader(c)) {
      const prior = await seller.prior(sellRequest(c, deps, text), feeRoute("Submission fee"));
      if (prior) return respond(c, shownOnce(prior));
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError("invalid_json", "request body is not valid JSON");
    }
    const parsed = ListingCreateRequest.safeParse(raw);
    if (!parsed.success)
      throw new ApiError("validation_failed", describeZodError(parsed.error, { value: raw }));
    // Every rule before any charge: a rejected submission is never charged.
    const prepared = await validateSubmission(deps.db, parsed.data, {
      checkHost: deps.checkHost,
      allowHttp: deps.allowHttpEndpoints,
    });
    // The submitter's address, hashed: their own later searches are self-monitoring, not demand.
    const submitterClientHash = clientHash(c.get("clientIp"), deps.demand.salt);
    // The allowance is counted and used under the registered domain's lock: concurrent submissions on a
    // fresh domain get five free listings between them, not five each.
    const free = await withDomainLock(deps.db, prepared.registeredDomain, async (trx) => {
      const decision = await decideSubmission(trx, prepared);
      if (decision.feeDue) return { decision, created: null };
      return { decision, created: await createListing(deps.db, prepared, { trx, submitterClientHash }) };
    });
    if (free.created) return c.json(free.created, 201);
    // Paid: the payment reserves the endpoint; the listing is kept with it and stored only once the fee
    // settled. No lock is held while the payment is verified and settled.
    const answer = await requireSeller(deps).sell(
      sellRequest(c, deps, text),
      feeRoute(feeDescription(free.decision, prepared.registeredDomain), prepared.canonical),
      async ({ paymentId }) => {
        try {
          await confirmPaidSubmission(deps.db, prepared, paymentId);
        } catch (err) {
          if (err instanceof ApiError) return { status: err.status, body: err.body(), headers: err.headers };
          throw err;
        }
        const { toStore, answer: created } = newListingToStore(prepared, submitterClientHash);
        return { status: 201, body: created, work: toStore };
      },
    );
    return respond(c, shownOnce(answer));
  });
}

/** A paid submission's answer given again carries no claim token (`createdAgain`). */
function shownOnce(answer: PaidAnswer): PaidAnswer {
  if (!answer.replayed || answer.status !== 201) return answer;
  return { ...answer, body: createdAgain(answer.body as { id: string }) };
}
