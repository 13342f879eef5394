export * from "./anvil.js";
export * from "./authorization.js";
export * from "./chain.js";
export * from "./shapes.js";
export * from "./wallets.js";
