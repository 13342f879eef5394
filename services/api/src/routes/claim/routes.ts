import { createRoute, z } from "@hono/zod-openapi";
import { claimExplanation, completeClaim, issueChallenge } from "@tollgate/registry";
import type { App } from "../../app.js";
import { requireUtf8Json } from "../../body.js";
import type { AppDeps } from "../../deps.js";
import { IdParam } from "../listings/get.js";
import {
  commonErrors,
  errorResponseSpec,
  notFoundError,
  rateLimited,
  unsupportedMediaType,
} from "../responses.js";
import { enforce } from "./limits.js";

const explain = createRoute({
  method: "get",
  path: "/v1/listings/{id}/claim",
  operationId: "explainClaim",
  tags: ["claims"],
  summary: "How to claim a listing (read-only)",
  description:
    "Read-only; issues nothing. `challenge_active` says whether any unused, unexpired challenge exists; it helps nobody claim, since a claim needs the claim_secret returned only to whoever requested that challenge.",
  request: { params: IdParam },
  responses: {
    200: {
      description: "Claim explanation; issues nothing",
      content: {
        "application/json": {
          schema: z.object({
            origin_status: z.string(),
            challenge_active: z.boolean(),
            next: z.string(),
            instructions: z.string(),
          }),
        },
      },
    },
    ...commonErrors(),
    ...notFoundError,
  },
});

const challenge = createRoute({
  method: "post",
  path: "/v1/listings/{id}/claim/challenge",
  operationId: "requestClaimChallenge",
  tags: ["claims"],
  summary: "Get a claim challenge token (50 per hour per IP)",
  description:
    "Returns the token to serve at `/.well-known/<service>-claim` (body) or in the `x-<service>-claim` response header of the endpoint, and a one-time `claim_secret` (an addition to the spec's challenge body, see docs/adr/0003-claim-binding.md). The token is public and never a credential; the claim_secret binds the claim to whoever asked for this challenge: it is shown once, stored only as sha256, and must be sent with POST /v1/listings/{id}/claim. Earlier challenges stay valid for their 24 hours until a claim succeeds.",
  request: { params: IdParam },
  responses: {
    200: {
      description: "Challenge, valid 24 hours; never a credential",
      content: {
        "application/json": {
          schema: z.object({
            token: z
              .string()
              .openapi({ description: "Serve this at the endpoint; public, never a credential" }),
            claim_secret: z.string().openapi({
              description: "Shown once; keep it private and send it as claim_secret with the claim",
            }),
            valid_for_seconds: z.number(),
            instructions: z.string(),
          }),
        },
      },
    },
    ...rateLimited,
    ...commonErrors(),
    ...notFoundError,
  },
});

const claim = createRoute({
  method: "post",
  path: "/v1/listings/{id}/claim",
  operationId: "claimListing",
  tags: ["claims"],
  summary: "Prove control and obtain the edit token",
  description:
    "Needs `claim_secret` from your own challenge (an addition to the spec's claim body, see docs/adr/0003-claim-binding.md): only that challenge can match, and only while unused and unexpired; its token must be served by the endpoint's own origin (redirects to another origin are not followed). Without a secret, or with a wrong, used or expired one: 409 no_challenge. Token not served: 403 proof_not_found. Success uses every open challenge of the listing, replaces the previous edit token and writes a `claimed` entry to the change feed. 20 claim attempts per hour per IP.",
  request: {
    params: IdParam,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.strictObject({
            email: z.string().email("must be an email address").max(320),
            claim_secret: z.string().max(200).optional().openapi({
              description: "From POST …/claim/challenge; without it the answer is 409 no_challenge",
            }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "Claimed; the edit token is shown once and replaces the previous one",
      content: {
        "application/json": {
          schema: z.object({ ok: z.boolean(), origin: z.literal("claimed"), edit_token: z.string() }),
        },
      },
    },
    403: errorResponseSpec("Your challenge's token is not served by the endpoint's own origin", [
      "proof_not_found",
    ]),
    409: errorResponseSpec("No unused, unexpired challenge of yours (claim_secret missing or wrong)", [
      "no_challenge",
    ]),
    ...rateLimited,
    ...commonErrors("validation_failed", "invalid_json"),
    ...unsupportedMediaType,
    ...notFoundError,
  },
});

export function registerClaim(app: App, deps: AppDeps) {
  app.on("POST", "/v1/listings/:id/claim", requireUtf8Json);
  app.openapi(explain, async (c) =>
    c.json(await claimExplanation(deps.db, c.req.valid("param").id, deps.serviceName), 200),
  );
  app.openapi(challenge, async (c) => {
    await enforce(deps.limits.challenge, c.get("clientIp"), "claim challenges");
    return c.json(await issueChallenge(deps.db, c.req.valid("param").id, deps.serviceName), 200);
  });
  app.openapi(claim, async (c) => {
    await enforce(deps.limits.claim, c.get("clientIp"), "claim attempts");
    const { id } = c.req.valid("param");
    const { email, claim_secret } = c.req.valid("json");
    return c.json(
      await completeClaim(
        deps.db,
        deps.safeClient,
        id,
        { email, claimSecret: claim_secret },
        deps.serviceName,
      ),
      200,
    );
  });
}
