import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, type APIRequestContext } from "./guarded-test";
import { bookAndPay, signIn, type Day } from "./booking-helpers";
import { ACME, OWNER, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import { origin } from "./helpers";

withDemoOwners();

/** A departure of one of acme's experiences, two days out or later, with seats to spare. */
async function acmeDay(request: APIRequestContext, experienceId: string) {
  const earliest = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const list = await (await request.get(`${origin()}/v1/experiences?pageSize=48`)).json();
  const item = list.data.items.find((candidate: { id: string }) => candidate.id === experienceId);
  const availability = await (
    await request.get(`${origin()}/v1/experiences/${item.id}/services/${item.firstServiceId}/availability`)
  ).json();
  const day = (availability.data.days as Day[]).find(
    (candidate) => candidate.date >= earliest && candidate.slots.some((slot) => slot.seatsLeft >= 4),
  )!;
  const slot = day.slots.find((candidate) => candidate.seatsLeft >= 4)!;
  return { parentId: item.id as string, serviceId: item.firstServiceId as string, date: day.date, slot };
}

// Each run books its own experience: the two share one database.
const RUNS = [
  { javaScriptEnabled: true, experienceId: "lower-east-side-food-tour" },
  { javaScriptEnabled: false, experienceId: "central-park-bike-tour" },
];

for (const { javaScriptEnabled, experienceId } of RUNS) {
  test.describe(`operator console: refunds, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a traveller books and pays; the owner refunds part with a reason; a second submit does not refund twice; the receipt shows the refund", async ({
      page,
      browser,
      request,
    }) => {
      // The traveller books and pays on the marketplace.
      const target = await acmeDay(request, experienceId);
      await signIn(page, request);
      await bookAndPay(page, target, { tickets: 2 });
      await expect(page).toHaveURL(/\/return\/bk_/);
      const bookingId = /\/return\/(bk_[^/?]+)/.exec(page.url())![1];

      // The owner opens the booking in the console (acme's storefront), in a browser of their own.
      const consoleContext = await browser.newContext({ javaScriptEnabled });
      const operator = await consoleContext.newPage();
      const path = `/console/bookings/${bookingId}`;
      await operator.goto(`${ACME}${path}`);
      await signInHere(operator, OWNER, DEMO_OWNER_PASSWORD, new RegExp(`${path}$`));
      await expect(operator.getByRole("heading", { level: 1 })).toHaveText(/^Booking WF-/);
      await expect(operator.getByText("No refunds yet.")).toBeVisible();
      if (javaScriptEnabled) {
        await operator.locator("html[data-form-validation=ready]").waitFor({ state: "attached" });
        await expectAxeClean(operator);
      }

      // A second tab opened now: it saw nothing refunded.
      const secondTab = await consoleContext.newPage();
      await secondTab.goto(`${ACME}${path}`);

      // A partial refund with a reason, sent with a double click: one refund (the same key twice).
      const form = operator.locator("form#refund");
      await form.getByLabel(/^Amount to refund/).fill("10");
      await form.getByLabel(/^Reason/).fill("The tour started an hour late");
      await form.getByRole("button", { name: "Refund" }).dblclick();
      await expect(operator.getByRole("status")).toHaveText("The refund is recorded; the guest has been told.");
      await expect(operator.getByTestId("refund-row")).toHaveCount(1);
      await expect(operator.getByTestId("refund-row")).toContainText("The tour started an hour late");
      await expect(operator.getByTestId("money")).toContainText("$10.00");
      if (javaScriptEnabled) await expectAxeClean(operator);

      // The second tab submits with the old figure: refused, the current figure in words, nothing refunded twice.
      const other = secondTab.locator("form#refund");
      await other.getByLabel(/^Amount to refund/).fill("10");
      await other.getByLabel(/^Reason/).fill("The tour started an hour late");
      await other.getByRole("button", { name: "Refund" }).click();
      await expect(secondTab.getByTestId("refund-conflict")).toHaveText(
        "This booking was refunded meanwhile: $10.00 has been refunded in all. Check the figures below and try again.",
      );
      await expect(secondTab.getByTestId("refund-row")).toHaveCount(1);

      // Beside what was paid: the platform's service fee (travellers pay it on top) and what the operator receives.
      const money = operator.getByTestId("money");
      await expect(money.locator("div", { hasText: "Service fee (Wayfarer’s)" })).toContainText(/\$\d+\.\d\d/);
      await expect(money.locator("div", { hasText: "You receive" })).toContainText(/\$\d+\.\d\d/);

      // The audit log says it in words; the record as stored behind a Details toggle (native, no JavaScript needed).
      const reference = /WF-[A-Z0-9-]+/.exec((await operator.getByRole("heading", { level: 1 }).textContent())!)![0];
      await operator.goto(`${ACME}/console/audit-log`);
      const entry = operator.getByTestId("audit-entry").filter({ hasText: reference });
      await expect(entry.getByTestId("audit-sentence")).toHaveText(
        new RegExp(`refunded \\$10\\.00 of ${reference}, reason: The tour started an hour late$`),
      );
      const record = entry.locator("details pre");
      await expect(record).toBeHidden();
      await entry.getByText("Details", { exact: true }).click();
      await expect(record).toBeVisible();
      await expect(record).toContainText('"action": "booking.refunded"');
      if (javaScriptEnabled) await expectAxeClean(operator);
      await consoleContext.close();

      // The traveller's receipt lists the refund and the net paid.
      await page.goto(`/account/receipt/${bookingId}`);
      await expect(page.getByText(/^Refund/).first()).toBeVisible();
      await expect(page.getByText("Net paid")).toBeVisible();
      await page.goto(`/account/booking/${bookingId}`);
      await expect(page.getByText("Net paid")).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
    });
  });
}
