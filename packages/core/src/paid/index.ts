export * from "./depth.js";
export * from "./grade.js";
