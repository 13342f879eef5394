import { createRoute, z } from "@hono/zod-openapi";
import {
  API_VERSION,
  ATTESTATION_VALID_S,
  DEMAND_POLICY,
  FAILING_STREAK,
  FAILURE_REASONS,
  FREE_LISTINGS_PER_DOMAIN,
  FRESHNESS_FIELDS,
  NEUTRAL_FAILURES,
  PAID_ROUTES,
  PAY_MIN_SCORE,
  PAYTO_MIN_AGE_DAYS,
  PROBE_TIERS,
  PURCHASE_OUTCOME_PATTERNS,
  PURCHASE_OUTCOMES,
  SCORE_STEP,
  STALE_AFTER_S,
  STATUS_REASONS,
  SUBMISSION_FEE_ATOMIC,
  VERDICT_RULE_VERSION,
  VERIFIED_MIN_PROBES,
  VERIFIED_MIN_SCORE,
} from "@tollgate/core";
import { PLAN_QUOTE_CAP_USD, scoutPolicy } from "@tollgate/registry";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";

/** The rules as data: generated from the same constants the code runs on. */
export function methodology() {
  return {
    version: API_VERSION.version,
    version_date: API_VERSION.version_date,
    behaviour_changes: API_VERSION.behaviour_changes,
    demand_policy: DEMAND_POLICY,
    probe_tiers: PROBE_TIERS,
    status_rules: {
      score_step: SCORE_STEP,
      verified: {
        min_probes: VERIFIED_MIN_PROBES,
        min_score_exclusive: VERIFIED_MIN_SCORE,
        failure_streak: 0,
      },
      failing: { consecutive_failures: FAILING_STREAK },
      reasons: STATUS_REASONS,
    },
    pass_rate_24h: { neutral_failure_reasons: [...NEUTRAL_FAILURES], failure_reasons: FAILURE_REASONS },
    sweep_timeout_guard: {
      note: "a probe that times out counts as a failure at the probe time limit and in latency figures",
    },
    verdict: {
      rule: VERDICT_RULE_VERSION,
      pay_min_score: PAY_MIN_SCORE,
      payto_min_age_days: PAYTO_MIN_AGE_DAYS,
      self_referential: "never better than caution",
      attestation_valid_s: ATTESTATION_VALID_S,
    },
    paid_routes: PAID_ROUTES,
    sections: {
      submission_fee: {
        free_per_registered_domain: FREE_LISTINGS_PER_DOMAIN,
        fee_atomic: SUBMISSION_FEE_ATOMIC,
        asset: "USDC on Base",
      },
      money:
        "payment is taken only when the answer is 200 (201 for a submission); unknown ids, validation failures and stale data are never charged",
    },
  };
}

const section = z.unknown();
const route = createRoute({
  method: "get",
  path: "/methodology.json",
  operationId: "getMethodology",
  tags: ["meta"],
  summary: "The rules as data",
  description:
    "Generated from the constants the code runs on: probe tiers, status rules, verdict rule, prices.",
  responses: {
    200: {
      description: "Rules",
      content: {
        "application/json": {
          schema: z
            .object({
              version: z.string(),
              probe_tiers: section,
              status_rules: section,
              pass_rate_24h: section,
              sweep_timeout_guard: section,
              verdict: section,
              paid_routes: section,
              sections: section,
              scout: section,
            })
            .openapi("Methodology"),
        },
      },
    },
  },
});

export function registerMethodology(app: App, deps: AppDeps) {
  app.openapi(route, async (c) => {
    const policy = await scoutPolicy(deps.db);
    return c.json(
      {
        ...methodology(),
        scout: {
          what: "the registry's own wallet buys from verified listings at or under the per-purchase cap, pays the live quote only when it is at most the listed price and names the payTo the prober last saw, grades each delivery and publishes every purchase",
          outcomes: PURCHASE_OUTCOMES,
          outcome_patterns: PURCHASE_OUTCOME_PATTERNS,
          freshness: {
            rule: `a delivery whose own newest time stamp (a top-level body field or the Last-Modified header) is more than ${STALE_AFTER_S / 86_400} days old is stale_data, not a delivery; one that carries no stamp is not judged (fresh: null)`,
            fields: FRESHNESS_FIELDS,
            stale_after_s: STALE_AFTER_S,
          },
          verify_now: {
            plans: {
              single: "2 USD: one purchase, due at once after settlement (within 24 hours)",
              pack: "5 USD: three purchases, due at settlement and about 10 and 20 days later (within 30 days)",
            },
            schedule:
              "plan purchases are made by the scout, before routine ones, on its next rounds once due (every day of the week, no manual step); each is graded and published like any other purchase",
            cap_usd: PLAN_QUOTE_CAP_USD,
          },
          paid_depth:
            "none → paid_verified (first delivery) → 2x (a second delivery 48 h or more after the first) → held (deliveries across a seller-caused price or payTo change) → Nwk (deliveries spanning N >= 3 weeks); failed_rebuy when the latest purchase failed after an earlier delivery",
          policy,
          policy_note: policy
            ? "as published by the running scout at its last start"
            : "no scout has run against this registry yet",
        },
      },
      200,
    );
  });
}
