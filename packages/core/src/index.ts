export * from "./demand/index.js";
export * from "./domain.js";
export * from "./fee.js";
export * from "./probe/index.js";
export * from "./ranking.js";
export * from "./time.js";
export * from "./url.js";
export * from "./verdict/index.js";
