export * from "./chain/index.js";
