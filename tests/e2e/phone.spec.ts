import { expect, test } from "./guarded-test";
import { findBookableDay, payWithCard, signOperatorWaiver } from "./booking-helpers";
import {
  completeProfile,
  PASSWORD,
  signInWithPassword,
  signUpWithPassword,
  signWaiver,
  uniqueEmail,
} from "./identity-helpers";

/** On a phone (390×844, as the issue measured): the public pages and a first booking from abroad. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe("on a phone", () => {
  test("a visitor from Lisbon signs in, completes the profile with neither a phone nor an address, and books", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("lisbon");
    await signUpWithPassword(request, email);

    const target = await findBookableDay(request, 1);
    await page.goto(`/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`);
    await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
    await page.locator('input[type="number"][name^="t_"]').first().fill("1");
    await page.getByRole("button", { name: "Continue to booking" }).click();
    await expect(page).toHaveURL(/\/login\?redirectUrl=/);
    await signInWithPassword(page, email, PASSWORD);

    await expect(page).toHaveURL(/\/complete-profile/);
    await expect(page.getByLabel(/Mobile phone/)).toHaveCount(0);
    // No booking needs a postal address: the step asks for the name only (issue 31).
    await expect(page.getByLabel("Street address", { exact: true })).toHaveCount(0);
    await completeProfile(page);
    // The platform's waiver after the profile, then the operator's before the booking.
    await signWaiver(page, "Grace Hopper");
    await signOperatorWaiver(page);
    await page.getByRole("button", { name: /^Pay / }).click();
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
  });
});

test.describe("the catalog on a phone", () => {
  test("the first experience is in the first screen; the filters open from their button and apply at once", async ({
    page,
  }) => {
    await page.goto("/");
    const first = page.getByTestId("experience-list").locator("li").first();
    const box = (await first.boundingBox())!;
    expect(box.y).toBeLessThan(844 - 120);
    // Honest prices: per adult, the fee said, other currencies with their US-dollar worth.
    await expect(first.getByTestId("card-price")).toContainText(/From .+ per adult, plus 3% fee/);
    await expect(page.getByTestId("card-price").filter({ hasText: "€" }).first()).toContainText(/≈ \$\d/);
    const filters = page.getByRole("group", { name: "Filters" });
    await expect(filters).toBeHidden();
    await page.locator("summary", { hasText: "Filters" }).click();
    await expect(filters).toBeVisible();
    await filters.getByLabel("City").selectOption({ index: 1 });
    await expect(page).toHaveURL(/[?&]city=/);
    await expect(page.locator("summary", { hasText: "Filters" })).toContainText("1");
  });
});

test.describe("an experience on a phone", () => {
  test("a sticky bar with the adult price brings the booking widget into view", async ({ page, request }) => {
    const target = await findBookableDay(request, 1);
    await page.goto(`/experiences/${target.parentId}/${target.serviceId}`);
    const bar = page.getByTestId("sticky-booking-bar");
    await expect(bar).toBeInViewport();
    // The option's adult price exactly ("From" is the experience's one figure, beside the title).
    await expect(bar).toContainText(/^(?!From).*\$\d+(\.\d\d)? per adult/);
    const widget = page.locator("#book");
    await expect(widget).not.toBeInViewport();
    await bar.getByRole("link", { name: "Check availability" }).click();
    await expect(widget).toBeInViewport();
    await expect(widget).toBeFocused();
    await expect(widget.getByRole("grid").first()).toBeVisible();
  });
});

test.describe("the catalog on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  test("shows the filters open, without the phone's button", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("group", { name: "Filters" })).toBeVisible();
    await expect(page.locator("summary", { hasText: "Filters" })).toBeHidden();
  });

  test("an experience has no sticky bar: the booking widget is beside the description", async ({ page, request }) => {
    const target = await findBookableDay(request, 1);
    await page.goto(`/experiences/${target.parentId}/${target.serviceId}`);
    await expect(page.getByTestId("sticky-booking-bar")).toBeHidden();
    await expect(page.locator("#book")).toBeInViewport();
  });
});
