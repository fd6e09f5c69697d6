import { expect, test, type APIRequestContext } from "./guarded-test";
import { ACME, expectAxeClean, ownerOpens, withDemoOwners } from "./console-helpers";
import { origin } from "./helpers";

withDemoOwners();

/**
 * GET /octo/supplier with a key, at the path the page gives (its OCTO address). The address is on
 * the operator's host (acme.app.localhost), which only the browser resolves; this process asks the
 * same server by the machine's name (the key, not the host, says whose it is).
 */
async function supplier(request: APIRequestContext, octoUrl: string, key: string) {
  return request.get(`${origin()}${new URL(octoUrl).pathname}/supplier`, {
    headers: { Authorization: `Bearer ${key}` },
  });
}

const JAVASCRIPT = { on: true, off: false } as const;

for (const [said, javaScriptEnabled] of Object.entries(JAVASCRIPT)) {
  test.describe(`operator console: resellers, JavaScript ${said}`, () => {
    test.use({ javaScriptEnabled });

    test("a reseller added, its key shown once opens /octo, revoked", async ({ page, request }) => {
      const name = `Coastline Agency ${said} ${Date.now()}`;
      await ownerOpens(page, "/console/resellers", "Resellers", { nav: "Console sections", link: "Resellers" });
      const octoUrl = `${ACME}/octo`;
      await expect(page.getByTestId("octo-url")).toHaveText(`OCTO address: ${octoUrl}`);
      if (javaScriptEnabled) await expectAxeClean(page);

      // Added: every experience, by a percentage.
      const add = page.getByRole("form", { name: "Add a reseller" });
      await add.getByLabel("Name", { exact: true }).fill(name);
      await add.getByLabel("Contact email").fill("desk@coastline.example");
      await add.getByLabel("Commission (%)").fill("12.5");
      await add.getByRole("radio", { name: "Only some experiences" }).check();
      await add.getByRole("checkbox", { name: "Brooklyn Bridge Sunrise Walk", exact: true }).check();
      await add.getByRole("button", { name: "Add the reseller" }).click();
      await expect(page.getByRole("status")).toHaveText("The reseller has been added.");
      const row = page.getByTestId("reseller").filter({ hasText: name });
      await expect(row).toContainText("desk@coastline.example");
      await expect(row.getByTestId("reseller-commission")).toHaveText("12.5%");
      await expect(row.getByTestId("reseller-sells")).toHaveText("Brooklyn Bridge Sunrise Walk");
      await expect(row).toContainText("No keys yet.");

      // Net rates: a ticket type's net price above its price is refused on its field; one below it is kept.
      await row.getByRole("link", { name: `Net rates of ${name}` }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Net rates: ${name}`);
      const rate = page.getByTestId("net-rate").first();
      await expect(rate).toContainText("Brooklyn Bridge Sunrise Walk");
      const net = rate.getByRole("textbox");
      await net.fill("99999");
      await page.getByRole("button", { name: "Save the net rates" }).click();
      await expect(rate).toContainText("A net price cannot be above the ticket's price.");
      await expect(net).toHaveAttribute("aria-invalid", "true");
      await net.fill("1");
      await page.getByRole("button", { name: "Save the net rates" }).click();
      await expect(page.getByRole("status")).toHaveText("The net rates have been saved.");
      await expect(page.getByTestId("net-rate").first().getByRole("textbox")).toHaveValue("1.00");
      if (javaScriptEnabled) await expectAxeClean(page);
      await page.getByRole("link", { name: "Back to the resellers" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resellers");

      // A key: shown on this answer, with the address to give; listed by its last 4 only.
      await row.getByRole("button", { name: `Create an API key for ${name}` }).click();
      const made = page.getByTestId("new-key");
      await expect(made).toContainText(`The new API key for ${name}`);
      await expect(made).toContainText("Copy it now: it is shown only this once.");
      await expect(made).toContainText(`Give the reseller the key and the OCTO address: ${octoUrl}`);
      const key = (await made.getByTestId("new-key-text").textContent())!.trim();
      expect(key).toMatch(/^wf_octo_[A-Za-z0-9_-]{43}$/);
      const listed = row.getByTestId("reseller-key");
      await expect(listed).toHaveCount(1);
      await expect(listed).toContainText(`Key ending in ${key.slice(-4)}`);
      await expect(listed).toContainText("never used");
      if (javaScriptEnabled) await expectAxeClean(page);

      const answer = await supplier(request, octoUrl, key);
      expect(answer.status()).toBe(200);
      expect((await answer.json()).name).toBe("Acme Adventures");

      // Shown once: the page again has no key on it.
      await page.goto(`${ACME}/console/resellers`);
      await expect(page.getByTestId("new-key")).toHaveCount(0);
      expect(await page.content()).not.toContain(key);
      await expect(listed).toContainText("last used");

      // Revoked, asked first: /octo refuses the key.
      await listed.locator("summary").click();
      await listed.getByRole("button", { name: `Revoke the key ending in ${key.slice(-4)}` }).click();
      await expect(page.getByRole("status")).toHaveText("The API key has been revoked.");
      await expect(listed).toContainText("revoked");
      await expect(listed.getByRole("button")).toHaveCount(0);
      expect((await supplier(request, octoUrl, key)).status()).toBe(401);
      if (javaScriptEnabled) await expectAxeClean(page);
    });
  });
}
