import { z } from "@hono/zod-openapi";

const LISTING_ID = /^lst_[0-9a-f]{20}$/;

/** Whether a string has the shape of a listing id (`lst_` and 20 lowercase hex, as newListingId makes). */
export const isListingId = (id: string): boolean => LISTING_ID.test(id);

export const ListingId = z
  .string()
  .regex(LISTING_ID, "a listing id is lst_ followed by 20 lowercase hex characters")
  .openapi({ example: "lst_3f9a0c1b2d4e5f6a7b8c" });

/** Integer query parameter with bounds; rejects "abc", "1.5", "-1" with a clear message. */
export const queryInt = (def: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be an integer between ${min} and ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .optional()
    .transform((v) => v ?? def);

export const queryNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `must be a number between ${min} and ${max}`)
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .optional();

export const UnixSeconds = z.number().int();
