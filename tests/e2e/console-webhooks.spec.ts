import { expect, test } from "./guarded-test";
import { ACME, expectAxeClean, ownerOpens, withDemoOwners } from "./console-helpers";

withDemoOwners();

const JAVASCRIPT = { on: true, off: false } as const;

for (const [said, javaScriptEnabled] of Object.entries(JAVASCRIPT)) {
  test.describe(`operator console: webhooks, JavaScript ${said}`, () => {
    test.use({ javaScriptEnabled });

    test("a private address refused; a webhook added, its secret shown once, deleted", async ({ page }) => {
      // A public address literal: no DNS asked; the webhook is deleted before any event is sent to it.
      const url = `https://93.184.215.14/hooks/${said}-${Date.now()}`;
      await ownerOpens(page, "/console/webhooks", "Webhooks", { nav: "Console sections", link: "Webhooks" });
      await expect(page.getByTestId("webhooks")).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);

      const add = page.getByRole("form", { name: "Add a webhook" });
      await add.getByLabel("Receiver's address").fill("http://169.254.169.254/latest/meta-data/");
      await add.getByRole("checkbox", { name: /^booking\.created/ }).check();
      await add.getByRole("button", { name: "Add the webhook" }).click();
      await expect(page.getByRole("form", { name: "Add a webhook" })).toContainText(
        "This address points to a private, loopback or link-local network.",
      );
      await expect(page.getByTestId("new-secret")).toHaveCount(0);

      const again = page.getByRole("form", { name: "Add a webhook" });
      await again.getByLabel("Receiver's address").fill(url);
      const created = again.getByRole("checkbox", { name: /^booking\.created/ });
      if (!(await created.isChecked())) await created.check();
      await again.getByRole("checkbox", { name: /^availability\.changed/ }).check();
      await again.getByRole("button", { name: "Add the webhook" }).click();
      const made = page.getByTestId("new-secret");
      await expect(made).toContainText(`The signing secret for ${url}`);
      await expect(made).toContainText("Copy it now: it is shown only this once.");
      const secret = (await made.getByTestId("new-secret-text").textContent())!.trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      const card = page.getByTestId("webhook").filter({ hasText: url });
      await expect(card).toContainText("Events: booking.created, availability.changed");
      await expect(card).toContainText("No events sent yet.");
      if (javaScriptEnabled) await expectAxeClean(page);

      // Shown once: the page again has no secret on it.
      await page.goto(`${ACME}/console/webhooks`);
      await expect(page.getByTestId("new-secret")).toHaveCount(0);
      expect(await page.content()).not.toContain(secret);

      // Deleted, asked first.
      await card.locator("summary", { hasText: "Delete" }).click();
      await card.getByRole("button", { name: `Delete the webhook ${url}` }).click();
      await expect(page.getByRole("status")).toHaveText("The webhook has been deleted.");
      await expect(page.getByTestId("webhook").filter({ hasText: url })).toHaveCount(0);
    });
  });
}
