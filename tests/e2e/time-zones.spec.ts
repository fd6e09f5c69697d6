import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./guarded-test";
import { findBookableDay, payWithCard, signIn, signOperatorWaiver } from "./booking-helpers";

/**
 * Visitors whose clock is in another zone than the server's (issue 31, item 1; issue 39, item 7):
 * every date a page shows is formatted in a named zone, so the browser hydrates the same text the
 * server sent, without React's hydration errors. A departure is in its experience's zone: the same
 * words in every zone, with JavaScript on and off. The traveller's own events (a payment, a
 * notification) are in the zone the browser tells (the `tz` cookie, account pages only), named;
 * without JavaScript nothing tells it, and they are in UTC. One user and one booking serve all zones.
 */
const ZONES = ["UTC", "America/Los_Angeles", "Europe/Lisbon", "Pacific/Kiritimati"] as const;
/** Account pages that show the traveller's own events: the times there follow the browser's zone. */
const OWN_EVENTS_PATHS = new Set(["/account/notifications"]);
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

/**
 * Whether the page's own-event times read in the browser's zone: on a receipt, the payment's
 * time; on the notifications page, every time. Judged in the browser (its zone is the emulated one).
 */
async function ownTimesInBrowserZone(page: Page, path: string): Promise<boolean> {
  return page.evaluate((receipt) => {
    const times = [...document.querySelectorAll("time")].filter((time) => time.dateTime.includes("T"));
    const zoneName = (iso: string) =>
      new Intl.DateTimeFormat("en-US", { timeZoneName: "short" })
        .formatToParts(new Date(iso))
        .find((part) => part.type === "timeZoneName")!.value;
    const inZone = (time: HTMLTimeElement) => (time.textContent ?? "").includes(zoneName(time.dateTime));
    return times.length > 0 && (receipt ? times.some(inZone) : times.every(inZone));
  }, path.startsWith("/account/receipt/"));
}

async function openZone(browser: Browser, timezoneId: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ timezoneId, javaScriptEnabled, storageState: session.storageState });
  return { context, page: await context.newPage() };
}

for (const zone of ZONES) {
  test(`${zone}: no hydration error; departures alike with JavaScript on and off, own events in the browser's zone`, async ({
    browser,
  }) => {
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
        const ownEvents = OWN_EVENTS_PATHS.has(path) || path.startsWith("/account/receipt/");
        if (ownEvents && zone !== "UTC") {
          // The page turns to the browser's clock once it has told its zone (no reload needed).
          await expect
            .poll(() => ownTimesInBrowserZone(withJs.page, path), { message: `own times on ${path} in ${zone}` })
            .toBe(true);
          // Told once, the next visit is rendered in that zone by the server, and hydrates cleanly.
          await withJs.page.reload();
          await withJs.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
          expect(await ownTimesInBrowserZone(withJs.page, path), `own times after a reload on ${path}`).toBe(true);
          expect(errors.filter((text) => HYDRATION_ERROR.test(text))).toEqual([]);
        } else {
          const withScript = await datesOn(withJs.page);
          expect(withScript, `dates on ${path} in ${zone}, JavaScript on vs off`).toEqual(withoutScript);
        }
        seen[path] = withoutScript;
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
