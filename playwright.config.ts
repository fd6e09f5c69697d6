import { defineConfig, devices } from "@playwright/test";
import { emulatorEnv } from "./scripts/emulator.mjs";
import { browserUse } from "./tests/playwright-browser";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** E2E_SPLIT=1: the web and the v1 API in two processes, the web without a database. */
const SPLIT = process.env.E2E_SPLIT === "1";
const API_PORT = PORT + 1;

const serverEnv = {
  ...emulatorEnv(),
  // Check revocation on every request, so the lost-session test does not wait a minute.
  SESSION_REVOCATION_CHECK_SECONDS: "0",
  AUTH_EMAIL_LIMIT_PER_EMAIL: "100",
  AUTH_EMAIL_LIMIT_PER_IP: "1000",
  // Every browser of the run connects from this machine: one address for the per-address limits.
  PASSWORD_ATTEMPTS_PER_IP: "1000",
  // And the specs sign the same demo owners in, with JavaScript off through the password form, more
  // than 20 times an hour (the desk's specs pushed the run past it). The per-account limits are
  // tested by the API suite and the scale suite, not here.
  PASSWORD_ATTEMPTS_PER_MINUTE: "1000",
  PASSWORD_ATTEMPTS_PER_HOUR: "1000",
  // A line per request is thousands per half: warnings and errors only (E2E_LOG_LEVEL=info for all).
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  // A larger old space than production's 192 MB (scripts/server-args.mjs): the server collects less
  // often, about a sixth less of its CPU over the specs, where the run is short of CPU (CI). Memory is
  // measured by `npm run bench` with production's bound.
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=512`.trim(),
};

export default defineConfig({
  testDir: "tests/e2e",
  // One folder per port: `npm test` runs two halves of the specs side by side.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: browserUse(PORT),
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: SPLIT
    ? [
        server("--api", `http://127.0.0.1:${API_PORT}/v1/health`, {
          API_PORT: String(API_PORT),
          // Links in emails point at the web, not at the API's own address.
          APP_PUBLIC_URL: `http://localhost:${PORT}`,
          STOREFRONT_PUBLIC_URL: `http://{slug}.app.localhost:${PORT}`,
        }),
        server("", `http://localhost:${PORT}/v1/health`, {
          PORT: String(PORT),
          API_BASE_URL: `http://127.0.0.1:${API_PORT}`,
        }),
      ]
    : server("", `http://localhost:${PORT}/v1/health`, { PORT: String(PORT) }),
});

/** One process of the product under test (scripts/e2e-server.mjs), ready when `url` answers. */
function server(flag: string, url: string, env: Record<string, string>) {
  return {
    command: `node scripts/e2e-server.mjs ${flag}`.trim(),
    url,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: { ...serverEnv, ...env },
  };
}
