import { expect, test, type APIRequestContext, type Page } from "./guarded-test";
import type { Day } from "./booking-helpers";
import { expectAxeClean } from "./console-helpers";
import { origin } from "./helpers";
import { createCompleteUser, PASSWORD, signInWithPassword, uniqueEmail } from "./identity-helpers";

/**
 * The details page and the booking page on a phone and a desktop, with JavaScript on and off
 * (issue 31, items 2–6): the price beside the title, a sticky bar that follows the choice, the
 * searched date carried in, a widget that keeps its place and its total, a cancel step in view.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

type Target = {
  parentId: string;
  serviceId: string;
  city: string;
  operator: string;
  date: string;
  slotId: string;
  adult: string;
  child: string | null;
};

/** A service selling adult (and, if possible, child) tickets with a departure of 6+ free seats, 2+ days out. */
async function findTarget(request: APIRequestContext, wantChild = false): Promise<Target> {
  const earliest = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const list = await (await request.get(`${origin()}/v1/experiences?pageSize=48`)).json();
  for (const item of list.data.items) {
    const base = `${origin()}/v1/experiences/${item.id}/services/${item.firstServiceId}`;
    const service = (await (await request.get(base)).json()).data;
    const types = service.service.ticketTypes as Array<{ id: string; code: string }>;
    const adult = types.find((type) => type.code === "adult");
    const child = types.find((type) => type.code === "child") ?? null;
    if (!adult || (wantChild && !child)) continue;
    const days = (await (await request.get(`${base}/availability`)).json()).data.days as Day[];
    const day = days.find((d) => d.date >= earliest && d.slots.some((slot) => slot.seatsLeft >= 6));
    if (!day) continue;
    return {
      parentId: item.id,
      serviceId: item.firstServiceId,
      city: item.city.slug,
      operator: item.operator.slug,
      date: day.date,
      slotId: day.slots.find((slot) => slot.seatsLeft >= 6)!.id,
      adult: adult.id,
      child: child?.id ?? null,
    };
  }
  throw new Error("no such service in the demo data");
}

const detailsPath = (target: Target, query = "") =>
  `/experiences/${target.parentId}/${target.serviceId}${query ? `?${query}` : ""}`;

/** The element at the middle of `locator` on screen is that element (not something over it). */
async function expectUncovered(page: Page, testId: string) {
  const uncovered = await page.getByTestId(testId).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  expect(uncovered).toBe(true);
}

test.describe("the details page on a desktop", () => {
  test.use(DESKTOP);

  test("says the from-price per adult, the cancellation rule and the duration beside the title; axe-clean", async ({
    page,
    request,
  }) => {
    const target = await findTarget(request);
    await page.goto(detailsPath(target));
    const facts = page.getByTestId("experience-facts");
    await expect(facts).toBeInViewport();
    await expect(facts).toContainText(/From \D?\d[\d.,]*\D* per adult/);
    await expect(facts).toContainText(/Free cancellation until \d+ hours before the start\./);
    await expect(facts).toContainText(/Duration: \d/);
    // Beside the title: above the photos, in the first screen.
    expect((await facts.boundingBox())!.y).toBeLessThan(300);
    await expect(page.getByTestId("sticky-booking-bar")).toBeHidden();
    await expectAxeClean(page);
  });
});

test.describe("the details page on a phone, with JavaScript", () => {
  test.use(PHONE);

  test("the sticky bar follows the choice (tickets, total, Continue) and steps aside for the widget's total", async ({
    page,
    request,
  }) => {
    const target = await findTarget(request);
    await page.goto(detailsPath(target, `date=${target.date}`));
    const bar = page.getByTestId("sticky-booking-bar");
    await expect(bar.getByRole("link", { name: "Choose a time" })).toBeVisible();
    await page.locator(`input[name="slot"][value="${target.slotId}"]`).check();
    await page.locator(`input[name="t_${target.adult}"]`).fill("3");
    const total = await page.getByTestId("price-total").textContent();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeInViewport();
    await expect(page.getByTestId("sticky-booking-total")).toHaveText(`3 tickets${total}`);
    await expect(bar.getByRole("button", { name: "Continue" })).toBeVisible();
    // The widget's own total is never under the bar: the bar goes while the total is on screen.
    await page.getByTestId("price-total").scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    await expectUncovered(page, "price-total");
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/login\?redirectUrl=.*confirm.*t_/);
  });

  test("a date searched in the catalog opens the details page on that day; a past date selects nothing", async ({
    page,
    request,
  }) => {
    const target = await findTarget(request);
    await page.goto(`/${target.city}?date=${target.date}`);
    const card = page.locator(`a[href^="/experiences/${target.parentId}/"]`);
    await expect(card).toHaveAttribute("href", detailsPath(target, `date=${target.date}`));
    await card.click();
    await expect(page).toHaveURL(new RegExp(`\\?date=${target.date}$`));
    await expect(page.getByTestId("time-choices")).toBeVisible();
    await expect(page.locator(`input[name="date"][type="hidden"]`)).toHaveValue(target.date);

    const past = await page.goto(detailsPath(target, "date=2020-01-01"));
    expect(past!.status()).toBe(200);
    await expect(page.getByTestId("time-choices")).toHaveCount(0);
  });
});

test.describe("the details page on a phone, without JavaScript", () => {
  test.use({ ...PHONE, javaScriptEnabled: false });

  test("Show times and Update the total come back to the widget; the total is the server's; a refused choice says why", async ({
    page,
    request,
  }) => {
    const target = await findTarget(request, true);
    await page.goto(detailsPath(target));
    await page.getByLabel("Dates with availability").selectOption(target.date);
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(/#times$/);
    await expect(page.getByTestId("time-choices")).toBeInViewport();

    await page.locator(`input[name="slot"][value="${target.slotId}"]`).check();
    await page.locator(`input[name="t_${target.adult}"]`).fill("2");
    await page.locator(`input[name="t_${target.child}"]`).fill("1");
    await page.getByRole("button", { name: "Update the total" }).click();
    await expect(page).toHaveURL(/#tickets$/);
    await expect(page.locator("#tickets")).toBeInViewport();
    const summary = page.getByTestId("slot-form").locator("dl");
    await expect(summary).toContainText("2 × Adult");
    await expect(summary).toContainText("1 × Child");
    const total = await page.getByTestId("price-total").textContent();
    // The bar, rendered by the server from the address, says the same.
    await expect(page.getByTestId("sticky-booking-total")).toHaveText(`3 tickets${total}`);

    await page.locator(`input[name="t_${target.adult}"]`).fill("0");
    await page.locator(`input[name="t_${target.child}"]`).fill("0");
    await page.getByRole("button", { name: "Continue to booking" }).click();
    const refused = page.getByRole("alert").filter({ hasText: "Choose at least one ticket." });
    await expect(refused).toBeInViewport();
    await expect(page.locator(`input[name="t_${target.adult}"]`)).toHaveValue("0");
    await expect(page.locator(`input[name="t_${target.adult}"]`)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("sticky-booking-bar").getByRole("link", { name: "Choose tickets" })).toBeVisible();
  });
});

/** A signed-in browser with a held booking (made through the API) of `target`. */
async function heldBooking(page: Page, request: APIRequestContext, target: Target) {
  const { email, idToken } = await createCompleteUser(request, uniqueEmail("cancel-step"), PASSWORD, {
    operators: [target.operator],
  });
  const auth = { Authorization: `Bearer ${idToken}` };
  const placed = await request.post(`${origin()}/v1/bookings`, {
    headers: { ...auth, "Idempotency-Key": crypto.randomUUID() },
    data: {
      serviceId: target.serviceId,
      slotId: target.slotId,
      tickets: [{ ticketTypeId: target.adult, quantity: 1 }],
      returnUrl: `${detailsPath(target)}/return/{bookingId}`,
      cancelUrl: detailsPath(target),
    },
  });
  expect(placed.ok()).toBeTruthy();
  const bookingId = (await placed.json()).data.booking.id as string;
  await page.goto("/login");
  await signInWithPassword(page, email, PASSWORD);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  return bookingId;
}

test.describe("cancelling on a phone", () => {
  test.use(PHONE);

  test("the confirm step comes into view with the focus, with JavaScript and without", async ({
    browser,
    page,
    request,
  }) => {
    const target = await findTarget(request);
    const bookingId = await heldBooking(page, request, target);
    await page.goto(`/account/booking/${bookingId}`);
    await page.getByRole("link", { name: "Cancel booking" }).click();
    await expect(page).toHaveURL(/\?cancel=1#cancel-step$/);
    await expect(page.getByTestId("cancel-step-heading")).toBeFocused();
    await expect(page.getByTestId("refund-preview")).toBeInViewport();
    await expect(page.getByRole("button", { name: "Yes, cancel this booking" })).toBeInViewport();

    // The same signed-in browser without JavaScript: the address's anchor brings the step into view.
    const noScript = await browser.newContext({
      ...PHONE,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await noScript.newPage();
    await plain.goto(`${origin()}/account/booking/${bookingId}`);
    await plain.getByRole("link", { name: "Cancel booking" }).click();
    await expect(plain).toHaveURL(/\?cancel=1#cancel-step$/);
    await expect(plain.getByRole("button", { name: "Yes, cancel this booking" })).toBeInViewport();
    await noScript.close();
  });
});
