import { readFile } from "node:fs/promises";
import { expect, test, withJavaScriptOnAndOff } from "./guarded-test";
import { expectAxeClean, ownerOpens, withDemoOwners } from "./console-helpers";

withDemoOwners();

withJavaScriptOnAndOff("operator console: payouts", (javaScriptEnabled) => {
  test("the money page: balance, next payout, schedule, payouts and the month's statement, its months and its CSV", async ({
    page,
  }) => {
    await ownerOpens(page, "/console/payouts", "Payouts", { nav: "Console sections", link: "Payouts" });
    const balance = page.getByRole("region", { name: "Balance" });
    await expect(balance.getByText("Pending", { exact: true })).toBeVisible();
    await expect(balance.getByTestId("next-payout")).toContainText("payout");
    // The owner's schedule form: every field labelled.
    const schedule = page.getByRole("region", { name: "Payout schedule" });
    for (const label of ["How often", "Day of the week", "Day of the month", "Minimum payout (USD)"])
      await expect(schedule.getByLabel(label)).toBeVisible();
    if (javaScriptEnabled) await expectAxeClean(page);

    // The month before, by a plain link; and its CSV, the page's own figures.
    const statement = page.getByRole("region", { name: /^Statement for / });
    const heading = (await statement.getByRole("heading", { level: 2 }).textContent())!;
    await statement.getByRole("link", { name: /^Previous: / }).click();
    await expect(page).toHaveURL(/\?month=\d{4}-\d{2}/);
    const month = new URL(page.url()).searchParams.get("month")!;
    const previous = page.getByRole("region", { name: /^Statement for / });
    await expect(previous.getByRole("heading", { level: 2 })).not.toHaveText(heading);
    await expect(previous.getByRole("link", { name: /^Next: / })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      previous.getByRole("link", { name: /statement \(CSV\)$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-acme-${month}.csv`);
    const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
    expect(lines[0]).toBe("booking,experience,service,departure,gross,platform_fee,refunds,tips,net");
    expect(lines.at(-1)).toMatch(/^total,,,,/);
    if (javaScriptEnabled) await expectAxeClean(page);
  });
});
