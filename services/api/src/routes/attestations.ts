import { createRoute, z } from "@hono/zod-openapi";
import { clip } from "@tollgate/core";
import { getAttestation } from "@tollgate/registry";
import { ApiError } from "@tollgate/schema";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";
import { urls } from "./paid/respond.js";
import { commonErrors, notFoundError } from "./responses.js";

const Attestation = z
  .object({
    id: z.string(),
    listing_id: z.string(),
    alg: z.literal("EdDSA"),
    kid: z.string(),
    key_url: z.string(),
    jws: z.string(),
    payload: z.unknown(),
    issued_at: z.number().nullable(),
    valid_until: z.number().nullable(),
    expired: z.boolean(),
  })
  .openapi("Attestation");

const route = createRoute({
  method: "get",
  path: "/v1/attestations/{id}",
  operationId: "getAttestation",
  tags: ["discovery"],
  summary: "A signed attestation",
  request: {
    params: z.object({
      id: z
        .string()
        .openapi({ param: { name: "id", in: "path" }, example: "0123456789abcdef0123456789abcdef" }),
    }),
  },
  responses: {
    200: {
      description: "Attestation (expired flag given)",
      content: { "application/json": { schema: Attestation } },
    },
    ...commonErrors(),
    ...notFoundError,
  },
});

const jwksRoute = createRoute({
  method: "get",
  path: "/.well-known/jwks.json",
  operationId: "getSigningKeys",
  tags: ["meta"],
  summary: "Public keys of attestation signatures",
  description: "The current key first, then retired ones; an attestation's kid is its key's JWK thumbprint.",
  responses: {
    200: {
      description: "JWK set (Ed25519)",
      content: {
        "application/json": {
          schema: z.object({
            keys: z.array(z.looseObject({ kty: z.string().optional(), kid: z.string().optional() })),
          }),
        },
      },
    },
  },
});

export function registerAttestations(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const found = /^[0-9a-f]{32}$/.test(id) ? await getAttestation(deps.db, id, urls(deps).keyUrl) : null;
    if (!found)
      throw new ApiError(
        "not_found",
        // Only the shape of an id is echoed as it is; anything else quoted and shortened (like a listing id).
        `no attestation ${/^[0-9a-f]{32}$/.test(id) ? id : JSON.stringify(clip(id, 40))}; ids are 32 lowercase hex characters`,
      );
    return c.json({ ...found, alg: "EdDSA" as const }, 200);
  });
  // The current key first, then retired ones: an attestation verifies by its kid (the key's thumbprint)
  // against any replica, before and after a rotation.
  const jwks = {
    keys: [deps.payments.signingKey.publicJwk, ...(deps.payments.retiredKeys ?? [])].map((k) => ({ ...k })),
  };
  app.openapi(jwksRoute, (c) => c.json(jwks, 200));
}
