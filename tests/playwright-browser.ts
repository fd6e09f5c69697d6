import { existsSync } from "node:fs";
import type { PlaywrightTestConfig } from "@playwright/test";

const chromium = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/**
 * What every Playwright suite (tests/e2e, tests/scale) gives its browser: the product's address,
 * traces of failures, and Debian's Chromium when present, started without what would reach out of
 * the machine (component updates, sync, QUIC).
 */
export function browserUse(port: number): PlaywrightTestConfig["use"] {
  return {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  };
}
