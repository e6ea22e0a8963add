import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    projects: [
      {
        resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // A page on a busy 2-core machine can take seconds to update: polls wait up to 15 s.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 120_000,
          hookTimeout: 240_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
    ],
  },
});
