export * from "./config.js";
export * from "./jobs.js";
export * from "./logger.js";
export * from "./net/index.js";
export * from "./rate-limit.js";
export * from "./redis.js";
export * from "./service.js";
export * from "./shutdown.js";
