import { existsSync } from "node:fs";
import type { PlaywrightTestConfig } from "@playwright/test";

/**
 * The browser: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell: the
 * browser Playwright itself runs headless tests in, half the CPU of the full browser's headless
 * mode here), else Debian's Chromium, else Playwright's own download.
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

/**
 * What every Playwright suite (tests/e2e, tests/scale) gives its browser: the product's address,
 * traces of failures, and Debian's headless shell or Chromium when present, started without what
 * would reach out of the machine (component updates, sync, QUIC).
 */
export function browserUse(port: number): PlaywrightTestConfig["use"] {
  return {
    baseURL: `http://localhost:${port}`,
    // A trace costs a third of a spec's time (snapshots at every step): in CI only a failure's retry
    // records one; here, every failure keeps its own.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
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
