import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, withJavaScriptOnAndOff } from "./guarded-test";
import { ACME, OWNER, expectAxeClean, todayIn, withDemoOwners } from "./console-helpers";
import { signInWithPassword } from "./identity-helpers";

const EXPERIENCE = "hudson-river-kayak";

/** Today in New York (the experience's zone), YYYY-MM-DD. */
const todayInNewYork = () => todayIn("America/New_York");

withDemoOwners();

withJavaScriptOnAndOff("operator console: schedules and departures", (javaScriptEnabled) => {
  test("a weekly rule makes departures; capacity changes; capacity below the seats taken is refused in words", async ({
    page,
  }) => {
    const time = javaScriptEnabled ? "07:25" : "07:35";
    await page.goto(`${ACME}/console/experiences/${EXPERIENCE}/schedule`);
    await expect(page).toHaveURL(/\/login\?redirectUrl=/);
    await signInWithPassword(page, OWNER, DEMO_OWNER_PASSWORD);
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schedule: Hudson River Kayak Session");
    if (javaScriptEnabled) await expectAxeClean(page);

    // The cut-off's hint says what the number means (as it is typed, with JavaScript).
    const cutoff = page.getByLabel("Online sales stop (minutes before the start)");
    const saved = await cutoff.inputValue();
    const hint = page.locator(`[id="${await cutoff.getAttribute("id")}-hint"]`);
    await expect(hint).toHaveText(
      saved === "0"
        ? "Online sales stay open until each departure starts."
        : `Online sales close ${saved} minutes before each departure starts.`,
    );
    if (javaScriptEnabled) {
      await cutoff.fill("45");
      await expect(hint).toHaveText("Online sales close 45 minutes before each departure starts.");
      await cutoff.fill(saved);
    }

    const rule = page.getByRole("group", { name: "Add a weekly rule" });
    await rule.getByLabel("Wednesday").check();
    await rule.getByLabel("Start times").fill(time);
    await rule.getByLabel("First day").fill(todayInNewYork());
    await page.getByRole("button", { name: "Save the schedule" }).click();
    await expect(page.getByRole("status")).toContainText(/\d+ departures added\./);
    // The saved rule is on the page again, with its time.
    await expect
      .poll(() =>
        page
          .getByLabel("Start times")
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      )
      .toContain(time);
    // A new rule can be added at once, without a reload: its block is there, empty.
    const next = page.getByRole("group", { name: "Add a weekly rule" });
    await expect(next).toBeVisible();
    await expect(next.getByLabel("Start times")).toHaveValue("");
    if (javaScriptEnabled) await expectAxeClean(page);

    await page.goto(`${ACME}/console/experiences/${EXPERIENCE}/departures`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Departures: Hudson River Kayak Session");
    if (javaScriptEnabled) await expectAxeClean(page);
    const made = page
      .getByTestId("departure")
      .filter({ hasText: new RegExp(`${Number(time.slice(0, 2))}:${time.slice(3)} AM`) })
      .filter({ hasText: "0 sold · 0 held" })
      .first();
    await expect(made).toContainText("weekly rule");
    await made.getByLabel("Capacity").fill("9");
    await made.getByRole("button", { name: "Save capacity" }).click();
    await expect(page.getByRole("status")).toHaveText("The capacity is saved.");

    // A seeded departure with seats taken: capacity 1 is below them.
    const taken = page
      .getByTestId("departure")
      .filter({ hasText: /· [1-9]\d* (sold|held)/ })
      .first();
    const id = await taken.getAttribute("id");
    await taken.getByLabel("Capacity").fill("1");
    await taken.getByRole("button", { name: "Save capacity" }).click();
    const row = page.locator(`[id="${id}"]`);
    await expect(row.getByText(/At least \d+: \d+ seats? (is|are) already sold or held\./)).toBeVisible();
    await expect(row.getByLabel("Capacity")).toHaveAttribute("aria-invalid", "true");
    if (javaScriptEnabled) await expectAxeClean(page);
  });
});
