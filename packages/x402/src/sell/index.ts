export * from "./ledger.js";
export * from "./seller.js";
