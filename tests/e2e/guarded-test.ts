import { expect, test as base } from "@playwright/test";

export { expect };
export type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";

/**
 * Playwright's `test`, with a watch on the Content-Security-Policy: every page a test opens
 * must load without a single violation (Chromium reports each one on the console).
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
    await provide(page);
    expect(violations, "CSP violations").toEqual([]);
  },
});

/**
 * The tests `body` declares, twice: in a describe with JavaScript on, then in one with it off, each
 * titled "`title`, JavaScript on|off" (or "JavaScript on|off" alone without a title). `body` is told
 * which run it declares.
 */
export function withJavaScriptOnAndOff(title: string, body: (javaScriptEnabled: boolean) => void) {
  for (const javaScriptEnabled of [true, false]) {
    const mode = `JavaScript ${javaScriptEnabled ? "on" : "off"}`;
    test.describe(title ? `${title}, ${mode}` : mode, () => {
      test.use({ javaScriptEnabled });
      body(javaScriptEnabled);
    });
  }
}
