import { expect, test } from "./guarded-test";
import {
  chooseWithPlainForms,
  findBookableDay,
  payWithCard,
  seatsLeft,
  signIn,
  signOperatorWaiver,
  toCheckout,
} from "./booking-helpers";
import { origin } from "./helpers";
import { createCompleteUser, latestMail, signInWithPassword } from "./identity-helpers";

test.describe("booking with JavaScript", () => {
  test("book with the sandbox card: confirmed, emailed with .ics, listed, then cancelled", async ({
    page,
    request,
  }) => {
    const user = await signIn(page, request);
    const target = await findBookableDay(request);
    const before = await seatsLeft(request, target);

    await page.goto(`/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`);
    await expect(page.getByRole("grid").first()).toBeVisible();
    await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
    const firstTicket = page.locator('input[type="number"][name^="t_"]').first();
    await firstTicket.fill("2");
    const total = page.getByTestId("price-total");
    await expect(total).toBeVisible();
    const shownTotal = await total.textContent();
    await page.getByRole("button", { name: "Continue to booking" }).click();
    await signOperatorWaiver(page);
    await expect(page.getByTestId("confirm-when")).toBeVisible();
    // The time says which clock it is on: the experience's zone (EST, EDT, GMT+1…).
    await expect(page.getByTestId("confirm-when")).toHaveText(/\d:\d\d\s[AP]M\s([A-Z]{2,5}|GMT[+-]\d{1,2}(:\d\d)?)$/);
    await expect(page.getByTestId("price-total")).toHaveText(shownTotal!);
    await page.getByRole("button", { name: /^Pay / }).click();
    await payWithCard(page, "4242 4242 4242 4242");

    await expect(page).toHaveURL(/\/return\/bk_/);
    await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
    // The departure's time names its zone on the confirmation too (EST, EDT, GMT+1…).
    await expect(page.getByTestId("return-when")).toHaveText(/\d:\d\d\s[AP]M\s([A-Z]{2,5}|GMT[+-]\d{1,2}(:\d\d)?)$/);
    // The traveller sees the reference (WF-…), the same as on the booking's page; the id is the URL's.
    const reference = (await page.getByTestId("booking-reference").textContent())!;
    expect(reference).toMatch(/^WF-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const bookingId = /\/return\/(bk_[^/?]+)/.exec(page.url())![1];
    expect(await seatsLeft(request, target)).toBe(before - 2);
    // The confirmation shows the ticket, where to meet, and leads to the booking itself (issue 39).
    await expect(page.getByTestId("ticket-qr").locator("svg")).toBeVisible();
    await expect(page.getByTestId("ticket-code")).not.toBeEmpty();
    await expect(page.getByTestId("return-meeting-point")).toContainText("Meeting point");
    await expect(page.getByRole("link", { name: "See your booking" })).toHaveAttribute(
      "href",
      `/account/booking/${bookingId}`,
    );

    const mail = await latestMail(request, user.email);
    expect(mail.subject).toMatch(/Booking confirmed/);
    const full = await (await request.get(`${origin()}/v1/dev/outbox?to=${encodeURIComponent(user.email)}`)).json();
    const confirmation = full.data.find((message: { subject: string }) => /Booking confirmed/.test(message.subject));
    const ics = confirmation.attachments.find((attachment: { name: string }) => attachment.name.endsWith(".ics"));
    expect(ics).toBeTruthy();
    expect(Buffer.from(ics.content, "base64").toString("utf8")).toContain(`UID:${bookingId}`);

    await page.goto("/account/bookings");
    const row = page
      .getByTestId("booking-list")
      .getByRole("listitem")
      .filter({ has: page.locator(`a[href="/account/booking/${bookingId}"]`) });
    await expect(row).toContainText("Confirmed");
    await page.goto("/account/notifications");
    await expect(page.getByText(/Booking confirmed/).first()).toBeVisible();
    await page.goto("/account/payments");
    await expect(
      page.getByRole("row").filter({ has: page.locator(`a[href="/account/receipt/${bookingId}"]`) }),
    ).toContainText("Paid");

    // Cancelling states the policy and the refund first, and cancels only when confirmed.
    await page.goto("/account/bookings");
    await row.getByRole("link", { name: "Cancel booking" }).click();
    await expect(page).toHaveURL(new RegExp(`/account/booking/${bookingId}\\?cancel=1$`));
    await expect(page.getByTestId("booking-reference")).toHaveText(reference);
    await expect(page.getByRole("link", { name: "Add to Google Calendar" })).toBeVisible();
    await expect(page.getByTestId("refund-preview")).toContainText("If you cancel now, you get");
    expect(await seatsLeft(request, target)).toBeLessThan(before);
    await page.getByRole("button", { name: "Yes, cancel this booking" }).click();
    await expect(page.getByRole("status")).toContainText(/cancelled, .+ refunded/);
    // A cancelled booking no longer offers "add to calendar".
    await expect(page.getByRole("link", { name: "Add to Google Calendar" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download to your calendar (.ics)" })).toHaveCount(0);
    expect(await seatsLeft(request, target)).toBe(before);
  });

  test("a declined card keeps the hold: leave, resume from the booking page, pay with another card", async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const target = await findBookableDay(request);
    const before = await seatsLeft(request, target);
    await page.goto(
      `/experiences/${target.parentId}/${target.serviceId}/confirm?date=${target.date}&slot=${target.slot.id}`,
    );
    // No tickets chosen: back to the details page to choose them.
    await expect(page).toHaveURL(new RegExp(`/experiences/${target.parentId}/${target.serviceId}\\?date=`));
    await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
    await page.locator('input[type="number"][name^="t_"]').first().fill("1");
    await page.getByRole("button", { name: "Continue to booking" }).click();
    await signOperatorWaiver(page);
    const confirmUrl = page.url();
    await page.getByRole("button", { name: /^Pay / }).click();
    await payWithCard(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toContainText("Your card was declined");
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    const checkoutUrl = page.url();
    expect(await seatsLeft(request, target)).toBe(before - 1);

    // Pressing Pay again from the confirm page opens the same checkout: one booking.
    await page.goto(confirmUrl);
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(checkoutUrl);
    expect(await seatsLeft(request, target)).toBe(before - 1);

    // Leave, then resume from the booking page, which shows the time left.
    await page.goto("/account/bookings");
    const row = page.getByRole("listitem").filter({ hasText: "Awaiting payment" }).first();
    await row.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/account\/booking\/bk_/);
    await expect(page.getByText(/held for \d+ more minute/i)).toBeVisible();
    await page.getByRole("link", { name: "Complete payment" }).click();
    await expect(page).toHaveURL(checkoutUrl);
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
    expect(await seatsLeft(request, target)).toBe(before - 1);
  });

  test("save the card at checkout: listed, on the receipt, then the next booking is paid with it in one step", async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const target = await findBookableDay(request, 4);
    const confirmUrl = `/experiences/${target.parentId}/${target.serviceId}/confirm?date=${target.date}&slot=${target.slot.id}`;
    await toCheckout(page, target);
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await page.getByLabel("Save this card for next time").check();
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
    const firstId = /\/return\/(bk_[^/?]+)/.exec(page.url())![1];

    await page.goto("/account/payments");
    await expect(page.getByTestId("saved-cards")).toContainText("Visa ending in 4242, expires 12/2034");
    await expect(page.getByTestId("saved-cards")).toContainText("Default");
    await page.getByRole("link", { name: "Receipt" }).first().click();
    await expect(page).toHaveURL(`/account/receipt/${firstId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Receipt WF-/);
    await expect(page.getByTestId("receipt-card")).toHaveText("Paid with Visa ending in 4242");
    await expect(page.getByTestId("receipt-lines")).toContainText("1");

    // The next booking: the saved card is chosen already, and Pay confirms at once.
    const before = await seatsLeft(request, target);
    await page.goto(`/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`);
    await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
    await page.locator('input[type="number"][name^="t_"]').first().fill("2");
    await page.getByRole("button", { name: "Continue to booking" }).click();
    await expect(page).toHaveURL(/\/confirm\?/);
    expect(page.url()).toContain(confirmUrl.split("?")[0]);
    await expect(page.getByLabel("Visa ending in 4242, expires 12/2034")).toBeChecked();
    // The same departure again: a second booking is the traveller's deliberate choice (issue 39).
    await expect(page.getByTestId("already-booked")).toBeVisible();
    await page.getByLabel(/Yes, make a second booking/).check();
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/return\/bk_/);
    await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
    expect(await seatsLeft(request, target)).toBe(before - 2);
  });

  test("seats a guest holds show on the public page, which is served from the cache, within seconds", async ({
    page,
    request,
    playwright,
  }) => {
    await signIn(page, request);
    const target = await findBookableDay(request);
    const address = `/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`;
    // A visitor without a session: what the micro-cache serves.
    const visitor = await playwright.request.newContext({ baseURL: origin() });
    const shownSeats = async () => {
      const answer = await visitor.get(address);
      const html = await answer.text();
      const seats = new RegExp(`value="${target.slot.id}"[\\s\\S]*?(\\d+) spots? left`).exec(html)?.[1];
      return { seats: Number(seats), cache: answer.headers()["x-micro-cache"] };
    };
    await shownSeats();
    const before = await shownSeats();
    expect(before.cache).toMatch(/^(hit|stale)$/);
    expect(before.seats).toBe(await seatsLeft(request, target));

    await toCheckout(page, target, { tickets: 2, from: address });
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);

    // The hold took the seats: the visitor sees it within the cache's 5 s freshness.
    await expect
      .poll(async () => (await shownSeats()).seats, { timeout: 6_000, intervals: [250] })
      .toBe(before.seats - 2);
    await visitor.dispose();
  });

  test("the details page: a calendar legend, focus on the times after a date, times in the operator's zone, tickets capped to the seats left", async ({
    page,
    request,
  }) => {
    const target = await findBookableDay(request);
    await page.goto(`/experiences/${target.parentId}/${target.serviceId}`);
    const legend = page.getByRole("list", { name: "Calendar legend" });
    await expect(legend).toContainText("Available");
    await expect(legend).toContainText("Sold out");
    const day = page.locator(`[data-day="${target.date}"] button`);
    for (let month = 0; month < 3 && !(await day.isVisible()); month++)
      await page.getByRole("button", { name: /next month/i }).click();
    await day.click();
    await expect(page).toHaveURL(new RegExp(`date=${target.date}`));
    await expect(page.getByTestId("time-choices")).toBeFocused();
    await expect(page.getByTestId("time-choices")).toContainText(/Times are [A-Za-z ]+ time\./);

    await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
    const first = page.locator('input[type="number"][name^="t_"]').first();
    await expect(first).toHaveAttribute("max", String(Math.min(20, target.slot.seatsLeft)));
    await first.fill(String(target.slot.seatsLeft + 1));
    await expect(page.getByTestId("too-many-tickets")).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue to booking" })).toBeDisabled();
    await first.fill("1");
    await expect(page.getByTestId("too-many-tickets")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Continue to booking" })).toBeEnabled();
  });

  test("booking needs sign-in and keeps the selection", async ({ page, request }) => {
    const target = await findBookableDay(request);
    const confirmPath = `/experiences/${target.parentId}/${target.serviceId}/confirm?date=${target.date}&slot=${target.slot.id}`;
    await page.goto(`/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`);
    await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
    await page.getByRole("button", { name: "Continue to booking" }).click();
    await expect(page).toHaveURL(/\/login\?redirectUrl=/);
    const user = await createCompleteUser(request);
    await signInWithPassword(page, user.email, user.password);
    await signOperatorWaiver(page);
    await expect(page).toHaveURL(new RegExp(confirmPath.replace(/[?]/g, "\\?")));
    await expect(page.getByRole("button", { name: /^Pay / })).toBeVisible();
  });
});

test.describe("booking without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("book end to end with plain forms", async ({ page, request }) => {
    await signIn(page, request);
    const target = await findBookableDay(request);
    await chooseWithPlainForms(page, target);
    await page.getByLabel("Promo code").fill("WELCOME10");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page.getByText("Promo code WELCOME10 applied.")).toBeVisible();
    await expect(page.getByTestId("price-discount")).toBeVisible();
    // One money formatter and one glossary: the discount with the minus sign U+2212, the fee's one name.
    await expect(page.getByTestId("price-discount")).toHaveText(/^\u2212\$\d/);
    await expect(page.getByText("Service fee", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: /^Pay / }).click();
    await payWithCard(page, "4242424242424242");
    await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
  });
});
