export { z } from "@hono/zod-openapi";
export * from "./common.js";
export * from "./demand-output.js";
export * from "./errors.js";
export * from "./jobs.js";
export * from "./listing-input.js";
export * from "./listing-output.js";
export * from "./paid-output.js";
export * from "./queries.js";
