import { expect, test, withJavaScriptOnAndOff } from "./guarded-test";
import { expectAxeClean, withDemoOwners, ownerOpens } from "./console-helpers";
import { departureOf, payWithCard, signIn, signOperatorWaiver } from "./booking-helpers";
import { origin } from "./helpers";

/**
 * Private departures (issue 46, item 4), JavaScript on and off: the owner sells a service private
 * on its Services and prices page (axe clean); a traveller books a whole departure for three at the
 * group price and pays; the departure then has no seat for anyone else. The owner stops selling it
 * private again.
 */
withDemoOwners();
const EXPERIENCE = "bushwick-street-art-tour";

withJavaScriptOnAndOff("private departures", (javaScriptEnabled) => {
  test("the owner sells the walk private; a family books a whole departure; it closes for everyone else", async ({
    page,
    browser,
    request,
  }) => {
    const path = `/console/experiences/${EXPERIENCE}/prices`;
    await ownerOpens(page, path);
    const form = page.getByTestId("private-sale-form").first();
    await form.getByLabel("Privately or by the seat").check();
    await form.getByLabel("Group price (USD)").fill("300.00");
    await form.getByLabel("Most guests in a private booking").fill("8");
    await form.getByRole("button", { name: "Save private sales" }).click();
    await expect(page.getByRole("status")).toHaveText("Private sales are saved. New bookings use them from now on.");
    await expect(page.getByTestId("private-sale-state").first()).toHaveText(
      "Sold privately: $300.00 for up to 8 guests.",
    );
    if (javaScriptEnabled) await expectAxeClean(page);

    // A departure nobody has booked yet: it can be had whole.
    const target = await departureOf(request, EXPERIENCE, (slot) => slot.seatsLeft === slot.capacity);
    const traveller = await browser.newPage({ javaScriptEnabled });
    await signIn(traveller, request);
    await traveller.goto(`/experiences/${EXPERIENCE}/${target.serviceId}?date=${target.date}`);
    await traveller.locator(`input[name="slot"][value="${target.slotId}"]`).check();
    await traveller.getByLabel("Book the whole departure privately: $300.00 for up to 8 guests").check();
    await traveller.locator('input[type="number"][name^="t_"]').first().fill("3");
    if (!javaScriptEnabled) await traveller.getByRole("button", { name: "Update the total" }).click();
    const summary = traveller.locator("#booking-summary");
    await expect(summary.getByText("Private departure")).toBeVisible();
    await expect(summary.getByTestId("price-total")).toHaveText("$309.00");
    if (javaScriptEnabled) await expectAxeClean(traveller);
    await traveller.getByRole("button", { name: "Continue to booking" }).click();
    await signOperatorWaiver(traveller);
    await expect(traveller.getByText("Private departure")).toBeVisible();
    const pay = traveller.getByRole("button", { name: /^Pay / });
    await expect(pay).toContainText("$309.00");
    await pay.click();
    await payWithCard(traveller, "4242 4242 4242 4242");
    await expect(traveller).toHaveURL(/\/return\/bk_/);
    // The receipt names the group price, and the guests in it.
    await traveller.goto(`/account/receipt/${/(bk_[A-Za-z0-9_-]{16})/.exec(traveller.url())![1]}`);
    const lines = traveller.getByTestId("receipt-lines");
    await expect(lines.getByRole("row", { name: /Private departure/ })).toContainText("$300.00");
    await expect(lines.getByRole("row", { name: /Adult/ })).toContainText("3");
    await traveller.close();

    // The departure has no seat for anyone else, on the storefront's availability.
    const availability = await (
      await request.get(`${origin()}/v1/experiences/${EXPERIENCE}/services/${target.serviceId}/availability`)
    ).json();
    const days = availability.data.days as Array<{ slots: Array<{ id: string; seatsLeft: number }> }>;
    const taken = days.flatMap((day) => day.slots).find((slot) => slot.id === target.slotId)!;
    expect(taken.seatsLeft).toBe(0);

    await page.reload();
    await page.getByTestId("private-sale-form").first().getByLabel("Not sold privately").check();
    await page.getByTestId("private-sale-form").first().getByRole("button", { name: "Save private sales" }).click();
    await expect(page.getByRole("status")).toHaveText("Private sales are saved. New bookings use them from now on.");
    await expect(page.getByTestId("private-sale-state")).toHaveCount(0);
  });
});
