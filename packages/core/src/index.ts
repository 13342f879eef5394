export * from "./domain.js";
export * from "./probe/index.js";
export * from "./ranking.js";
export * from "./time.js";
export * from "./url.js";
