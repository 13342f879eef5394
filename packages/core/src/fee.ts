/** Listings per registered domain that are free; each further new listing pays the submission fee. */
export const FREE_LISTINGS_PER_DOMAIN = 5;
export const SUBMISSION_FEE_ATOMIC = "250000";

/**
 * Is a fee due for a new submission? `listingsOnDomain` counts every listing ever created on the same
 * registered domain (delisting one frees no slot); re-listing an endpoint listed before is always free.
 */
export function submissionFeeDue(listingsOnDomain: number, listedBefore: boolean): boolean {
  return !listedBefore && listingsOnDomain >= FREE_LISTINGS_PER_DOMAIN;
}
