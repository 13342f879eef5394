import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { PAID_ROUTES } from "@tollgate/core";
import {
  findListing,
  lockPlans,
  ownerTokenMatches,
  PLAN_OFFERS,
  PLAN_QUOTE_CAP_USD,
  type PlanKind,
  type PlanToOpen,
  planCapRefusal,
  planConflict,
  planPendingKey,
  planStatus,
  presentedToken,
} from "@tollgate/registry";
import { ApiError } from "@tollgate/schema";
import type { Context } from "hono";
import type { App, AppEnv } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import {
  errorResponseSpec,
  internalError,
  notFoundError,
  PAYMENT_REFUSALS,
  paymentRequiredSpec,
  saleErrors,
} from "../responses.js";
import { requireSeller, respond, sellRequest } from "./respond.js";
import { PaidIdParam, safeId } from "./route.js";

const PRICES: Record<PlanKind, { usd: number; atomic: string }> = {
  single: PAID_ROUTES.verify_now_single,
  pack: PAID_ROUTES.verify_now_pack,
};

const PROMISE: Record<PlanKind, string> = {
  single: "one real purchase from the endpoint by the registry's scout, within 24 hours of settlement",
  pack: "three real purchases from the endpoint within 30 days: the first within 24 hours of settlement, the second about 10 days and the third about 20 days later",
};

const RULE =
  "Money buys timing, never a result: every plan purchase is graded like any scout purchase and published on the listing's record whatever it finds (settlement transaction, delivery outcome, failure reason, paid-depth rung). A plan never sets a status, score, verdict or rank.";

const PLANS_OFFERED = (Object.keys(PLAN_OFFERS) as PlanKind[]).map((k) => ({
  plan: k,
  price_usd: PRICES[k].usd,
  amount_atomic: PRICES[k].atomic,
  purchases: PLAN_OFFERS[k].purchases,
  promise: PROMISE[k],
}));

/** A query parameter as sent: given more than once it is a list, which is never a plan or a view. */
const queryText = z.union([z.string(), z.array(z.string())]).optional();

/** Strict: any other parameter answers 400 unknown_query_parameter before anything is offered or charged. */
const Query = z.strictObject({
  plan: queryText.openapi({
    description: "`single` (2 USD, default) or `pack` (5 USD); anything else answers 400 unknown_plan",
  }),
  view: queryText.openapi({
    description: "`status`: the progress of the listing's latest plan (owner token required; free)",
  }),
});

const Queued = z
  .object({
    listing_id: z.string(),
    plan: z.enum(["single", "pack"]),
    purchases: z.number().int().openapi({ description: "purchases the plan owes" }),
    purchases_done: z.number().int(),
    status: z.literal("queued"),
    request_id: z.string(),
    promise: z.string(),
    fee_usdc: z.number(),
    record: z
      .string()
      .openapi({ description: "where each plan purchase is published (the paid purchase history)" }),
    status_url: z.string(),
    rule: z.string(),
  })
  .openapi("VerifyNowQueued");

const Progress = z
  .object({
    listing_id: z.string(),
    plan_id: z.string().nullable(),
    plan: z.enum(["single", "pack"]).nullable(),
    status: z.enum(["none", "queued", "completed"]),
    purchases_done: z.number().int(),
    purchases_total: z.number().int(),
  })
  .passthrough()
  .openapi("VerifyNowStatus");

const description = `Sellers buy the timing of a real paid check, never its result. Plans: single (2 USD: one purchase within 24 hours of settlement) and pack (5 USD: three purchases in 30 days, the first within 24 hours, then about 10 and 20 days later), only for listings whose listed price is at most ${PLAN_QUOTE_CAP_USD} USD per call (in USDC or USD; a price in another currency is refused as above the cap), one open plan per listing. The unpaid request (open to anyone) answers 402 with both offers, the asked plan's first; the paid request needs the owner's claim token (x-claim-token, x-edit-token or Authorization: Bearer) and is charged only for the asked plan's amount. Every check happens before any charge: unknown listing (402 listing_not_found), unknown plan (400 unknown_plan, listing both plans), quote above the cap or not in USD (400 quote_above_plan_cap), a plan open or being paid for (409 plan_in_progress with purchases_done of purchases_total), owner token missing or wrong (401 claim_token_required / claim_token_invalid). The plan opens when the payment settles; the scout makes its purchases when due (plan purchases go before routine ones) and publishes each in GET /v1/listings/{id}/purchases. ?view=status with the owner token shows progress, free.`;

function routeFor(method: "get" | "post"): RouteConfig {
  return createRoute({
    method,
    path: "/v1/listings/{id}/verify-now",
    operationId: method === "get" ? "getVerifyNow" : "postVerifyNow",
    tags: ["paid"],
    summary: `Verify now: buy the timing of a paid check (paid, 2 or 5 USD)${method === "get" ? "; ?view=status for progress" : ""}`,
    description,
    request: {
      params: PaidIdParam,
      query: Query,
      headers: z.object({
        "x-claim-token": z.string().optional().openapi({
          description: "the owner's claim token (required on the paid request and for ?view=status)",
        }),
      }),
    },
    responses: {
      200: {
        description:
          "Paid: the plan is queued (PAYMENT-RESPONSE carries the settlement); with ?view=status: the plan's progress",
        content: { "application/json": { schema: method === "get" ? Queued.or(Progress) : Queued } },
      },
      400: errorResponseSpec(
        method === "get"
          ? "An unknown plan (lists both plans), a quote above the plan cap, a view other than status, or an unknown query parameter; never charged"
          : "An unknown plan (lists both plans), a quote above the plan cap, or an unknown query parameter; never charged",
        method === "get"
          ? ["unknown_plan", "quote_above_plan_cap", "validation_failed", "unknown_query_parameter"]
          : ["unknown_plan", "quote_above_plan_cap", "unknown_query_parameter"],
      ),
      401: errorResponseSpec("Owner token missing or wrong; names the claim flow; never charged", [
        "claim_token_required",
        "claim_token_invalid",
      ]),
      ...paymentRequiredSpec(
        "Both offers (PaymentRequired), or an unknown listing or a payment refused (never charged)",
        ["listing_not_found", ...PAYMENT_REFUSALS],
      ),
      // ?view=status of an unknown or delisted listing (free, so not a 402).
      ...(method === "get" ? notFoundError : {}),
      ...saleErrors,
      409: errorResponseSpec(
        "A plan is open or being paid for (purchases_done of purchases_total), or the same payment is being settled; never charged",
        ["plan_in_progress", "payment_in_progress"],
      ),
      ...internalError,
    },
  });
}

const claimFlow = (id: string) => `/v1/listings/${id}/claim`;
const ownerHint = (id: string) =>
  `send the listing's claim token in x-claim-token; a lost one is recovered through the claim flow: GET ${claimFlow(id)}`;

/** The owner token, checked: 401 claim_token_required / claim_token_invalid, naming the claim flow. */
async function requireOwner(c: Context, deps: AppDeps, id: string): Promise<void> {
  const token = presentedToken({ get: (n) => c.req.header(n) });
  if (!token)
    throw new ApiError("claim_token_required", `the owner's claim token is required: ${ownerHint(id)}`, {
      claim_flow: claimFlow(id),
    });
  if (!(await ownerTokenMatches(deps.db, id, token))) throw notOwner(id);
}

const notOwner = (id: string) =>
  new ApiError("claim_token_invalid", `the claim token is not valid for this listing: ${ownerHint(id)}`, {
    claim_flow: claimFlow(id),
  });

function parsePlan(raw: string | string[] | undefined): PlanKind {
  if (Array.isArray(raw))
    throw new ApiError(
      "unknown_plan",
      `plan given ${raw.length} times; give it once, single or pack; nothing was charged`,
      { plans: PLANS_OFFERED },
    );
  const plan = raw ?? "single";
  if (plan === "single" || plan === "pack") return plan;
  throw new ApiError(
    "unknown_plan",
    `plan must be single or pack, got ${JSON.stringify(plan.slice(0, 40))}; nothing was charged`,
    { plans: PLANS_OFFERED },
  );
}

const inProgress = (conflict: NonNullable<Awaited<ReturnType<typeof planConflict>>>) =>
  new ApiError(
    "plan_in_progress",
    conflict.state === "queued"
      ? `a ${conflict.plan} plan is open for this listing: ${conflict.purchases_done} of ${conflict.purchases_total} purchases done; nothing was charged`
      : "another verify-now payment for this listing is being settled; nothing was charged",
    { ...conflict },
    { "retry-after": conflict.state === "queued" ? "3600" : "30" },
  );

export function registerVerifyNow(app: App, deps: AppDeps) {
  for (const method of ["get", "post"] as const) {
    app.openapi(routeFor(method), async (c) => {
      const { id } = c.req.valid("param" as never) as { id: string };
      const query = c.req.valid("query" as never) as z.output<typeof Query>;
      const ctx = c as unknown as Context<AppEnv>;
      const found = await findListing(deps.db, id);
      const listing = found && found.status !== "delisted" ? found : null;

      if (method === "get" && query.view !== undefined) {
        if (query.view !== "status") throw new ApiError("validation_failed", "view: the only view is status");
        if (!listing) throw new ApiError("not_found", `no active listing ${safeId(id)}`);
        await requireOwner(c, deps, listing.id);
        const progress = await planStatus(deps.db, listing.id);
        return c.json(
          progress
            ? { listing_id: listing.id, ...progress }
            : {
                listing_id: listing.id,
                plan_id: null,
                plan: null,
                status: "none",
                purchases_done: 0,
                purchases_total: 0,
              },
          200,
        );
      }

      const seller = requireSeller(deps);
      if (!listing)
        return respond(
          c,
          seller.refuse("listing_not_found", `no active listing ${safeId(id)}; nothing was charged`),
        );
      const plan = parsePlan(query.plan);
      const req = sellRequest(c, deps);
      // The paid request is the owner's: checked before anything else about the payment.
      if (req.paymentHeader) await requireOwner(c, deps, listing.id);
      else if (presentedToken({ get: (n) => c.req.header(n) })) await requireOwner(c, deps, listing.id);
      const other: PlanKind = plan === "single" ? "pack" : "single";
      const paid = {
        route: "verify_now",
        amountAtomic: PRICES[plan].atomic,
        alsoOffered: [PRICES[other].atomic],
        description: `Tollgate verify-now for ${listing.id}: ${PRICES.single.atomic} atomic = single (${PROMISE.single}); ${PRICES.pack.atomic} atomic = pack (${PROMISE.pack}). This request asked for ${plan}.`,
        successStatus: 200 as const,
        listingId: listing.id,
        pendingKey: planPendingKey(listing.id),
      };
      // A payment presented before gets its kept answer, whatever opened since (its own plan, for one).
      const prior = await seller.prior(req, paid);
      if (prior) return respond(c, prior);
      const capped = planCapRefusal(listing);
      if (capped) throw capped;
      const before = await planConflict(deps.db, listing.id, null);
      if (before) throw inProgress(before);

      const answer = await seller.sell(req, paid, async ({ paymentId }) => {
        // Decided under the listing's plan lock: the first open payment sells; any other is refused uncharged.
        // The owner is checked again there: a claim that replaced the token since the first check wins.
        // The listing is read again there too, its row share-locked against a PATCH or DELETE until the sale is
        // decided: one delisted, or priced above the cap, since the checks above is never sold (nor charged).
        const token = presentedToken({ get: (n) => c.req.header(n) }) ?? "";
        const decided = await deps.db.transaction().execute(async (trx) => {
          await lockPlans(trx as never, listing.id);
          const now = await trx
            .selectFrom("listings")
            .select(["status", "price_amount", "price_currency"])
            .where("id", "=", listing.id)
            .forShare()
            .executeTakeFirst();
          if (!now || now.status === "delisted") return "gone" as const;
          const refused = planCapRefusal(now);
          if (refused) return { refused };
          if (!(await ownerTokenMatches(trx as never, listing.id, token))) return "not_owner" as const;
          return planConflict(trx as never, listing.id, paymentId);
        });
        if (decided === "gone")
          return seller.refuse("listing_not_found", `no active listing ${safeId(id)}; nothing was charged`);
        if (decided === "not_owner") {
          const e = notOwner(listing.id);
          return { status: e.status, body: e.body(), headers: e.headers };
        }
        if (decided && "refused" in decided) {
          const e = decided.refused;
          return { status: e.status, body: e.body(), headers: e.headers };
        }
        const conflict = decided;
        if (conflict) {
          const e = inProgress(conflict);
          return { status: e.status, body: e.body(), headers: e.headers };
        }
        const work: PlanToOpen = { listingId: listing.id, kind: plan };
        return {
          status: 200,
          body: {
            listing_id: listing.id,
            plan,
            purchases: PLAN_OFFERS[plan].purchases,
            purchases_done: 0,
            status: "queued",
            request_id: ctx.get("requestId"),
            promise: PROMISE[plan],
            fee_usdc: PRICES[plan].usd,
            record: `${deps.publicBaseUrl}/v1/listings/${listing.id}/purchases`,
            status_url: `${deps.publicBaseUrl}/v1/listings/${listing.id}/verify-now?view=status`,
            rule: RULE,
          },
          work,
        };
      });
      return respond(c, answer);
    });
  }
}
