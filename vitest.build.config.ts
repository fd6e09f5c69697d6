import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { stretched } from "./tests/support/time-limits";

/** Checks of the built app (`npm test` runs them after the build). */
export default defineConfig({
  test: {
    include: ["tests/build/**/*.test.ts"],
    environment: "node",
    // vitest's defaults (5 s a test, 10 s a hook) are a hang's net too short for a suite at nice 10
    // beside the browser tests (CI): stretched like vitest.config.ts's.
    testTimeout: stretched(20_000),
    hookTimeout: stretched(60_000),
    // A worker per core (vitest's default, cores - 1, is one on two cores): most files wait on a
    // built server's start, which is a process of its own.
    maxWorkers: availableParallelism(),
  },
});
