import { defineConfig, devices } from "@playwright/test";
import { emulatorEnv } from "./scripts/emulator.mjs";
import { browserUse } from "./tests/playwright-browser";

/**
 * The scale suite (tests/scale): the product as `npm run scale:local` lays it out — nginx, two
 * webs, two APIs, PostgreSQL and a Redis of its own — on SCALE_PORT (default 3500) and the ports
 * after it. Its database is emptied first: the local cluster's wayfarer_scale, or
 * SCALE_DATABASE_URL (never DATABASE_URL, which may be someone's own).
 */
const PORT = Number(process.env.SCALE_PORT ?? 3500);
// tests/e2e's helpers address the product at E2E_PORT: here, nginx.
process.env.E2E_PORT = String(PORT);

export default defineConfig({
  testDir: "tests/scale",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: browserUse(PORT),
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `node scripts/scale-local.mjs --fresh --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/v1/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // Everything it started stops in order (the APIs finish their jobs, nginx its requests).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: {
      DATABASE_URL: process.env.SCALE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/wayfarer_scale",
      // Empty: the layout's own Redis, started with it.
      REDIS_URL: "",
      ...emulatorEnv(),
      // Every client of the run is this machine: the per-address limits must not be the ones hit.
      AUTH_EMAIL_LIMIT_PER_IP: "1000",
      PASSWORD_ATTEMPTS_PER_IP: "1000",
      BOOKING_ATTEMPTS_PER_USER: "1000",
    },
  },
});
