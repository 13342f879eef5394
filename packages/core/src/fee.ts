/** Listings per registered domain that are free; each further new listing pays the submission fee. */
export const FREE_LISTINGS_PER_DOMAIN = 5;
export const SUBMISSION_FEE_ATOMIC = "250000";

/**
 * Is a fee due for a new submission? `activeOnDomain` counts listings already in the directory on the
 * same registered domain; re-listing an endpoint listed before is always free.
 */
export function submissionFeeDue(activeOnDomain: number, listedBefore: boolean): boolean {
  return !listedBefore && activeOnDomain >= FREE_LISTINGS_PER_DOMAIN;
}
