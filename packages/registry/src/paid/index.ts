export * from "./purchases.js";
export * from "./sales.js";
export * from "./verdict.js";
export * from "./scout.js";
