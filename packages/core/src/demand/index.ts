export * from "./rules.js";
