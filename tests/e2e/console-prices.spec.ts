import { expect, test } from "./guarded-test";
import { ACME, expectAxeClean, ownerOpens, withDemoOwners } from "./console-helpers";

withDemoOwners();

// Each run edits its own experience: the two share one database.
const RUNS = [
  { javaScriptEnabled: true, experienceId: "lower-east-side-food-tour", title: "Lower East Side Food Tour" },
  { javaScriptEnabled: false, experienceId: "central-park-bike-tour", title: "Central Park Bike Tour" },
];

for (const { javaScriptEnabled, experienceId, title } of RUNS) {
  test.describe(`operator console: services and prices, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the owner edits prices and adds a ticket type, the storefront shows them; a capacity below the seats taken is refused in words", async ({
      page,
    }) => {
      const path = `/console/experiences/${experienceId}/prices`;
      await ownerOpens(page, path, `Services and prices: ${title}`, { nav: new RegExp(title), link: /prices/i });
      if (javaScriptEnabled) {
        await page.locator("html[data-form-validation=ready]").waitFor({ state: "attached" });
        await expectAxeClean(page);
      }

      const service = page.getByTestId("service").first();
      const serviceId = (await service.locator("input[name=serviceId]").first().getAttribute("value"))!;
      const prices = service.locator("form", { has: page.getByRole("button", { name: "Save the prices" }) });
      // The rows are there before they are counted (count() does not wait).
      await expect(prices.getByTestId("ticket-row").first()).toBeVisible();
      const rowsBefore = await prices.getByTestId("ticket-row").count();
      await prices.getByLabel("Price of row 1 in USD").fill("61.50");
      await prices.getByRole("button", { name: "Add a ticket type" }).click();
      const added = rowsBefore + 1;
      await expect(prices.getByTestId("ticket-row")).toHaveCount(added);
      if (javaScriptEnabled) await expect(prices.getByLabel(`Name of row ${added}`)).toBeFocused();
      // Without JavaScript the page came back with the row added and the typed price kept.
      await expect(prices.getByLabel("Price of row 1 in USD")).toHaveValue("61.50");
      // No code to type: the name gives it.
      await expect(prices.getByLabel(/^Type of row/)).toHaveCount(0);
      await expect(prices.getByRole("textbox")).toHaveCount(added * 2);
      await prices.getByLabel(`Name of row ${added}`).fill("Senior (65+)");
      await prices.getByLabel(`Price of row ${added} in USD`).fill("12.5");
      await prices.getByRole("button", { name: "Save the prices" }).click();
      await expect(page.getByRole("status")).toHaveText("The prices are saved. New bookings use them from now on.");
      await expect(page.getByTestId("service").first().getByLabel(`Price of row ${added} in USD`)).toHaveValue("12.50");
      // Its code, for resellers and the API, folded away and read only.
      const codes = page.getByTestId("service").first().getByTestId("ticket-codes");
      await expect(codes.getByText("senior", { exact: true })).toBeHidden();
      await codes.getByText("Ticket codes for resellers and the API").click();
      await expect(codes.locator("dd").last()).toHaveText("senior");
      await expect(codes.locator("dt").last()).toHaveText("Senior (65+)");
      if (javaScriptEnabled) await expectAxeClean(page);

      // The first service's form that has the button named so (found again on the page as it is now).
      const firstServiceForm = (button: string) =>
        page
          .getByTestId("service")
          .first()
          .locator("form", { has: page.getByRole("button", { name: button }) });

      // A price that cannot be: refused next to the field.
      const again = firstServiceForm("Save the prices");
      await again.getByLabel("Price of row 1 in USD").fill("12.345");
      await again.getByRole("button", { name: "Save the prices" }).click();
      await expect(again.getByText("Enter a price like 12 or 12.50.")).toBeVisible();
      await expect(again.getByLabel("Price of row 1 in USD")).toHaveAttribute("aria-invalid", "true");

      // The capacity cannot go below the seats sold and held: said in words, with the count.
      const details = firstServiceForm("Save the service");
      await details.getByLabel("Capacity (seats per departure)").fill("1");
      await details.getByRole("button", { name: "Save the service" }).click();
      const refusal = page
        .getByTestId("service")
        .first()
        .getByText(/^\d+ seats? (is|are) already sold or held on a departure: the capacity cannot be less than \d+\.$/);
      await expect(refusal).toBeVisible();
      await expect(details.getByLabel("Capacity (seats per departure)")).toHaveAttribute("aria-invalid", "true");
      if (javaScriptEnabled) await expectAxeClean(page);

      // The storefront's details page shows the new price at once (its kept page was purged).
      const storefront = await page.context().newPage();
      await storefront.goto(`${ACME}/experiences/${experienceId}/${serviceId}`);
      await expect(storefront.getByText("$61.50").first()).toBeVisible();
      await storefront.close();
    });
  });
}
