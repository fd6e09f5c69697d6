import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, type Page } from "./guarded-test";
import { findBookableDay, payWithCard, signOperatorWaiver } from "./booking-helpers";
import { ACME, OWNER, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import { todaysBooking } from "./day-helpers";
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

/** The page does not scroll sideways (a table may, in its own region: widths.spec.ts checks those). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe("the console on a phone (issue 40)", () => {
  withDemoOwners();

  test("the manifest: each booking is a card with its check-in buttons on the screen; checking a guest in works there", async ({
    page,
    request,
  }) => {
    const booked = await todaysBooking(request);
    await page.goto(`${ACME}/console/manifest?date=${booked.date}`);
    await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/console\/manifest\?date=/);
    const card = page.locator(`[data-booking-id="${booked.bookingId}"]`);
    await expect(card).toBeVisible();
    await expectNoSidewaysScroll(page);
    // A card as wide as the page at most, not a row of a table wider than the screen.
    expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe("block");
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // What each column says, named in the card.
    await expect(card.getByText("Lead guest", { exact: true })).toBeVisible();
    await expect(card.getByTestId("guests-label")).toHaveText("2 Adults");
    const ref = booked.reference;
    for (const name of [
      `Check in guest 1 of ${ref}`,
      `Mark guest 1 of ${ref} as a no-show`,
      `Reset the check-in of guest 2 of ${ref}`,
      `Check in all guests of ${ref}`,
    ]) {
      const button = card.getByRole("button", { name });
      await button.scrollIntoViewIfNeeded();
      await expect(button, name).toBeInViewport({ ratio: 1 });
    }
    await card.getByRole("button", { name: `Check in guest 1 of ${ref}` }).click();
    await expect(card.locator('[data-testid="manifest-guest"][data-guest-no="1"]')).toHaveAttribute(
      "data-status",
      "checked_in",
    );
    await expectAxeClean(page);
  });

  test("the reports: the chart's labels are at least 12 px and apart; the heat map names each departure, nothing cut, no hover needed", async ({
    page,
    request,
  }) => {
    // At least one departure with seats taken in the coming weeks.
    await todaysBooking(request);
    // A month of bars: more days than labels fit on a phone.
    await page.goto(`${ACME}/console/reports?from=2026-10-01&to=2026-11-14`);
    await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/console\/reports\?/);
    await expectNoSidewaysScroll(page);
    const chart = page.getByRole("region", { name: "Revenue by day" });
    await expect(chart.getByRole("img", { name: "Revenue by day" })).toBeVisible();
    await expect(chart.locator("rect[data-bar]")).toHaveCount(45);
    // Every piece of text the chart's section shows, at the size it is drawn (an SVG's text shrinks with it).
    const labels = await chart.evaluate((root) =>
      [...root.querySelectorAll<HTMLElement | SVGGraphicsElement>("*")]
        .filter(
          (element) =>
            element.getClientRects().length > 0 &&
            [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()),
        )
        .map((element) => {
          const scale = element instanceof SVGGraphicsElement ? (element.getScreenCTM()?.d ?? 1) : 1;
          const rect = element.getBoundingClientRect();
          return {
            text: element.textContent!.trim(),
            size: parseFloat(getComputedStyle(element).fontSize) * scale,
            left: rect.left,
            right: rect.right,
            top: rect.top,
            bottom: rect.bottom,
          };
        }),
    );
    expect(labels.length).toBeGreaterThanOrEqual(6);
    for (const label of labels) {
      expect(label.size, label.text).toBeGreaterThanOrEqual(12);
      expect(label.left, label.text).toBeGreaterThanOrEqual(0);
      expect(label.right, label.text).toBeLessThanOrEqual(390);
    }
    for (const [i, a] of labels.entries())
      for (const b of labels.slice(i + 1)) {
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        expect(apart, `"${a.text}" and "${b.text}" overlap`).toBe(true);
      }

    // The heat map: each departure's figures and names in words, inside its cell and the screen.
    const map = page.getByRole("table", { name: /Departures by week and weekday/ });
    const departures = map.locator("td li");
    await expect(departures.first()).toBeVisible();
    await expect(departures.first()).toContainText(/^\d{2}:\d{2} · \d+\/\d+ \(\d+%\).+ · .+$/);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      const cut = await map.evaluate((table, viewport) => {
        const problems: string[] = [];
        for (const item of [...table.querySelectorAll<HTMLElement>("td li")].slice(0, 60)) {
          const cell = item.closest("td")!.getBoundingClientRect();
          const box = item.getBoundingClientRect();
          const name = item.lastElementChild as HTMLElement | null;
          if (box.left < cell.left - 0.5 || box.right > cell.right + 0.5 || box.right > viewport)
            problems.push(`out of its cell: ${item.textContent}`);
          if (item.scrollWidth > item.clientWidth || (name && name.scrollWidth > name.clientWidth))
            problems.push(`cut: ${item.textContent}`);
          if (!name || name.getClientRects().length === 0 || !name.textContent?.includes(" · "))
            problems.push(`not named: ${item.textContent}`);
        }
        return problems;
      }, width);
      expect(cut, `at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAxeClean(page);
  });
});
