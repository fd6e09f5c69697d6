import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { stretched } from "./tests/support/time-limits";

/** Unit files: each in a fresh process, as every file used to, and without a database (none opens one). */
const unit = ["tests/unit/**/*.test.{ts,tsx}"];

/**
 * Files that change the process itself (its settings, its database's place, its bus, its jobs,
 * its clock's table) or start processes of their own: each runs in a fresh process.
 */
const ownProcess = [
  "tests/routes/cross-site.test.ts",
  ...[
    "change-bus-down",
    "change-bus",
    "change-feed",
    "db-open",
    "db-unavailable",
    "delivery-crash",
    "due-work-processes",
    "health-ready",
    "jobs-runner",
    "migration-status",
    "rate-limit",
    "scheduled-work",
    "seed",
  ].map((name) => `tests/api/platform/${name}.test.ts`),
];

export default defineConfig({
  resolve: {
    alias: {
      "~api": fileURLToPath(new URL("./api", import.meta.url)),
      "~contract": fileURLToPath(new URL("./contract", import.meta.url)),
      "~runtime": fileURLToPath(new URL("./runtime", import.meta.url)),
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: stretched(30_000),
    hookTimeout: stretched(60_000),
    // Files run side by side on PostgreSQL too: each has its own copy of the seeded template
    // (tests/support/database-per-file.ts).
    // A worker per core: vitest's default (cores - 1) runs one on CI's two cores (decision 047).
    maxWorkers: availableParallelism(),
    pool: "forks",
    projects: [
      {
        // No copy of the seeded database each (on PostgreSQL, some 1.3 s of the machine's time a file).
        extends: true,
        test: { name: "unit", include: unit },
      },
      {
        extends: true,
        test: {
          name: "own-process",
          include: ownProcess,
          // PostgreSQL: each file on a copy of the run's seeded template of its own.
          setupFiles: ["tests/support/database-per-file.ts"],
        },
      },
      {
        // The API and loader/action files share their worker's process, one file after another
        // (decision 042): the modules load once per worker instead of once per file (about 3 s
        // of the machine's time a file). Each file still opens its own copy of the seeded database
        // (closed after it), and starts with every cache and the test clock forgotten.
        extends: true,
        test: {
          name: "shared-process",
          include: [
            "tests/api/**/*.test.ts",
            "tests/routes/**/*.test.ts",
            "tests/fuzz/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "api/**/*.test.ts",
          ],
          exclude: ownProcess,
          isolate: false,
          setupFiles: ["tests/support/database-per-file.ts", "tests/support/fresh-file.ts"],
        },
      },
    ],
  },
});
