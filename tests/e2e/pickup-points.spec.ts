import { expect, test, withJavaScriptOnAndOff } from "./guarded-test";
import { ACME, expectAxeClean, withDemoOwners, ownerOpens } from "./console-helpers";
import { bookableDepartureOf, payWithCard, signIn, toPayPage } from "./booking-helpers";
import { addPickupPoint, clock } from "./extras-helpers";

/**
 * Pickup points (issue 46, item 3), JavaScript on and off: the owner adds two pickup points on the
 * experience's pickup points page (axe clean), a traveller picks one on the pay page and sees the
 * pickup time on the booking page, in the experience's zone; the manifest groups the guests by
 * pickup. The points are removed again (other specs share the server).
 */
withDemoOwners();
const EXPERIENCE = "new-york-pizza-making-class";

withJavaScriptOnAndOff("pickup points", (javaScriptEnabled) => {
  test("the owner adds two points; a traveller picks one and sees the pickup time; the manifest groups it", async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // two browsers, a booking, axe over four pages, the manifest
    const run = javaScriptEnabled ? "on" : "off";
    const hotel = { name: `Hotel Avenida ${run}`, address: "Av. da Liberdade 1", minutes: "30" };
    const pier = { name: `Pier 17 ${run}`, address: "", minutes: "45" };
    const path = `/console/experiences/${EXPERIENCE}/pickup-points`;
    await ownerOpens(page, path, /^Pickup points: /);
    if (javaScriptEnabled) {
      await page.locator("html[data-form-validation=ready]").waitFor({ state: "attached" });
      await expectAxeClean(page);
    }
    try {
      await addPickupPoint(page, hotel);
      await addPickupPoint(page, pier);
      await expect(page.getByTestId("pickup-point").filter({ hasText: hotel.name })).toContainText(
        "30 minutes before the departure",
      );
      if (javaScriptEnabled) await expectAxeClean(page);

      const traveller = await browser.newPage({ javaScriptEnabled });
      await signIn(traveller, request);
      const target = await bookableDepartureOf(request, EXPERIENCE);
      await toPayPage(traveller, EXPERIENCE, target, 2);
      const time = clock(new Date(target.startsAt).getTime() - 30 * 60_000, target.zone);
      const choice = traveller.getByRole("radio", { name: `${hotel.name}, pickup at ${time}` });
      await expect(choice).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(traveller);
      await choice.check();
      await traveller.getByRole("button", { name: /^Pay / }).click();
      await payWithCard(traveller, "4242 4242 4242 4242");
      await expect(traveller).toHaveURL(/\/return\/bk_/);
      const bookingId = /(bk_[A-Za-z0-9_-]{16})/.exec(traveller.url())![1];
      await traveller.goto(`/account/booking/${bookingId}`);
      await expect(traveller.getByTestId("booking-pickup")).toHaveText(
        `Pickup at ${time} (${target.zone}) — ${hotel.name}, ${hotel.address}`,
      );
      if (javaScriptEnabled) await expectAxeClean(traveller);
      await traveller.close();

      // The console: the booking's page shows the pickup, the manifest groups its guests under it.
      await page.goto(`${ACME}/console/bookings/${bookingId}`);
      await expect(page.getByTestId("booking-pickup")).toContainText(`Pickup at ${time}`);
      await page.goto(`${ACME}/console/manifest?date=${target.date}`);
      const group = page.getByTestId("pickup-group").filter({ hasText: hotel.name });
      await expect(group).toContainText(`Pickup at ${time} — ${hotel.name} (2 guests)`);
      const row = page.locator(`[data-testid="manifest-booking"][data-booking-id="${bookingId}"]`);
      await expect(row.getByTestId("booking-pickup")).toContainText(`Pickup at ${time}`);
      if (javaScriptEnabled) await expectAxeClean(page);
    } finally {
      await page.goto(`${ACME}${path}`);
      for (const point of [hotel, pier]) {
        const remove = page.getByRole("button", { name: `Remove “${point.name}”` });
        if ((await remove.count()) === 0) continue;
        await remove.click();
        await expect(page.getByRole("status")).toHaveText(/^The pickup point was removed/);
      }
    }
  });
});
