import sharp from "sharp";
import { expect, test, type Page } from "./guarded-test";
import { ACME, expectAxeClean, ownerOpens, withDemoOwners } from "./console-helpers";

withDemoOwners();

/** A wordmark with a transparent background, as a designer exports it. */
async function transparentLogo(): Promise<Buffer> {
  const bar = await sharp({ create: { width: 400, height: 100, channels: 4, background: "#0f172aff" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: bar, top: 50, left: 100 }])
    .png()
    .toBuffer();
}

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** The storefront's home in a tab of its own: the hero's colour (bg-brand) and the header's logo. */
async function storefrontLooks(page: Page) {
  const tab = await page.context().newPage();
  await tab.goto(`${ACME}/`);
  const hero = tab.getByTestId("storefront-hero");
  const background = await hero.evaluate((element) => getComputedStyle(element).backgroundColor);
  const logo = await tab.getByRole("banner").getByTestId("brand-logo").first().getAttribute("src");
  await tab.close();
  return { background, logo };
}

// The two runs share one database: each publishes its own colour.
const RUNS = [
  { javaScriptEnabled: true, color: "#b91c1c" },
  { javaScriptEnabled: false, color: "#15803d" },
];

for (const { javaScriptEnabled, color } of RUNS) {
  test.describe(`operator console: branding, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a colour failing 4.5:1 is refused with its ratio; a logo and a passing colour are previewed, then published to the storefront", async ({
      page,
    }) => {
      await ownerOpens(page, "/console/branding", "Branding");
      if (javaScriptEnabled) {
        await page.locator("html[data-form-validation=ready]").waitFor({ state: "attached" });
        await expectAxeClean(page);
      }
      const before = await storefrontLooks(page);
      expect(before.background).not.toBe(rgb(color));

      // A pale colour: refused next to the field with the measured ratio.
      const colorField = page.getByLabel("Primary colour (#rrggbb)");
      await colorField.fill("#7dd3fc");
      if (javaScriptEnabled) await expect(page.getByTestId("contrast-ratio")).toContainText("1.6:1, below the 4.5:1");
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByTestId("color-error")).toHaveText(
        "The button text on #7dd3fc reaches 1.6:1; it needs 4.5:1. Choose a darker colour.",
      );
      await expect(page.getByLabel("Primary colour (#rrggbb)")).toHaveAttribute("aria-invalid", "true");
      if (javaScriptEnabled) await expectAxeClean(page);

      // The logo: a plain file input and a native post.
      await page.getByLabel("Logo file").setInputFiles({
        name: "wordmark.png",
        mimeType: "image/png",
        buffer: await transparentLogo(),
      });
      await page.getByRole("button", { name: "Upload logo" }).click();
      await expect(page.getByRole("status")).toHaveText(
        "The logo is in the draft. Publish to show it on the storefront.",
      );
      const draftLogo = await page.getByTestId("draft-logo").getByTestId("brand-logo").getAttribute("src");
      expect(draftLogo).toMatch(/^\/v1\/media\/logos\/.+\/96\.png$/);

      // A passing colour: with JavaScript the picker and the live preview follow at once.
      if (javaScriptEnabled) {
        await page.getByLabel("Pick the primary colour").fill(color);
        await expect(page.getByLabel("Primary colour (#rrggbb)")).toHaveValue(color);
        await expect(page.getByTestId("preview-button")).toHaveCSS("background-color", rgb(color));
        await expect(page.getByTestId("contrast-ratio")).toContainText("(needs 4.5:1)");
        // Typing works the same way (and leaves the picker, whose chooser may hold the first click).
        await page.getByLabel("Primary colour (#rrggbb)").fill(color);
      } else {
        await page.getByLabel("Primary colour (#rrggbb)").fill(color);
      }
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByRole("status")).toHaveText("The draft is saved. Check the preview, then publish it.");
      // The server-rendered preview: the draft's colour and logo.
      await expect(page.getByTestId("preview-button")).toHaveCSS("background-color", rgb(color));
      await expect(page.getByTestId("preview-brand").getByTestId("brand-logo")).toHaveAttribute("src", draftLogo!);
      await expect(page.getByTestId("publish-state")).toHaveText("The draft has changes travellers do not see yet.");
      if (javaScriptEnabled) await expectAxeClean(page);

      // Not before publishing…
      expect(await storefrontLooks(page)).toEqual(before);

      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByRole("status")).toHaveText(
        "Published: the storefront, its emails and the console show the new branding.",
      );
      await expect(page.getByTestId("publish-state")).toHaveText("Travellers see this draft: nothing to publish.");
      // …but at once after (the kept storefront pages were dropped): the new logo and colour.
      const after = await storefrontLooks(page);
      expect(after.background).toBe(rgb(color));
      expect(after.logo).toBe(draftLogo);
      // The console's header shows it too.
      await expect(page.getByRole("banner").getByTestId("brand-logo")).toHaveAttribute("src", draftLogo!);
    });
  });
}
