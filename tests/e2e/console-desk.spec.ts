import { readFile } from "node:fs/promises";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test } from "./guarded-test";
import { ACME, OWNER, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import { todaysBooking } from "./day-helpers";
import { origin } from "./helpers";

withDemoOwners();

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";
  test.describe(`operator console: the bookings list, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled, acceptDownloads: true });

    test("the owner finds a booking by the guest's last name and by its reference, opens it, and downloads the search", async ({
      page,
      request,
    }) => {
      const booked = await todaysBooking(request);
      // The guest has a last name no one else has.
      const lastName = `Ortega${mode}${Date.now().toString(36)}`;
      const renamed = await request.patch(`${origin()}/v1/user/sync`, {
        headers: { Authorization: `Bearer ${booked.traveller.idToken}` },
        data: { firstName: "Marta", lastName },
      });
      expect(renamed.ok()).toBeTruthy();

      await page.goto(`${ACME}/console/bookings`);
      await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/console\/bookings$/);
      await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Bookings", exact: true })).toHaveAttribute("aria-current", "page");

      await page.getByLabel("Find a booking").fill(lastName.toLowerCase());
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${lastName.toLowerCase()}`));
      const rows = page.getByTestId("booking-row");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`Marta ${lastName}`);
      await expect(rows.first()).toContainText("2 Adults");
      // The departure's time names its zone.
      await expect(rows.first()).toContainText(/EST|EDT/);
      if (javaScriptEnabled) await expectAxeClean(page);

      // The reference as read out on the phone finds it too; nothing is found for a name no one has.
      await page.getByLabel("Find a booking").fill(booked.reference);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(rows).toHaveCount(1);
      await page.getByLabel("Find a booking").fill("nobody-has-this-name");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("No booking matches.")).toBeVisible();

      // A date that does not exist is named, not a crash.
      await page.goto(`${ACME}/console/bookings?from=2026-02-30`);
      await expect(page.getByRole("alert")).toContainText("from");

      await page.goto(`${ACME}/console/bookings?q=${lastName}`);
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download these bookings (CSV)" }).click();
      const csv = await readFile((await (await download).path())!, "utf8");
      expect(csv.split("\r\n")[0]).toContain("reference");
      expect(csv).toContain(booked.reference);

      await rows.first().getByRole("link", { name: booked.reference }).click();
      await expect(page).toHaveURL(new RegExp(`/console/bookings/${booked.bookingId}$`));
    });
  });
}
