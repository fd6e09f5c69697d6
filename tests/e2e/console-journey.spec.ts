import sharp from "sharp";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { payWithCard, signOperatorWaiver, type Day } from "./booking-helpers";
import { expect, test, type APIRequestContext } from "./guarded-test";
import {
  ACME,
  OWNER,
  createDraftExperience,
  inviteToTeam,
  publishExperience,
  saveTicketPrices,
  signInHere,
  todayIn,
  withDemoOwners,
} from "./console-helpers";
import { origin } from "./helpers";
import { createCompleteUser, latestMail, PASSWORD, signInWithPassword, uniqueEmail } from "./identity-helpers";

/**
 * Issue 28's whole journey, as people do it: the owner invites a manager; the manager creates an
 * experience with two photos, two ticket types and a weekly schedule, and publishes it; a traveller
 * finds it on the storefront and books it. JavaScript on and off.
 */

/** Today in Lisbon (the experience's zone), YYYY-MM-DD. */
const todayInLisbon = () => todayIn("Europe/Lisbon");

const photo = (background: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** The first day from the day after tomorrow with a departure of the service that has seats. */
async function bookableDay(request: APIRequestContext, experienceId: string, serviceId: string) {
  const earliest = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  // The marketplace answers for every operator (Node resolves no *.localhost).
  const answer = await request.get(`${origin()}/v1/experiences/${experienceId}/services/${serviceId}/availability`);
  expect(answer.status()).toBe(200);
  const days = (await answer.json()).data.days as Day[];
  const day = days.find(
    (candidate) => candidate.date >= earliest && candidate.slots.some((slot) => slot.seatsLeft > 2),
  );
  expect(day, "a day with departures after the schedule was set").toBeTruthy();
  return { date: day!.date, slot: day!.slots.find((slot) => slot.seatsLeft > 2)! };
}

withDemoOwners();

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";
  test.describe(`operator console: from invitation to a traveller's booking, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(180_000);

    test("the owner invites a manager, who builds and publishes an experience; a traveller books it", async ({
      page,
      browser,
      request,
    }) => {
      // 1. The owner invites a manager.
      const managerEmail = uniqueEmail(`journey-manager-${mode}`);
      await createCompleteUser(request, managerEmail, PASSWORD);
      await page.goto(`${ACME}/console/team`);
      await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/console\/team$/);
      await inviteToTeam(page, managerEmail, "manager");

      // 2. The manager accepts from the emailed link.
      const manager = await (await browser.newContext({ javaScriptEnabled })).newPage();
      await manager.goto((await latestMail(request, managerEmail)).link);
      await signInHere(manager, managerEmail, PASSWORD, /\/console\/invitations\//);
      await manager.getByRole("button", { name: "Accept the invitation" }).click();
      await expect(manager.getByTestId("console-role")).toHaveText("Manager");

      // 3. A new experience, a draft.
      await manager
        .getByRole("navigation", { name: "Console sections" })
        .getByRole("link", { name: "Experiences" })
        .click();
      await manager.getByRole("link", { name: "New experience" }).click();
      const title = `Tram 28 Sketch Walk ${mode} ${Date.now().toString(36)}`;
      await createDraftExperience(manager, {
        title,
        summary: "Draw Lisbon's old quarters from the tram line.",
        description: "A sketching walk along tram 28 with a local illustrator.",
        city: "Lisbon",
        country: "PT",
        category: "classes",
        durationMinutes: "150",
        guests: "8",
        meetingPoint: "Largo do Martim Moniz, 1100-341 Lisboa",
        language: "Portuguese",
        included: "Sketchbook and pens\nA pastel de nata",
        cancellationPolicy: "Free cancellation up to 24 hours before.",
      });
      await expect(manager.getByRole("status")).toHaveText("The experience has been created as a draft.");
      const experienceId = /\/console\/experiences\/([^/?]+)$/.exec(manager.url())![1];
      // Its zone, left on automatic: Lisbon's (its city), not the operator's New York.
      await expect(manager.getByLabel("Time zone")).toHaveValue("Europe/Lisbon");
      const pages = manager.getByRole("navigation", { name: `Pages of ${title}` });

      // 4. Two photos, through the plain file input (JavaScript adds a drop zone beside it).
      await pages.getByRole("link", { name: "Photos" }).click();
      const upload = manager.locator("form", { has: manager.getByRole("button", { name: "Upload photo" }) });
      for (const [name, colour, alt] of [
        ["tram.jpg", "#facc15", "A yellow tram on a steep street"],
        ["sketch.jpg", "#1d4ed8", "A sketchbook open on a tiled wall"],
      ]) {
        await upload
          .getByLabel("Photo file")
          .setInputFiles({ name, mimeType: "image/jpeg", buffer: await photo(colour) });
        await upload.getByLabel("Alt text").fill(alt);
        await upload.getByRole("button", { name: "Upload photo" }).click();
        await expect(manager.getByRole("status").filter({ hasText: "The photo was added." })).toBeVisible();
      }
      await expect(manager.getByTestId("photo")).toHaveCount(2);

      // 5. Two ticket types on the first service.
      await saveTicketPrices(
        manager,
        pages,
        [
          ["Adult", "45"],
          ["Child (6–12)", "20"],
        ],
        "USD",
      );

      // 6. A weekly schedule in Lisbon: every day at 10:00.
      await pages.getByRole("link", { name: "Schedule" }).click();
      await expect(manager.getByTestId("schedule-zone")).toContainText("Europe/Lisbon");
      const rule = manager.getByRole("group", { name: "Add a weekly rule" });
      for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
        await rule.getByLabel(day).check();
      }
      await rule.getByLabel("Start times").fill("10:00");
      await rule.getByLabel("First day").fill(todayInLisbon());
      await manager.getByRole("button", { name: "Save the schedule" }).click();
      await expect(manager.getByRole("status")).toContainText(/\d+ departures added\./);

      // 7. Published.
      const serviceId = await publishExperience(manager, pages);

      // 8. A traveller finds it on the storefront, with its photos and prices, and books it.
      const traveller = await (await browser.newContext({ javaScriptEnabled })).newPage();
      const guest = await createCompleteUser(request, uniqueEmail(`journey-guest-${mode}`));
      await traveller.goto(`${ACME}/login`);
      await signInWithPassword(traveller, guest.email, guest.password);
      await expect(traveller).not.toHaveURL(/\/login/);
      await traveller.goto(`${ACME}/?q=${encodeURIComponent(title)}`);
      const card = traveller.locator("li", { has: traveller.getByRole("link", { name: title }) });
      await expect(card.locator('picture source[type="image/avif"]')).toHaveCount(1);
      await expect(card).toContainText("$45");
      const { date, slot } = await bookableDay(request, experienceId, serviceId);
      expect(
        new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Lisbon", hour: "2-digit", minute: "2-digit" }).format(
          new Date(slot.startsAt),
        ),
      ).toBe("10:00");
      await traveller.goto(`${ACME}/experiences/${experienceId}/${serviceId}?date=${date}`);
      await expect(traveller.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(traveller.locator("img[alt='A yellow tram on a steep street']").first()).toBeVisible();
      await traveller.locator(`input[name="slot"][value="${slot.id}"]`).check();
      await traveller.locator('input[type="number"][name^="t_"]').first().fill("2");
      await traveller.getByRole("button", { name: "Continue to booking" }).click();
      await signOperatorWaiver(traveller);
      await traveller.getByRole("button", { name: /^Pay / }).click();
      await payWithCard(traveller, "4242 4242 4242 4242");
      await expect(traveller.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");

      // The manager sees the two seats sold on that departure.
      await manager.goto(`${ACME}/console/experiences/${experienceId}/departures`);
      await expect(manager.locator(`[id="departure-${slot.id}"]`)).toContainText("2 sold");
    });
  });
}
