export * from "./feed.js";
export * from "./ingest.js";
export * from "./log.js";
export * from "./snapshots.js";
