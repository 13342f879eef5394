export * from "./connection.js";
export * from "./migrate.js";
export * from "./open.js";
export * from "./types.js";
export * from "./errors.js";
