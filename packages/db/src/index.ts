export * from "./connection.js";
export * from "./errors.js";
export * from "./health.js";
export * from "./listen.js";
export * from "./migrate.js";
export * from "./open.js";
export * from "./types.js";
