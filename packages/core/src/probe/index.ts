export * from "./failures.js";
export * from "./record.js";
export * from "./rules.js";
export * from "./tiers.js";
