import { endpoints } from "../../contract/endpoints";
import { expect, test } from "./guarded-test";
import { origin } from "./helpers";

test("the API reference at /v1/docs renders the declared endpoints from this origin alone", async ({ page }) => {
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin()) && !url.startsWith("data:")) elsewhere.push(url);
  });
  await page.goto(endpoints.apiReference.path);
  await expect(page).toHaveTitle("Wayfarer v1 API reference");
  const sidebar = page.getByRole("complementary");
  await expect(sidebar.getByRole("link", { name: endpoints.health.summary })).toBeVisible();
  for (const [group, entries] of [
    ["Catalog", [endpoints.experiences]],
    ["Bookings", [endpoints.createBooking, endpoints.cancelBooking]],
  ] as const) {
    await sidebar.getByRole("button", { name: `Open Group - ${group}` }).click();
    for (const entry of entries) {
      const link = sidebar.getByRole("link", { name: `${entry.summary} HTTP Method: ${entry.method}` });
      await expect(link).toBeVisible();
    }
  }
  await sidebar
    .getByRole("link", { name: new RegExp(`^${endpoints.cancelBooking.summary.replace(/[()]/g, "\\$&")}`) })
    .click();
  await expect(page.getByRole("heading", { name: endpoints.cancelBooking.summary })).toBeVisible();
  expect(elsewhere).toEqual([]);
});
