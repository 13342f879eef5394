import { createRoute, z } from "@hono/zod-openapi";
import { claimExplanation, completeClaim, issueChallenge } from "@tollgate/registry";
import type { App } from "../../app.js";
import type { AppDeps } from "../../deps.js";
import { IdParam } from "../listings/get.js";
import { commonErrors, errorResponseSpec, notFoundError } from "../responses.js";
import { enforce } from "./limits.js";

const explain = createRoute({
  method: "get",
  path: "/v1/listings/{id}/claim",
  summary: "How to claim a listing (read-only)",
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
    ...commonErrors,
    ...notFoundError,
  },
});

const challenge = createRoute({
  method: "post",
  path: "/v1/listings/{id}/claim/challenge",
  summary: "Get a claim challenge token (50 per hour per IP)",
  request: { params: IdParam },
  responses: {
    200: {
      description: "Challenge, valid 24 hours; never a credential",
      content: {
        "application/json": {
          schema: z.object({ token: z.string(), valid_for_seconds: z.number(), instructions: z.string() }),
        },
      },
    },
    429: errorResponseSpec("Rate limited (Retry-After)"),
    ...commonErrors,
    ...notFoundError,
  },
});

const claim = createRoute({
  method: "post",
  path: "/v1/listings/{id}/claim",
  summary: "Prove control and obtain the edit token",
  request: {
    params: IdParam,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.strictObject({ email: z.string().email("must be an email address").max(320) }),
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
    403: errorResponseSpec("proof_not_found"),
    409: errorResponseSpec("no_challenge"),
    429: errorResponseSpec("Rate limited (Retry-After)"),
    ...commonErrors,
    ...notFoundError,
  },
});

export function registerClaim(app: App, deps: AppDeps) {
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
    return c.json(
      await completeClaim(deps.db, deps.safeClient, id, c.req.valid("json").email, deps.serviceName),
      200,
    );
  });
}
