import { readFile } from "node:fs/promises";
import { expect, test, withJavaScriptOnAndOff } from "./guarded-test";
import { expectAxeClean, ownerOpens, withDemoOwners } from "./console-helpers";

withDemoOwners();

withJavaScriptOnAndOff("operator console: reports", (javaScriptEnabled) => {
  test("the chart is drawn on the server with a bar a day, the table's totals match the CSV, the heat map says how full", async ({
    page,
  }) => {
    await ownerOpens(page, "/console/reports", "Reports", { nav: "Console sections", link: "Reports" });

    // A range of 14 days through the GET form: 14 bars, 14 rows.
    await page.getByLabel("From", { exact: true }).fill("2026-11-01");
    await page.getByLabel("To", { exact: true }).fill("2026-11-14");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/from=2026-11-01&to=2026-11-14/);
    const chart = page.getByRole("img", { name: "Revenue by day" });
    await expect(chart).toBeVisible();
    await expect(chart.locator("rect[data-bar]")).toHaveCount(14);
    const table = page.getByRole("table", { name: /Bookings, guests, revenue/ });
    await expect(table.locator("tbody tr")).toHaveCount(14);
    // The platform's service fee beside revenue and what the operator receives.
    await expect(table.getByRole("columnheader", { name: "Platform fees (Wayfarer’s)" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Net to you" })).toBeVisible();

    // Another figure in the chart: a link, no JavaScript needed.
    await page.getByRole("link", { name: "Guests", exact: true }).click();
    await expect(page.getByRole("img", { name: "Guests by day" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Guests", exact: true })).toHaveAttribute("aria-current", "page");

    // The CSV's totals row equals the table's.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("report-acme-2026-11-01-to-2026-11-14.csv");
    const text = await readFile((await download.path())!, "utf8");
    const totals = text.trimEnd().split("\r\n").at(-1)!.split(",");
    expect(totals[0]).toBe("total");
    await expect(table.locator('td[data-total="bookings"]')).toHaveText(Number(totals[1]).toLocaleString("en-US"));
    await expect(table.locator('td[data-total="guests"]')).toHaveText(Number(totals[2]).toLocaleString("en-US"));

    // The occupancy heat map: percentages in words, not only colours.
    const map = page.getByRole("table", { name: /Departures by week and weekday/ });
    await expect(map.getByText(/^\d{2}:\d{2} · \d+\/\d+ \(\d+%\)$/).first()).toBeVisible();
    if (javaScriptEnabled) await expectAxeClean(page);
  });
});
