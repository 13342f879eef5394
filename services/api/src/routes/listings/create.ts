import { createRoute } from "@hono/zod-openapi";
import { PAID_ROUTES, submissionFeeDue } from "@tollgate/core";
import {
  alreadyListed,
  clientHash,
  createListing,
  findActiveByCanonical,
  submissionAllowance,
  validateSubmission,
} from "@tollgate/registry";
import { ApiError, ListingCreated, ListingCreateRequest } from "@tollgate/schema";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { paymentHeader, requireSeller, respond } from "../paid/respond.js";
import { commonErrors, conflictError, errorResponseSpec } from "../responses.js";

const route = createRoute({
  method: "post",
  path: "/v1/listings",
  summary: "Submit a listing",
  description:
    "Validates every submission rule (https, publicly resolvable host, no private address, one concrete URL, existing category, price >= 0, sample_query rules) before anything is stored or charged. The first 5 listings per registered domain are free; beyond that the same POST answers 402 (PaymentRequired in header and body, 0.25 USDC) and, retried with payment, 201. The claim token is shown once.",
  request: { body: { required: true, content: { "application/json": { schema: ListingCreateRequest } } } },
  responses: {
    201: { description: "Listed", content: { "application/json": { schema: ListingCreated } } },
    402: errorResponseSpec(
      "Submission fee due (PaymentRequired), or a paid submission that could not be created (never charged)",
    ),
    ...commonErrors,
    ...conflictError,
  },
});

export function registerCreateListing(app: App, deps: AppDeps) {
  app.openAPIRegistry.registerPath(route);
  app.post("/v1/listings", async (c) => {
    if (!/^application\/(.+\+)?json\b/i.test(c.req.header("content-type") ?? ""))
      throw new ApiError(
        "unsupported_media_type",
        "send the body as JSON with content-type: application/json",
      );
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new ApiError("invalid_json", "request body is not valid JSON");
    }
    const parsed = ListingCreateRequest.safeParse(raw);
    if (!parsed.success) throw new ApiError("validation_failed", describe(parsed.error.issues));
    // Every rule before any charge: a rejected submission is never charged.
    const prepared = await validateSubmission(deps.db, parsed.data, {
      checkHost: deps.checkHost,
      allowHttp: deps.allowHttpEndpoints,
    });
    const existing = await findActiveByCanonical(deps.db, prepared.canonical);
    if (existing) throw alreadyListed(existing.id);
    const allowance = await submissionAllowance(deps.db, prepared.registeredDomain, prepared.canonical);
    // The submitter's address, hashed: their own later searches are self-monitoring, not demand.
    const submitter = { submitterClientHash: clientHash(c.get("clientIp"), deps.demand.salt) };
    if (!submissionFeeDue(allowance.activeOnDomain, allowance.listedBefore))
      return c.json(await createListing(deps.db, prepared, submitter), 201);

    const seller = requireSeller(deps);
    const answer = await seller.sell(
      { url: c.req.url, paymentHeader: paymentHeader(c) },
      {
        route: "submission",
        amountAtomic: PAID_ROUTES.submission_fee.atomic,
        description: `Submission fee: ${prepared.registeredDomain} already has ${allowance.activeOnDomain} listings (5 are free)`,
        successStatus: 201,
      },
      async () => {
        try {
          return { status: 201, body: await createListing(deps.db, prepared, submitter) };
        } catch (err) {
          if (err instanceof ApiError) return seller.refuse(err.code, `${err.message}; nothing was charged`);
          throw err;
        }
      },
    );
    return respond(c, answer);
  });
}

function describe(issues: { path: PropertyKey[]; message: string; code: string; keys?: string[] }[]): string {
  return issues
    .map((i) => {
      const path = i.path.map(String).join(".");
      if (i.code === "unrecognized_keys")
        return `${path ? `${path}: ` : ""}unknown field(s) ${(i.keys ?? []).join(", ")}`;
      return path ? `${path}: ${i.message}` : i.message;
    })
    .join("; ");
}
