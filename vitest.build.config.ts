import { defineConfig } from "vitest/config";

/** Checks of the built app (`npm test` runs them after the build). */
export default defineConfig({
  test: { include: ["tests/build/**/*.test.ts"], environment: "node" },
});
