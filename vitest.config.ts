import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const usingPostgres = Boolean(process.env.DATABASE_URL);

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
    include: [
      "tests/unit/**/*.test.{ts,tsx}",
      "tests/api/**/*.test.ts",
      "tests/routes/**/*.test.ts",
      "tests/fuzz/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "api/**/*.test.ts",
    ],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // PostgreSQL: each file on a copy of the run's seeded template of its own.
    setupFiles: ["tests/support/database-per-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One shared PostgreSQL database: files run one after another there.
    fileParallelism: !usingPostgres,
    pool: "forks",
  },
});
