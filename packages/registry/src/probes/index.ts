export * from "./claim.js";
export * from "./feeds.js";
export * from "./record.js";
export * from "./retention.js";
