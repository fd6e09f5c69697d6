import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, type APIRequestContext } from "./guarded-test";
import { ACME, OWNER, expectAxeClean, inviteToTeam, signInHere, withDemoOwners } from "./console-helpers";
import { uidOf } from "./day-helpers";
import { origin } from "./helpers";
import { createCompleteUser, latestMail, PASSWORD, uniqueEmail } from "./identity-helpers";

withDemoOwners();

/** A traveller books 2 adults on a departure of acme's `experienceId` two days on or later, and pays (the API, as the app does). */
async function bookTwoAdults(request: APIRequestContext, experienceId: string) {
  const traveller = await createCompleteUser(request, uniqueEmail("manifest-traveller"), PASSWORD, {
    operators: ["acme"],
  });
  const headers = { Authorization: `Bearer ${traveller.idToken}`, "X-Account-Context": "acme" };
  const detail = await (await request.get(`${origin()}/v1/experiences/${experienceId}`)).json();
  const serviceId: string = detail.data.services[0].id;
  const service = await (await request.get(`${origin()}/v1/experiences/${experienceId}/services/${serviceId}`)).json();
  const adult = service.data.service.ticketTypes.find((type: { code: string }) => type.code === "adult");
  const availability = await (
    await request.get(`${origin()}/v1/experiences/${experienceId}/services/${serviceId}/availability`)
  ).json();
  const earliest = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const day = (availability.data.days as Array<{ date: string; slots: Array<{ id: string; seatsLeft: number }> }>).find(
    (candidate) => candidate.date >= earliest && candidate.slots.some((slot) => slot.seatsLeft >= 4),
  )!;
  const slot = day.slots.find((candidate) => candidate.seatsLeft >= 4)!;
  const placed = await request.post(`${origin()}/v1/bookings`, {
    headers: { ...headers, "Idempotency-Key": randomUUID() },
    data: {
      serviceId,
      slotId: slot.id,
      tickets: [{ ticketTypeId: adult.id, quantity: 2 }],
      returnUrl: `/experiences/${experienceId}/${serviceId}/return/{bookingId}`,
      cancelUrl: `/experiences/${experienceId}/${serviceId}`,
    },
  });
  expect(placed.status()).toBe(201);
  const booking = (await placed.json()).data;
  const sessionId = /\/sandbox\/checkout\/(.+)$/.exec(booking.checkoutUrl)![1];
  const paid = await request.post(`${origin()}/v1/payments/sandbox/checkouts/${sessionId}/pay`, {
    data: { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
  });
  expect((await paid.json()).data.status).toBe("paid");
  return {
    date: day.date,
    slotId: slot.id,
    bookingId: booking.booking.id as string,
    reference: booking.booking.reference as string,
  };
}

const RUNS = [
  { javaScriptEnabled: true, experienceId: "lower-east-side-food-tour" },
  { javaScriptEnabled: false, experienceId: "central-park-bike-tour" },
];

for (const { javaScriptEnabled, experienceId } of RUNS) {
  const mode = javaScriptEnabled ? "on" : "off";
  test.describe(`operator console: the day manifest, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled, acceptDownloads: true });
    test.setTimeout(180_000);

    test("a manager assigns a guide, the guide checks guests in from the manifest, downloads the CSV and prints it", async ({
      page,
      browser,
      request,
    }) => {
      const booked = await bookTwoAdults(request, experienceId);

      // The owner invites a guide, who accepts.
      const guideEmail = uniqueEmail(`manifest-guide-${mode}`);
      const guideUser = await createCompleteUser(request, guideEmail, PASSWORD);
      await page.goto(`${ACME}/console/team`);
      await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/console\/team$/);
      await inviteToTeam(page, guideEmail, "guide");
      const guide = await (await browser.newContext({ javaScriptEnabled, acceptDownloads: true })).newPage();
      await guide.goto((await latestMail(request, guideEmail)).link);
      await signInHere(guide, guideEmail, PASSWORD, /\/console\/invitations\//);
      await guide.getByRole("button", { name: "Accept the invitation" }).click();
      await expect(guide.getByTestId("console-role")).toHaveText("Guide");

      // The owner (a manager's rights) assigns the guide to the booked departure.
      await page.goto(`${ACME}/console/experiences/${experienceId}/departures`);
      const row = page.locator(`[id="departure-${booked.slotId}"]`);
      await row.getByLabel("Guide", { exact: true }).selectOption(uidOf(guideUser.idToken));
      await row.getByRole("button", { name: /^Save the guide of the departure/ }).click();
      await expect(page.getByRole("status")).toHaveText("Guide saved.");
      await expect(page.locator(`[id="departure-${booked.slotId}"]`).getByLabel("Guide", { exact: true })).toHaveValue(
        uidOf(guideUser.idToken),
      );

      // The guide's manifest of that day: their departure alone, the booking with "2 Adults".
      await guide.goto(`${ACME}/console/manifest?date=${booked.date}`);
      await expect(guide.getByRole("heading", { level: 1 })).toContainText("Manifest for");
      await expect(guide.getByTestId("manifest-departure")).toHaveCount(1);
      const booking = guide.locator(`[data-booking-id="${booked.bookingId}"]`);
      await expect(booking.getByTestId("guests-label")).toHaveText("2 Adults");
      await expect(booking.getByRole("link", { name: booked.reference })).toHaveAttribute(
        "href",
        `/console/bookings/${booked.bookingId}`,
      );
      // A guide sees no money: no payment column, no money totals (the owner's manifest has both).
      await expect(guide.getByRole("columnheader", { name: "Payment" })).toHaveCount(0);
      await expect(booking.getByTestId("booking-money")).toHaveCount(0);
      await expect(guide.getByTestId("manifest-totals")).not.toContainText("Money");
      if (javaScriptEnabled) await expectAxeClean(guide);

      const guest = (n: number) => booking.locator(`[data-testid="manifest-guest"][data-guest-no="${n}"]`);
      const checkIn = booking.getByRole("button", { name: `Check in guest 1 of ${booked.reference}` });
      await checkIn.click();
      await expect(guest(1)).toHaveAttribute("data-status", "checked_in");
      if (javaScriptEnabled) {
        await expect(checkIn).toBeFocused();
        await expect(guest(1).getByRole("status")).toHaveText("Checked in.");
      } else {
        await expect(guide.getByRole("status").first()).toHaveText("Checked in.");
        await expect(guide).toHaveURL(new RegExp(`/console/manifest\\?date=${booked.date}$`));
      }
      await booking.getByRole("button", { name: `Mark guest 2 of ${booked.reference} as a no-show` }).click();
      await expect(guest(2)).toHaveAttribute("data-status", "no_show");
      await expect(guest(1)).toHaveAttribute("data-status", "checked_in");
      await expect(guide.getByTestId("manifest-totals")).toContainText("1 checked in · 1 no-shows");
      if (javaScriptEnabled) await expectAxeClean(guide);

      // The CSV: the same booking, a dated file.
      const [download] = await Promise.all([
        guide.waitForEvent("download"),
        guide.getByRole("link", { name: "Download CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`manifest-acme-${booked.date}.csv`);
      const csv = await readFile((await download.path())!, "utf8");
      const [header, ...lines] = csv.trim().split("\r\n");
      const line = lines.find((candidate) => candidate.includes(booked.bookingId))!;
      expect(line).toContain("2 Adults");
      for (const column of ["total", "paid", "owed", "refunded"]) expect(header.split(",")).not.toContain(column);
      expect(csv).not.toContain("USD");

      // The booking's page: the guest and the departure, no money, no refunds.
      await booking.getByRole("link", { name: booked.reference }).click();
      await expect(guide.getByRole("heading", { level: 1 })).toContainText(booked.reference);
      await expect(guide.getByTestId("booking-departure")).toBeVisible();
      await expect(guide.getByTestId("money")).toHaveCount(0);
      await expect(guide.getByRole("heading", { name: "Refunds" })).toHaveCount(0);
      await expect(guide.locator("main")).not.toContainText("$");
      if (javaScriptEnabled) await expectAxeClean(guide);
      // The owner's manifest of that day does show the money.
      await page.goto(`${ACME}/console/manifest?date=${booked.date}`);
      await expect(page.locator(`[data-booking-id="${booked.bookingId}"]`).getByTestId("booking-money")).toContainText(
        "Paid",
      );
      await guide.goto(`${ACME}/console/manifest?date=${booked.date}`);

      // Printing: no forms, no buttons, no navigation; the table stays.
      await guide.emulateMedia({ media: "print" });
      await expect(checkIn).toBeHidden();
      await expect(guide.getByLabel("Date", { exact: true })).toBeHidden();
      await expect(guide.getByRole("navigation", { name: "Console sections" })).toBeHidden();
      await expect(booking.getByTestId("guests-label")).toBeVisible();
      await guide.emulateMedia({ media: "screen" });
      await expect(checkIn).toBeVisible();
    });
  });
}
