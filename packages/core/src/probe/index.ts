export * from "./failures.js";
export * from "./rules.js";
export * from "./tiers.js";
