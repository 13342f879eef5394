export * from "./keys.js";
export * from "./sign.js";
