import { expect, test } from "./guarded-test";
import { ACME, expectAxeClean, ownerOpens, withDemoOwners } from "./console-helpers";
import { ownerToken } from "./day-helpers";
import { origin } from "./helpers";

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

test("its resellers' OCTO subscriptions are listed apart from its own, read-only", async ({ page, request }) => {
  // A reseller of acme with a key (the API, as the resellers page does), subscribed through OCTO.
  const headers = { Authorization: `Bearer ${await ownerToken(request)}`, "X-Account-Context": "acme" };
  const name = `Lobby Desk ${Date.now()}`;
  const reseller = await request.post(`${origin()}/v1/operator/resellers`, {
    headers,
    data: { name, contactEmail: "lobby@desk.example", commissionBps: 1000, experienceIds: null },
  });
  expect(reseller.status(), await reseller.text()).toBe(201);
  const resellerId = (await reseller.json()).data.id as string;
  const key = await request.post(`${origin()}/v1/operator/resellers/${resellerId}/keys`, { headers });
  expect(key.status(), await key.text()).toBe(201);
  const octo = { Authorization: `Bearer ${(await key.json()).data.key}` };
  // A public address literal: no DNS asked, and no booking of this reseller is ever sent to it.
  const url = `https://93.184.215.14/octo-hooks/${Date.now()}`;
  const made = await request.post(`${origin()}/octo/webhooks`, {
    headers: { ...octo, "Octo-Capabilities": "octo/webhooks" },
    data: { url, event: "booking_update" },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { id, secret } = (await made.json()) as { id: string; secret: string };

  await ownerOpens(page, "/console/webhooks", "Webhooks");
  const theirs = page.getByRole("region", { name: "Your resellers' webhooks" });
  const row = theirs.getByTestId("reseller-webhook").filter({ hasText: name });
  // The reseller names its row (its header cell, as in the console's other tables).
  await expect(row.getByRole("rowheader")).toHaveText(name);
  await expect(row).toContainText(url);
  await expect(row).toContainText("Enabled");
  // Read-only: nothing to press on it, and never its secret.
  await expect(row.getByRole("button")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByTestId("webhook").filter({ hasText: url })).toHaveCount(0);
  await expectAxeClean(page);

  // The reseller deletes it (OCTO): gone from the page.
  expect((await request.delete(`${origin()}/octo/webhooks/${id}`, { headers: octo })).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("reseller-webhook").filter({ hasText: name })).toHaveCount(0);
});
