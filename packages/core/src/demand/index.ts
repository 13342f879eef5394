export * from "./clusters.js";
export * from "./rules.js";
