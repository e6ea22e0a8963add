import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    // Every core (Vitest's default leaves one idle: on a 2-core machine, one worker). The unit files
    // wait on databases as much as they compute, and the end-to-end files run one at a time anyway.
    maxWorkers: "100%",
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
          // A worker process is reused from file to file (importing the app once per worker, not once
          // per file: 56 files, ~3 s each). Every file builds its own database and users and closes
          // what it opens, and none mocks a module (ARCHITECTURE.md, Tests).
          isolate: false,
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
