import type { Page } from "@playwright/test";
import { expect, test, type APIRequestContext } from "./guarded-test";
import { payWithCard } from "./booking-helpers";
import { expectAxeClean, withDemoOwners } from "./console-helpers";
import {
  EXPERIENCE,
  newDeparture,
  ownerToken,
  paidBooking,
  productNow,
  todaysBooking,
  zonedAtOddMinute,
  zonedParts,
} from "./day-helpers";
import { origin } from "./helpers";
import { createCompleteUser, PASSWORD, signInWithPassword, uniqueEmail } from "./identity-helpers";

withDemoOwners();

/**
 * Changing a booking's date from its page, JavaScript on and off: to a departure of the same
 * price (moved at once), then, prices raised meanwhile, to a dearer one (the difference paid in
 * the sandbox checkout); the page shows the new time and the history. Past the deadline the page
 * says why it is closed.
 */

type TicketType = { id: string; code: string; name: string; priceMinor: number };

async function acmeService(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await ownerToken(request)}`, "X-Account-Context": "acme" };
  const services = await (
    await request.get(`${origin()}/v1/operator/experiences/${EXPERIENCE}/services`, { headers })
  ).json();
  const service = services.data.services[0] as { id: string; ticketTypes: TicketType[] };
  const listed = await (
    await request.get(`${origin()}/v1/operator/experiences/${EXPERIENCE}/departures`, { headers })
  ).json();
  return { headers, service, zone: listed.data.experience.timezone as string };
}

/** `n` new departures of acme's service, 3 to 6 days ahead of the product's clock, at odd minutes. */
async function newDepartures(request: APIRequestContext, n: number) {
  const { headers, service, zone } = await acmeService(request);
  const now = (await productNow(request)).getTime();
  const made: Array<{ id: string; startsAt: string }> = [];
  for (let i = 0; i < n; i++) {
    const { id, startsAt } = await newDeparture(
      request,
      headers,
      service.id,
      () => zonedAtOddMinute(new Date(now + (3 * 24 + i * 20 + Math.floor(Math.random() * 12)) * 3_600_000), zone),
      6,
    );
    made.push({ id, startsAt });
  }
  return { headers, service, zone, departures: made };
}

/**
 * "Change date" asks for a day first (issue 39, item 12): with JavaScript the calendar (the day's
 * button, a month on when needed), without it the list of days and "Show times". Then its times.
 */
async function chooseDay(page: Page, javaScriptEnabled: boolean, startsAt: string, zone: string) {
  const parts = zonedParts(new Date(startsAt), zone);
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  await expect(page.locator('input[name="slotId"]')).toHaveCount(0);
  if (javaScriptEnabled) {
    await expect(page.getByRole("grid").first()).toBeVisible();
    const day = page.locator(`button[aria-describedby$="-marker-${date}"]`);
    for (let i = 0; i < 2 && !(await day.isVisible()); i++)
      await page.getByRole("button", { name: "Go to the next month" }).click();
    await day.click();
  } else {
    await page.getByLabel("Dates with availability").selectOption(date);
    await page.getByRole("button", { name: "Show times" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`[?&]date=${date}`));
}

/** Sets the service's adult price (the whole list, as the console does). */
async function setAdultPrice(
  request: APIRequestContext,
  headers: Record<string, string>,
  service: { id: string; ticketTypes: TicketType[] },
  priceMinor: number,
) {
  const answer = await request.put(`${origin()}/v1/operator/services/${service.id}/ticket-types`, {
    headers,
    data: {
      ticketTypes: service.ticketTypes.map((type) => ({
        code: type.code,
        name: type.name,
        priceMinor: type.code === "adult" ? priceMinor : type.priceMinor,
      })),
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

for (const javaScriptEnabled of [true, false]) {
  test(`move a booking to a same-price departure, then to a dearer one paid in the checkout (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    request,
  }) => {
    const { headers, service, zone, departures } = await newDepartures(request, 3);
    const [from, same, dearer] = departures;
    const adult = service.ticketTypes.find((type) => type.code === "adult")!;
    const traveller = await createCompleteUser(request, uniqueEmail("resched"), PASSWORD, { operators: ["acme"] });
    const booking = await paidBooking(request, traveller.idToken, {
      serviceId: service.id,
      slotId: from.id,
      ticketTypeId: adult.id,
      quantity: 1,
    });

    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/login");
    await signInWithPassword(page, traveller.email, PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);

    // Same price: the deadline is stated before choosing; the move is made at once.
    await page.goto(`/account/booking/${booking.id}`);
    await page.getByTestId("change-date").click();
    await expect(page).toHaveURL(new RegExp(`/account/booking/${booking.id}/reschedule$`));
    await expect(page.getByTestId("reschedule-deadline")).toContainText("You can change the date until");
    // axe runs in the page: only with JavaScript on.
    if (javaScriptEnabled) await expectAxeClean(page);
    await chooseDay(page, javaScriptEnabled, same.startsAt, zone);
    await page.locator(`input[name="slotId"][value="${same.id}"]`).check();
    await page.getByRole("button", { name: "Move my booking" }).click();
    await expect(page).toHaveURL(new RegExp(`/account/booking/${booking.id}$`));
    await expect(page.getByText("Your booking has moved.")).toBeVisible();
    await expect(page.getByTestId("booking-when").locator("time")).toHaveAttribute("datetime", same.startsAt);
    await expect(page.getByTestId("booking-changes").locator("li")).toHaveCount(1);

    // Dearer (the operator raised the price meanwhile): to the checkout for the difference, then moved.
    await setAdultPrice(request, headers, service, adult.priceMinor + 500);
    try {
      await page.goto(`/account/booking/${booking.id}/reschedule`);
      await chooseDay(page, javaScriptEnabled, dearer.startsAt, zone);
      await expect(page.getByText("more").first()).toBeVisible();
      await page.locator(`input[name="slotId"][value="${dearer.id}"]`).check();
      await page.getByRole("button", { name: "Move my booking" }).click();
      await payWithCard(page, "4242 4242 4242 4242");
    } finally {
      await setAdultPrice(request, headers, service, adult.priceMinor);
    }
    await expect(page).toHaveURL(new RegExp(`/account/booking/${booking.id}\\?moved=1$`));
    await expect(page.getByText("Your booking has moved.")).toBeVisible();
    await expect(page.getByTestId("booking-when").locator("time")).toHaveAttribute("datetime", dearer.startsAt);
    const history = page.getByTestId("booking-changes").locator("li");
    await expect(history).toHaveCount(2);
    await expect(history.nth(1)).toContainText("paid");
    if (javaScriptEnabled) await expectAxeClean(page);
    await context.close();
  });
}

test("past the deadline the change-date page is closed and says why", async ({ page, request }) => {
  const { traveller, bookingId } = await todaysBooking(request);
  await page.goto("/login");
  await signInWithPassword(page, traveller.email, traveller.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/account/booking/${bookingId}`);
  await expect(page.getByTestId("change-date")).toHaveCount(0);
  await page.goto(`/account/booking/${bookingId}/reschedule`);
  await expect(page.getByTestId("reschedule-closed")).toContainText(
    "The deadline for changing it (the same as for free cancellation) has passed.",
  );
  await expectAxeClean(page);
});
