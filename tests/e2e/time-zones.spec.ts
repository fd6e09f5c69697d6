import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./guarded-test";
import { findBookableDay, payWithCard, signIn, signOperatorWaiver } from "./booking-helpers";

/**
 * Visitors whose clock is in another zone than the server's (issue 31, item 1): every date a page
 * shows is formatted in a named zone (the experience's, or UTC), so the browser hydrates the same
 * text the server sent, without React's hydration errors, and the dates read the same with
 * JavaScript on and off — and in every zone. One signed-in user and one booking serve all zones.
 */
const ZONES = ["UTC", "America/Los_Angeles", "Europe/Lisbon", "Pacific/Kiritimati"] as const;
const HYDRATION_ERROR = /Minified React error #(418|423|425)\b|Hydration|did not match/i;

type Session = { storageState: Awaited<ReturnType<BrowserContext["storageState"]>>; paths: string[] };
let session: Session;
/** The dates of every page as the first zone showed them: every other zone must show the same. */
let firstZoneDates: Record<string, string[]> | null = null;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ timezoneId: "UTC" });
  const page = await context.newPage();
  // The context's own request client: it lives as long as the context this setup closes itself.
  const request = context.request;
  await signIn(page, request);
  const target = await findBookableDay(request, 1);
  await page.goto(`/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`);
  await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
  await page.locator('input[type="number"][name^="t_"]').first().fill("1");
  await expect(page.getByTestId("price-total")).toBeVisible();
  await page.getByRole("button", { name: "Continue to booking" }).click();
  await signOperatorWaiver(page);
  await page.getByRole("button", { name: /^Pay / }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/return\/bk_/);
  await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
  const bookingId = /\/return\/(bk_[^/?]+)/.exec(page.url())![1];
  session = {
    storageState: await context.storageState(),
    paths: [
      `/experiences/${target.parentId}/${target.serviceId}`,
      "/lisbon",
      `/account/receipt/${bookingId}`,
      "/account/notifications",
      "/account/bookings",
      `/account/booking/${bookingId}`,
      "/account/payments",
    ],
  };
  await context.close();
});

async function datesOn(page: Page): Promise<string[]> {
  return page.locator("time").allTextContents();
}

async function openZone(browser: Browser, timezoneId: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ timezoneId, javaScriptEnabled, storageState: session.storageState });
  return { context, page: await context.newPage() };
}

for (const zone of ZONES) {
  test(`${zone}: no hydration error, and the same dates with JavaScript on and off`, async ({ browser }) => {
    test.setTimeout(120_000);
    const withJs = await openZone(browser, zone, true);
    const withoutJs = await openZone(browser, zone, false);
    const errors: string[] = [];
    withJs.page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(`${message.text()}`);
    });
    withJs.page.on("pageerror", (error) => errors.push(`${error.message}`));
    const seen: Record<string, string[]> = {};
    try {
      // The browser's clock really is in the zone (Playwright's emulation), not the server's.
      expect(await withJs.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone);
      for (const path of session.paths) {
        await Promise.all([withJs.page.goto(path), withoutJs.page.goto(path)]);
        await withJs.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        // React reports a hydration mismatch after the first commit: give it a few frames.
        await withJs.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 150)));
        const hydrationErrors = errors.filter((text) => HYDRATION_ERROR.test(text));
        expect(hydrationErrors, `hydration errors on ${path} in ${zone}`).toEqual([]);

        const withoutScript = await datesOn(withoutJs.page);
        const withScript = await datesOn(withJs.page);
        expect(withScript, `dates on ${path} in ${zone}, JavaScript on vs off`).toEqual(withoutScript);
        seen[path] = withScript;
      }
      // Dates that carry a meaning (a departure, a payment, a notification) are there to compare.
      expect(seen[session.paths[0]].length, "review dates on the details page").toBeGreaterThan(0);
      for (const path of session.paths.slice(2, 6)) expect(seen[path].length, `dates on ${path}`).toBeGreaterThan(0);
      // Named zones: the same words in every visitor's zone.
      if (firstZoneDates) expect(seen, `dates in ${zone} vs ${ZONES[0]}`).toEqual(firstZoneDates);
      else firstZoneDates = seen;
    } finally {
      await withJs.context.close();
      await withoutJs.context.close();
    }
  });
}
