import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test } from "./guarded-test";
import { ACME, OWNER, createDraftExperience, expectAxeClean, withDemoOwners } from "./console-helpers";
import { productNow, zonedParts } from "./day-helpers";
import { signInWithPassword } from "./identity-helpers";

/** A local date `days` after `date` (calendar days). */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

withDemoOwners();

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";
  test.describe(`operator console: experiences, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("the owner creates a draft, is told why it cannot be published yet, edits it", async ({ page, browser }) => {
      await page.goto(`${ACME}/console/experiences`);
      await expect(page).toHaveURL(/\/login\?redirectUrl=/);
      await signInWithPassword(page, OWNER, DEMO_OWNER_PASSWORD);
      await expect(page).toHaveURL(/\/console\/experiences$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Experiences");
      await expect(page.getByTestId("experience-row").first()).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);

      await page.getByRole("link", { name: "New experience" }).click();
      await expect(page).toHaveURL(/\/console\/experiences\/new$/);
      if (javaScriptEnabled) await expectAxeClean(page);

      // Refused in words next to the field (the browser's own checks are bypassed to reach ours).
      await page.locator("form#new-experience").evaluate((form) => form.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: "Create the draft" }).click();
      await expect(page.getByText("Fill in this field.").first()).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);

      const title = `Azulejo Workshop ${mode} ${Date.now().toString(36)}`;
      await createDraftExperience(page, {
        title,
        summary: "Paint your own tile with a Lisbon ceramicist.",
        description: "Two hours in a working studio. You take your tile home.",
        city: "Lisbon",
        country: "PT",
        category: "classes",
        durationMinutes: "120",
        guests: "8",
        meetingPoint: "Rua de São Miguel 12, 1100-544 Lisboa",
        latitude: "38.7118",
        longitude: "-9.1303",
        language: "Portuguese",
        included: "Tile and paints\nFiring and packing",
        cancellationPolicy: "Free cancellation up to 24 hours before.",
      });

      await expect(page).toHaveURL(/\/console\/experiences\/azulejo-workshop-[a-z0-9-]+$/);
      await expect(page.getByRole("status")).toHaveText("The experience has been created as a draft.");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByTestId("status-line")).toContainText("Draft: travellers cannot see it or book it.");
      await expect(page.getByRole("navigation", { name: `Pages of ${title}` })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: "Portuguese" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "English" })).toBeChecked();
      if (javaScriptEnabled) await expectAxeClean(page);

      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByRole("alert")).toContainText("It cannot be published yet: travellers need a price.");
      if (javaScriptEnabled) await expectAxeClean(page);

      // Guests per departure belong to the service: no blank field that saves nothing, a way to them.
      await expect(page.getByLabel("Guests per departure")).toHaveCount(0);
      await expect(page.getByTestId("capacity-elsewhere").getByRole("link")).toHaveAttribute(
        "href",
        /\/console\/experiences\/azulejo-workshop-[a-z0-9-]+\/prices$/,
      );
      await page.getByLabel("Title").fill(`${title} (edited)`);
      await page.getByLabel("What is included").fill("Tile and paints\nFiring and packing\nA glass of wine");
      await page.getByRole("button", { name: "Save the changes" }).click();
      await expect(page.getByRole("status")).toHaveText("The changes have been saved.");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (edited)`);
      await expect(page.getByLabel("What is included")).toHaveValue(
        "Tile and paints\nFiring and packing\nA glass of wine",
      );
      // The 8 guests given on creation are the service's capacity, where the link leads.
      await page.getByTestId("capacity-elsewhere").getByRole("link").click();
      await expect(page.getByLabel("Capacity (seats per departure)").first()).toHaveValue("8");

      await page.goto(`${ACME}/console/experiences`);
      const row = page.getByTestId("experience-row").filter({ hasText: `${title} (edited)` });
      await expect(row.getByTestId("status")).toHaveText("Draft");
      // Travellers do not find it: the storefront's search finds the seeded ones, not the draft.
      const traveller = await (await browser.newContext({ javaScriptEnabled })).newPage();
      const found = await traveller.goto(`${ACME}/?q=${encodeURIComponent("Lisbon workshop")}`);
      expect(found?.status()).toBe(200);
      expect(await traveller.content()).not.toContain(title);
      const seededSearch = await traveller.goto(`${ACME}/?q=${encodeURIComponent("food tour")}`);
      expect(seededSearch?.status()).toBe(200);
      await expect(traveller.getByText("Lower East Side Food Tour").first()).toBeVisible();
    });

    test("a Boulder experience: its zone is America/Denver by default, asked on the experience only; a ticket type without a code; departures paged past 30 days", async ({
      page,
      request,
    }) => {
      await page.goto(`${ACME}/console/experiences/new`);
      await signInWithPassword(page, OWNER, DEMO_OWNER_PASSWORD);
      await expect(page).toHaveURL(/\/console\/experiences\/new$/);
      // Asked once, here: "automatic" first, the operator's own zone named in the hint.
      const zone = page.getByLabel("Time zone");
      await expect(zone).toHaveValue("");
      await expect(page.getByText(/else yours \(America\/New_York\)/)).toBeVisible();
      const title = `Flatirons Scramble ${mode} ${Date.now().toString(36)}`;
      await createDraftExperience(page, {
        title,
        summary: "Scramble up the First Flatiron with a guide.",
        description: "Three hours of easy climbing above Boulder.",
        city: "Boulder",
        country: "US",
        category: "outdoors",
        meetingPoint: "Chautauqua Trailhead, 900 Baseline Rd, Boulder, CO 80302",
        // With JavaScript the meeting point's coordinates give the zone; without, its city does.
        ...(javaScriptEnabled ? { latitude: "39.9990", longitude: "-105.2817" } : {}),
        cancellationPolicy: "Free cancellation up to 24 hours before.",
      });
      await expect(page.getByRole("status")).toHaveText("The experience has been created as a draft.");
      await expect(page.getByLabel("Time zone")).toHaveValue("America/Denver");
      if (javaScriptEnabled) await expectAxeClean(page);
      const pages = page.getByRole("navigation", { name: `Pages of ${title}` });

      // A ticket type: a name and a price, no code to type; its code comes from the name.
      await pages.getByRole("link", { name: "Services and prices" }).click();
      const prices = page.locator("form", { has: page.getByRole("button", { name: "Save the prices" }) });
      await expect(prices.getByLabel(/^Type of row/)).toHaveCount(0);
      await prices.getByLabel("Name of row 1").fill("Adult");
      await prices.getByLabel("Price of row 1 in USD").fill("89");
      await prices.getByRole("button", { name: "Save the prices" }).click();
      await expect(page.getByRole("status")).toHaveText("The prices are saved. New bookings use them from now on.");
      await page.getByText("Ticket codes for resellers and the API").click();
      await expect(page.getByTestId("ticket-codes").locator("dd")).toHaveText(["adult"]);
      if (javaScriptEnabled) await expectAxeClean(page);

      // The schedule names the zone and does not ask it again; a one-off 45 days on, at 08:00 Denver time.
      await pages.getByRole("link", { name: "Schedule" }).click();
      await expect(page.getByTestId("schedule-zone")).toContainText("America/Denver");
      await expect(page.getByLabel("Time zone")).toHaveCount(0);
      const local = zonedParts(await productNow(request), "America/Denver");
      const today = `${local.year}-${local.month}-${local.day}`;
      const later = plusDays(today, 45);
      await page.getByLabel("Date", { exact: true }).fill(later);
      await page.getByLabel("Start time", { exact: true }).fill("08:00");
      await page.getByRole("button", { name: "Add the departure" }).click();

      // The departures page: the first 31 days do not reach it; the next ones do, named in Denver's zone.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Departures: ${title}`);
      await expect(page.getByTestId("departure-range")).toContainText("by day in America/Denver");
      await expect(page.getByTestId("departure")).toHaveCount(0);
      await page.getByRole("link", { name: "Next 31 days" }).click();
      await expect(page).toHaveURL(new RegExp(`from=${plusDays(today, 31)}&to=${plusDays(today, 61)}`));
      await expect(page.getByTestId("departure")).toHaveCount(1);
      await expect(page.getByTestId("departure")).toContainText(/8:00\sAM M[SD]T/);
      if (javaScriptEnabled) await expectAxeClean(page);
      await page.getByRole("link", { name: "Previous 31 days" }).click();
      await expect(page.getByTestId("departure")).toHaveCount(0);
      // Any range, by its first and last day.
      await page.getByLabel("From", { exact: true }).fill(plusDays(later, -1));
      await page.getByLabel("To", { exact: true }).fill(plusDays(later, 1));
      await page.getByRole("button", { name: "Show", exact: true }).click();
      await expect(page.getByTestId("departure")).toHaveCount(1);
      // Dates that cannot be a range: the next 30 days, and it says so.
      await page.goto(`${page.url().split("?")[0]}?from=2026-02-30&to=${"9".repeat(500)}`);
      await expect(page.getByRole("alert")).toContainText("Those dates cannot be shown");
      await expect(page.getByTestId("departure-range")).toContainText("by day in America/Denver");
    });

    test("unpublishing a seeded experience makes its details page 404 at once; publishing brings it back", async ({
      page,
      browser,
    }) => {
      const seeded = javaScriptEnabled ? "Lower East Side Food Tour" : "Brooklyn Bridge Sunrise Walk";
      await page.goto(`${ACME}/console/experiences`);
      await signInWithPassword(page, OWNER, DEMO_OWNER_PASSWORD);
      await expect(page).toHaveURL(/\/console\/experiences$/);
      await page.getByRole("link", { name: seeded, exact: true }).click();
      await expect(page.getByTestId("status-line")).toContainText("Published: travellers can find it and book it.");
      const storefront = await page.getByRole("link", { name: "View on the storefront" }).getAttribute("href");
      expect(storefront).toMatch(/^\/experiences\//);

      const traveller = await (await browser.newContext({ javaScriptEnabled })).newPage();
      const first = await traveller.goto(`${ACME}${storefront}`);
      expect(first?.status()).toBe(200);
      await expect(traveller.getByRole("heading", { level: 1 })).toHaveText(seeded);
      await expect(traveller.getByTestId("experience-languages")).toHaveText("Given in English");

      await page.getByRole("button", { name: "Unpublish", exact: true }).click();
      await expect(page.getByRole("status")).toHaveText(
        "The experience is unpublished: travellers can no longer see it.",
      );
      await expect(page.getByTestId("status-line")).toContainText("Draft");
      await expect(page.getByRole("link", { name: "View on the storefront" })).toHaveCount(0);
      const hidden = await traveller.goto(`${ACME}${storefront}`);
      expect(hidden?.status()).toBe(404);
      const catalog = await traveller.goto(`${ACME}/`);
      expect(await catalog?.text()).not.toContain(seeded);

      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByRole("status")).toHaveText(
        "The experience is published: travellers can find it and book it.",
      );
      const back = await traveller.goto(`${ACME}${storefront}`);
      expect(back?.status()).toBe(200);
      await expect(traveller.getByRole("heading", { level: 1 })).toHaveText(seeded);
    });
  });
}
