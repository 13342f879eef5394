import { z } from "@hono/zod-openapi";

const int = z.number().int();
const intN = z.number().int().nullable();

const NamedLookup = z.object({
  term: z.string(),
  searches: int,
  client_ips: int,
  share_asking_only_this_service: z.number(),
});

const Withheld = z.object({
  identifying_terms: int,
  manually_withheld: int,
  seller_only_terms: int,
  single_searcher_terms_published: int,
});

const Window = z.object({ start: intN, end: intN, days: int });

/** GET /v1/demand (and the MCP tool what_agents_are_asking_for): the free, delayed feed. */
export const DemandFeed = z
  .object({
    window_days: int,
    delay_hours: z.number(),
    window_ends_at: intN,
    window_ends_at_iso: z.string(),
    covered_days: int,
    policy_epoch: z.string(),
    coverage_note: z.string(),
    withheld: Withheld,
    k_anonymity_floor: int,
    total_queries: int,
    distinct_client_ips: int,
    self_monitoring_searches: int,
    short_queries_excluded: int,
    top_needs: z.array(
      z.object({
        need: z.string(),
        searches: int,
        client_ips: int,
        catalogue_status: z.enum(["answered", "unanswered", "not_checked_yet"]),
        catalogue_top: z.array(z.string()),
      }),
    ),
    top_category_filters: z.array(z.object({ category: z.string(), searches: int, client_ips: int })),
    named_listing_lookups: z.array(NamedLookup),
    named_listing_lookup_rule: z.string(),
    scripted_rotation: z.array(
      z.object({ term: z.string(), searches: int, client_ips: int, single_search_share: z.number() }),
    ),
    scripted_rotation_rule: z.string(),
    note: z.string(),
    next_offset: intN,
    as_of: intN,
    truncated: z.boolean().optional().openapi({ description: "whole feed over 5 MB: first page only" }),
  })
  .openapi("DemandFeed");
export type DemandFeed = z.infer<typeof DemandFeed>;

/** GET /v1/demand/clusters (paid): current demand grouped by meaning, from the latest snapshot. */
export const DemandClusters = z
  .object({
    generated_at: intN,
    generated_at_iso: z.string(),
    policy_epoch: z
      .string()
      .openapi({ description: "the demand policy in force (its constants are in /methodology.json)" }),
    window: Window,
    k_anonymity_floor: int,
    method: z.string(),
    clusters: z.array(
      z.object({ label: z.string(), needs: z.array(z.string()), searches: int, client_ips_max: int }),
    ),
    withheld: z.object({ terms_under_floor: int, seller_only_terms: int }),
  })
  .passthrough()
  .openapi("DemandClusters");

/** GET /v1/demand/report (paid): the demand report, from the latest snapshot. */
export const DemandReport = z
  .object({
    report: z.string(),
    edition: z.string(),
    generated_at: intN,
    generated_at_iso: z.string(),
    policy_epoch: z
      .string()
      .openapi({ description: "the demand policy in force (its constants are in /methodology.json)" }),
    window: Window,
    totals: z.object({
      searches: int,
      client_ips: int,
      needs_published: int,
      self_monitoring_searches: int,
    }),
    privacy: z.object({
      k_anonymity_floor: int,
      withheld: Withheld,
      client_ip_storage: z.string(),
    }),
    how_to_read: z.string(),
    needs: z.array(
      z.object({
        need: z.string(),
        asked_as: z.array(z.string()),
        client_ips: int,
        searches: int,
        seller_self_checks: int,
        results_when_asked: intN,
        categories: z.array(z.string()),
        answered_now: z
          .object({ checked_at: intN, result_count: int, top_ids: z.array(z.string()) })
          .nullable(),
      }),
    ),
    named_listing_lookups: z.array(NamedLookup),
  })
  .passthrough()
  .openapi("DemandReport");
