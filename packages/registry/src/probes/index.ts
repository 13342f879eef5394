export * from "./feeds.js";
export * from "./lease.js";
export * from "./recent.js";
export * from "./record.js";
export * from "./record-batch.js";
export * from "./retention.js";
export * from "./targets.js";
