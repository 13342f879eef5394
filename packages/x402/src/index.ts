export * from "./attest/index.js";
export * from "./challenge/index.js";
export * from "./facilitator/index.js";
export * from "./proof/index.js";
export * from "./sell/index.js";
