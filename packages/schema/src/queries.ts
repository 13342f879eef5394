import { z } from "@hono/zod-openapi";
import { queryInt, queryNumber } from "./common.js";

export const LISTING_STATUS_FILTERS = [
  "active",
  "verified",
  "unverified",
  "failing",
  "delisted",
  "all",
] as const;

export const ListingsQuery = z.strictObject({
  limit: queryInt(50, 1, 200),
  offset: queryInt(0, 0, 10_000_000),
  status: z
    .enum(LISTING_STATUS_FILTERS, {
      message: `must be one of ${LISTING_STATUS_FILTERS.join(", ")}`,
    })
    .optional()
    .transform((v) => v ?? "active"),
});
export type ListingsQuery = z.output<typeof ListingsQuery>;

export const DiscoverQuery = z.strictObject({
  q: z.string().trim().max(500, "at most 500 characters").optional(),
  category: z.string().max(100).optional(),
  max_price: queryNumber(0, 1_000_000),
  min_score: queryNumber(0, 1),
  limit: queryInt(10, 1, 50),
});
export type DiscoverQuery = z.output<typeof DiscoverQuery>;

export const ResolveQuery = z.strictObject({
  url: z.string().min(1, "url is required").max(2048),
});
