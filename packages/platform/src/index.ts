export * from "./config.js";
export * from "./logger.js";
export * from "./redis.js";
export * from "./service.js";
export * from "./shutdown.js";
