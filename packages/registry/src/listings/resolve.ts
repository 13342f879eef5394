import { canonicalEndpoint } from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { ApiError, isUriText, URI_TEXT_RULE } from "@tollgate/schema";
import { LISTING_COLUMNS } from "../columns.js";
import { toListingDetail } from "../shape.js";

/** Is this URL listed? `not_listed` means never checked, not unsafe. */
export async function resolveEndpoint(db: Db, url: string, serviceName?: string) {
  // Held to the submission's rule on raw characters (REST and MCP alike): a URL parser drops a tab or line
  // break inside and trims a trailing NUL, so such a string was answered as the listed endpoint it is not.
  if (!isUriText(url)) throw new ApiError("validation_failed", `url: ${URI_TEXT_RULE}`);
  let canonical: string;
  try {
    const u = new URL(url);
    if (u.protocol !== "https:" && u.protocol !== "http:") throw new Error("scheme");
    canonical = canonicalEndpoint(url);
  } catch {
    throw new ApiError(
      "validation_failed",
      "url: must be an absolute http(s) URL, e.g. ?url=https://api.example.com/v1/x",
    );
  }
  const row = await db
    .selectFrom("listings")
    .select(LISTING_COLUMNS)
    .where("endpoint_canonical", "=", canonical)
    // the active record wins; otherwise the most recently delisted one
    .orderBy((eb) => eb.case().when("status", "=", "delisted").then(1).else(0).end())
    .orderBy("delisted_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return { match: "not_listed" as const, detail: null };
  return {
    match: row.status === "delisted" ? ("delisted" as const) : ("active" as const),
    detail: toListingDetail(row, serviceName),
  };
}
