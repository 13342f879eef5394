export * from "./embedder.js";
export * from "./vector-index.js";
