export * from "./challenge/index.js";
