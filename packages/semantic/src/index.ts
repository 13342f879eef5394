export * from "./embedder.js";
export * from "./linear-map.js";
export * from "./vector-index.js";
