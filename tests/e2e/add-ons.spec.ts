import { expect, test, withJavaScriptOnAndOff } from "./guarded-test";
import { expectAxeClean, withDemoOwners, ownerOpens } from "./console-helpers";
import { bookableDepartureOf, payWithCard, signIn, toPayPage } from "./booking-helpers";
import { addAddOn } from "./extras-helpers";

/**
 * Add-ons (issue 46, item 2), JavaScript on and off: the owner adds a wetsuit on the experience's
 * add-ons page (axe clean), a traveller chooses one on the pay page (the total follows), pays, and
 * the booking page lists it; the owner removes the add-on again.
 */
withDemoOwners();
const EXPERIENCE = "new-york-pizza-making-class";

withJavaScriptOnAndOff("add-ons", (javaScriptEnabled) => {
  test("the owner adds a wetsuit; a traveller buys one with the tickets; the booking page lists it", async ({
    page,
    browser,
    request,
  }) => {
    const path = `/console/experiences/${EXPERIENCE}/add-ons`;
    await ownerOpens(page, path, /^Add-ons: /);
    if (javaScriptEnabled) {
      await page.locator("html[data-form-validation=ready]").waitFor({ state: "attached" });
      await expectAxeClean(page);
    }
    const listed = await page.getByTestId("add-on").count();
    await addAddOn(page, { name: "Wetsuit", price: "8.50", stock: "4" });
    await expect(page.getByTestId("add-on").last()).toContainText("$8.50 · per guest · 4 per departure");
    if (javaScriptEnabled) await expectAxeClean(page);

    const traveller = await browser.newPage({ javaScriptEnabled });
    await signIn(traveller, request);
    const target = await bookableDepartureOf(request, EXPERIENCE);
    await toPayPage(traveller, EXPERIENCE, target, 2);
    const pay = traveller.getByRole("button", { name: /^Pay / });
    const before = await pay.textContent();
    await traveller.getByLabel(/^Wetsuit: how many/).fill("2");
    await traveller.getByRole("button", { name: "Update the total" }).click();
    await expect(traveller.getByText("2 × Wetsuit")).toBeVisible();
    await expect(pay).not.toHaveText(before!);
    if (javaScriptEnabled) await expectAxeClean(traveller);
    await pay.click();
    await payWithCard(traveller, "4242 4242 4242 4242");
    await expect(traveller).toHaveURL(/\/return\/bk_/);
    await traveller.goto(`/account/booking/${/(bk_[A-Za-z0-9_-]{16})/.exec(traveller.url())![1]}`);
    await expect(traveller.getByTestId("booking-add-ons")).toHaveText("2 × Wetsuit");
    await traveller.close();

    await page.getByRole("button", { name: "Remove “Wetsuit”" }).last().click();
    await expect(page.getByRole("status")).toHaveText(/^The add-on was removed/);
    await expect(page.getByTestId("add-on")).toHaveCount(listed);
  });
});
