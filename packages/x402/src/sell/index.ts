export * from "./ledger.js";
export * from "./onchain.js";
export * from "./seal.js";
export * from "./seller.js";
