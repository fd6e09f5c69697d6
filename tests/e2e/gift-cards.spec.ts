import type { Locator } from "@playwright/test";
import { expect, test, type APIRequestContext, type Page } from "./guarded-test";
import { payWithCard, type Day } from "./booking-helpers";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { ACME, OWNER, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import { EXPERIENCE, productNow } from "./day-helpers";
import { origin } from "./helpers";
import { createCompleteUser, PASSWORD, signInWithPassword, uniqueEmail } from "./identity-helpers";

withDemoOwners();

/**
 * Gift cards end to end: bought without JavaScript on the marketplace, delivered by email with its
 * code, spent on part of a booking with JavaScript (the checkout charges the rest), the balance
 * page and the history; bought on a storefront for a later day, listed to its operator.
 */

/** A departure of acme's sunrise walk (USD, like a marketplace card) two days or more ahead, with seats. */
async function acmeDeparture(request: APIRequestContext) {
  const now = await productNow(request);
  const earliest = new Date(now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
  const experience = await (await request.get(`${origin()}/v1/experiences/${EXPERIENCE}`)).json();
  const serviceId = experience.data.services[0].id as string;
  const availability = await (
    await request.get(`${origin()}/v1/experiences/${EXPERIENCE}/services/${serviceId}/availability`)
  ).json();
  const day = (availability.data.days as Day[]).find(
    (candidate) => candidate.date >= earliest && candidate.slots.some((slot) => slot.seatsLeft >= 3),
  )!;
  return { serviceId, date: day.date, slot: day.slots.find((slot) => slot.seatsLeft >= 3)! };
}

/** The id of the service's adult ticket (the first one). */
async function adultTicket(request: APIRequestContext, serviceId: string): Promise<string> {
  const detail = await (await request.get(`${origin()}/v1/experiences/${EXPERIENCE}/services/${serviceId}`)).json();
  return (detail.data.service.ticketTypes as Array<{ id: string }>)[0].id;
}

/** The code in the gift card email sent to `to` (the dev mailbox). */
async function deliveredCode(request: APIRequestContext, to: string): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const mail = await (await request.get(`${origin()}/v1/dev/outbox?to=${encodeURIComponent(to)}&limit=20`)).json();
      const card = (mail.data as Array<{ kind: string; textBody: string }>).find(
        (message) => message.kind === "gift_card",
      );
      code = /Your code: ([2-9A-Z-]{19})/.exec(card?.textBody ?? "")?.[1] ?? "";
      return code;
    })
    .not.toBe("");
  return code;
}

async function fillOrder(page: Page, order: { amount: string; to: string; deliverOn?: string }) {
  await page.getByLabel(/^Amount/).fill(order.amount);
  await page.getByLabel("Recipient's email").fill(order.to);
  await page.getByLabel("Recipient's name (optional)").fill("Sam");
  await page.getByLabel("Your name (shown to the recipient)").fill("Alex");
  await page.getByLabel("Message (optional)").fill("Happy birthday, Sam!");
  if (order.deliverOn) await page.getByLabel("Delivery date (optional)").fill(order.deliverOn);
  await page.getByRole("button", { name: "Continue to payment" }).click();
}

test("bought without JavaScript, emailed with its code, spent on part of a booking; balance and history", async ({
  browser,
  request,
}) => {
  const buyer = await createCompleteUser(request, uniqueEmail("gc-buyer"), PASSWORD);
  const recipient = await createCompleteUser(request, uniqueEmail("gc-recipient"), PASSWORD, { operators: ["acme"] });

  // Without JavaScript: sign in, the buy form, the sandbox checkout, back to the thank-you notice.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto("/gift-cards");
  await page.getByRole("link", { name: "Buy a gift card" }).click();
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  await signInWithPassword(page, buyer.email, PASSWORD);
  await expect(page).toHaveURL(/\/gift-cards\/buy/);
  await fillOrder(page, { amount: "5", to: recipient.email });
  await expect(page.getByText("Choose an amount between $10.00 and $1,000.00.")).toBeVisible();
  await fillOrder(page, { amount: "20", to: recipient.email });
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByText("$20.00").first()).toBeVisible();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/gift-cards\?bought=1/);
  await expect(page.getByRole("status")).toContainText("Your gift card is paid");
  await page.goto("/account/payments");
  await expect(page.getByTestId("gift-cards")).toContainText(`Bought by you for ${recipient.email}`);
  await expect(page.getByTestId("gift-cards")).toContainText("$20.00 left of $20.00");
  await plain.close();

  // The recipient's email carries the code; with JavaScript it pays part of a booking.
  const code = await deliveredCode(request, recipient.email);
  const target = await acmeDeparture(request);
  const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
  const amountOf = async (locator: Locator) =>
    Math.round(Number(((await locator.textContent()) ?? "").replace(/[^0-9.]/g, "")) * 100);
  /** The order's total before any gift card (the price summary). */
  const totalOf = (on: Page) => amountOf(on.getByTestId("price-total"));

  // Without JavaScript, "Apply card" shows what the checkout will charge on the Pay button (issue 39 item 5).
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plainPage = await noJs.newPage();
  await plainPage.goto("/login");
  await signInWithPassword(plainPage, recipient.email, PASSWORD);
  await plainPage.goto(
    `/experiences/${EXPERIENCE}/${target.serviceId}/confirm?slot=${target.slot.id}&t_${await adultTicket(request, target.serviceId)}=2`,
  );
  const fullTotal = await totalOf(plainPage);
  // The card was sent to this traveller: it is offered by itself, ticked, and Pay already counts it.
  const own = plainPage.getByTestId("wallet-gift-card");
  await expect(own).toContainText(`····${code.slice(-4)}`);
  await expect(own.getByRole("checkbox")).toBeChecked();
  await expect(plainPage.getByRole("button", { name: /^Pay / })).toHaveText(`Pay ${money(fullTotal - 2_000)}`);
  await plainPage.getByLabel("Gift card code (optional)").fill(code);
  await plainPage.getByRole("button", { name: "Apply card" }).click();
  await expect(plainPage.getByTestId("gift-card-applied")).toContainText("$20.00 available");
  await expect(plainPage.getByRole("button", { name: /^Pay / })).toHaveText(`Pay ${money(fullTotal - 2_000)}`);
  await noJs.close();
  const context = await browser.newContext();
  const live = await context.newPage();
  await live.goto("/login");
  await signInWithPassword(live, recipient.email, PASSWORD);
  await expect(live.getByRole("button", { name: "Sign out" })).toBeVisible();
  await live.goto(`/experiences/${EXPERIENCE}/${target.serviceId}?date=${target.date}`);
  await live.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
  await live.locator('input[type="number"][name^="t_"]').first().fill("2");
  await live.getByRole("button", { name: "Continue to booking" }).click();
  await expect(live).toHaveURL(/\/confirm\?/);
  await expectAxeClean(live);
  // A wrong code first: the field says so and nothing is held.
  await live.getByLabel("Gift card code (optional)").fill("ABCD-EFGH-JKMN-PQRS");
  await live.getByRole("button", { name: /^Pay / }).click();
  await expect(live.getByText("This gift card code is not valid here, or has no balance left.")).toBeVisible();
  const beforeCard = await totalOf(live);
  // Unticked, the traveller's own card pays nothing: Pay says the whole total.
  await live.getByTestId("wallet-gift-card").getByRole("checkbox").uncheck();
  await expect(live.getByRole("button", { name: /^Pay / })).toHaveText(`Pay ${money(beforeCard)}`);
  await live.getByLabel("Gift card code (optional)").fill(code.toLowerCase());
  // With JavaScript the Pay button follows the typed card at once: what the checkout will charge.
  await expect(live.getByRole("button", { name: /^Pay / })).toHaveText(`Pay ${money(beforeCard - 2_000)}`);
  await live.getByRole("button", { name: /^Pay / }).click();
  await expect(live).toHaveURL(/\/sandbox\/checkout\//);
  const charged = (await live.getByTestId("checkout-amount").textContent()) ?? "";
  await payWithCard(live, "4242 4242 4242 4242");
  await expect(live.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
  const id = /\/return\/(bk_[A-Za-z0-9_-]+)/.exec(live.url())![1];
  const booking = (
    await (
      await request.get(`${origin()}/v1/bookings/${id}`, { headers: { Authorization: `Bearer ${recipient.idToken}` } })
    ).json()
  ).data;
  // The card paid its $20.00; the checkout charged exactly the rest.
  expect(booking.giftCardMinor).toBe(2_000);
  expect(Math.round(Number(charged.replace(/[^0-9.]/g, "")) * 100)).toBe(booking.totalMinor - 2_000);
  await live.goto(`/account/booking/${id}`);
  await expect(live.getByText("Paid with a gift card")).toBeVisible();

  // The balance page, reached by typing the code: empty now, with its history.
  await live.goto("/gift-cards");
  await live.getByLabel("Gift card code").fill(code);
  await live.getByRole("button", { name: "Check the balance" }).click();
  await expect(live.getByTestId("gift-card-balance")).toContainText("has $0.00 left");
  await expect(live.getByText("Paid a booking")).toBeVisible();
  await expectAxeClean(live);
  await context.close();
});

test("bought on a storefront for a later day: scheduled for the buyer, listed to the operator with its last 4 hidden until sent", async ({
  browser,
  request,
}) => {
  const buyer = await createCompleteUser(request, uniqueEmail("gc-store-buyer"), PASSWORD, { operators: ["acme"] });
  const to = uniqueEmail("gc-store-recipient");
  const later = new Date((await productNow(request)).getTime() + 10 * 86_400_000).toISOString().slice(0, 10);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${ACME}/gift-cards/buy`);
  await signInHere(page, buyer.email, PASSWORD, /\/gift-cards\/buy/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("gift card");
  await expectAxeClean(page);
  await fillOrder(page, { amount: "35", to, deliverOn: later });
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/gift-cards\?bought=1/);
  await page.goto(`${ACME}/account/payments`);
  await expect(page.getByTestId("gift-cards")).toContainText("Gift card to be sent on");
  await context.close();
  const mail = await (await request.get(`${origin()}/v1/dev/outbox?to=${encodeURIComponent(to)}&limit=5`)).json();
  expect(mail.data).toEqual([]);

  const consoleContext = await browser.newContext();
  const operator = await consoleContext.newPage();
  await operator.goto(`${ACME}/console/gift-cards`);
  await signInHere(operator, OWNER, DEMO_OWNER_PASSWORD, /\/console\/gift-cards/);
  const row = operator.getByTestId("gift-card-row").filter({ hasText: to });
  await expect(row).toContainText("Not sent yet");
  await expect(row).toContainText("$35.00");
  await expectAxeClean(operator);
  await consoleContext.close();
});
