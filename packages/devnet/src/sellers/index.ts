export * from "./challenge.js";
export * from "./listing.js";
export * from "./official.js";
export * from "./sellers.js";
export * from "./server.js";
