export * from "./networks.js";
export * from "./parse.js";
export * from "./types.js";
