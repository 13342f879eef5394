import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/test/**/*.test.ts", "services/*/test/**/*.test.ts"],
          globalSetup: ["packages/db/src/testing/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Every error the api answers in a test must be documented for its operation (error-docs.ts).
          env: { TOLLGATE_STRICT_ERROR_DOCS: "1" },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test-e2e/**/*.test.ts"],
          exclude: ["test-e2e/bench/**", "**/node_modules/**"],
          globalSetup: ["packages/db/src/testing/global-setup.ts"],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          pool: "forks",
          fileParallelism: false,
          // Inherited by the services each e2e world starts: the api checks its error answers as above.
          env: { TOLLGATE_STRICT_ERROR_DOCS: "1" },
        },
      },
    ],
  },
});
