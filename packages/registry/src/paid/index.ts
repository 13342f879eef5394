export * from "./plans.js";
export * from "./purchases.js";
export * from "./sales.js";
export * from "./scout.js";
export * from "./verdict.js";
