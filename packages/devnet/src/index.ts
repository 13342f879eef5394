export * from "./buyer.js";
export * from "./chain/index.js";
export * from "./facilitator/index.js";
export * from "./process.js";
export * from "./queues.js";
export * from "./sellers/index.js";
