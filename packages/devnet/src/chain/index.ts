export * from "./anvil.js";
export * from "./chain.js";
export * from "./wallets.js";
export * from "./authorization.js";
