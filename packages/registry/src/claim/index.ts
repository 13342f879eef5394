export * from "./challenge.js";
export { CHALLENGE_VALID_S, CLAIM_CHANGE_REASONS } from "./common.js";
export * from "./complete.js";
