export * from "./claim.js";
