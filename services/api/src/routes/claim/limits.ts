// The limits moved to services/api/src/limits.ts (with submissions and discover); this keeps the claim
// routes' import working until they import from there.
export { CHALLENGE_LIMIT, CLAIM_POST_LIMIT, enforce } from "../../limits.js";
