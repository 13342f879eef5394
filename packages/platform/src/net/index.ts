export * from "./address.js";
export * from "./client.js";
export * from "./client-address.js";
export * from "./config.js";
export * from "./errors.js";
export * from "./resolver.js";
