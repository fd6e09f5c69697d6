import sharp from "sharp";
import { expect, test } from "./guarded-test";
import { ACME, expectAxeClean, ownerOpens, withDemoOwners } from "./console-helpers";

/** A JPEG made here: a quarter turn stored sideways (EXIF Orientation 6), as phones write them. */
async function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

withDemoOwners();

for (const javaScriptEnabled of [true, false]) {
  // One experience each: the runs do not see each other's photos.
  const experienceId = javaScriptEnabled ? "hudson-river-kayak" : "central-park-bike-tour";
  test.describe(`operator console: photos, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the owner adds two photos, makes the second the cover; the storefront's card and details draw it", async ({
      page,
      request,
    }) => {
      const photos = `${ACME}/console/experiences/${experienceId}/photos`;
      await ownerOpens(page, `/console/experiences/${experienceId}/photos`, "Photos", {
        nav: /^Pages of /,
        link: "Photos",
      });
      if (javaScriptEnabled) await expectAxeClean(page);

      // A refusal in words, on the field: an SVG named .jpg.
      const form = page.locator("form", { has: page.getByRole("button", { name: "Upload photo" }) });
      await form.getByLabel("Photo file").setInputFiles({
        name: "logo.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
      });
      await form.getByLabel("Alt text").fill("Our logo");
      await form.getByRole("button", { name: "Upload photo" }).click();
      await expect(page.getByText("This file is not a photo we can read.")).toBeVisible();

      if (javaScriptEnabled) {
        // Dropped on the zone: each file uploads with the alt text, announced as it goes.
        await page.getByLabel("Alt text", { exact: true }).fill("A red canoe on the river");
        const files = [
          { name: "red.jpg", mimeType: "image/jpeg", buffer: (await photo("#b91c1c")).toString("base64") },
          { name: "green.jpg", mimeType: "image/jpeg", buffer: (await photo("#15803d")).toString("base64") },
        ];
        const dataTransfer = await page.evaluateHandle((list) => {
          const transfer = new DataTransfer();
          for (const file of list) {
            const bytes = Uint8Array.from(atob(file.buffer), (c) => c.charCodeAt(0));
            transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
          }
          return transfer;
        }, files);
        await page.getByTestId("drop-zone").dispatchEvent("drop", { dataTransfer });
        await expect(page.getByTestId("drop-status")).toHaveText("red.jpg was added. green.jpg was added.", {
          timeout: 30_000,
        });
        await expect(page.getByTestId("photo")).toHaveCount(2);
      } else {
        for (const [name, colour] of [
          ["red.jpg", "#b91c1c"],
          ["green.jpg", "#15803d"],
        ]) {
          await form
            .getByLabel("Photo file")
            .setInputFiles({ name, mimeType: "image/jpeg", buffer: await photo(colour) });
          await form.getByLabel("Alt text").fill("A red canoe on the river");
          await form.getByRole("button", { name: "Upload photo" }).click();
          await expect(page.getByRole("status").filter({ hasText: "The photo was added." })).toBeVisible();
        }
        await expect(page.getByTestId("photo")).toHaveCount(2);
      }
      // The second: its own alt text, then the cover.
      const second = page.getByTestId("photo").nth(1);
      await second.getByLabel("Alt text of photo 2").fill("Two bikes by the lake");
      await second.getByRole("button", { name: "Save alt text" }).click();
      await expect(page.getByRole("status").filter({ hasText: "The alt text was saved." })).toBeVisible();
      await page.getByTestId("photo").nth(1).getByRole("button", { name: "Make cover: photo 2" }).click();
      await expect(page.getByRole("status").filter({ hasText: "The order of the photos was changed." })).toBeVisible();
      await expect(page.getByTestId("photo-place").first()).toHaveText("Cover");
      await expect(page.getByTestId("photo").first().locator("img")).toHaveAttribute("alt", "Two bikes by the lake");
      if (javaScriptEnabled) await expectAxeClean(page);

      // The storefront's card: a <picture> with AVIF and WebP sources, sizes, width and height.
      await page.goto(`${ACME}/`);
      const card = page
        .getByTestId("experience-list")
        .locator("li", { has: page.locator(`a[href^="/experiences/${experienceId}/"]`) });
      const picture = card.locator("picture");
      await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
        "srcset",
        /480\.avif 480w, .*960\.avif 960w, .*1600\.avif 1600w/,
      );
      await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute("sizes", /vw/);
      const img = picture.locator("img");
      await expect(img).toHaveAttribute("alt", "Two bikes by the lake");
      await expect(img).toHaveAttribute("width", "1600");
      await expect(img).toHaveAttribute("height", String(Math.round((1600 * 2400) / 1800)));
      await expect(img).toHaveAttribute("srcset", /\.jpg 480w/);
      // The first card alone has high priority; cards past the first row load lazily.
      const cards = page.getByTestId("experience-list").locator(":scope > li");
      const index = await cards.evaluateAll(
        (items, id) => items.findIndex((item) => item.querySelector(`a[href^="/experiences/${id}/"]`)),
        experienceId,
      );
      await expect(img).toHaveAttribute("loading", index < 3 ? "eager" : "lazy");
      if (index === 0) await expect(img).toHaveAttribute("fetchpriority", "high");
      else await expect(img).not.toHaveAttribute("fetchpriority", "high");
      const others = await page.locator('[data-testid="experience-list"] img[fetchpriority="high"]').count();
      expect(others).toBe(1);

      // The file itself: the immutable JPEG, upright.
      const src = await img.getAttribute("src");
      // Through the web (its /v1 forwarding) on the marketplace host: the files are not per storefront.
      const file = await request.get(src!);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/jpeg");
      expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(file.headers()["x-content-type-options"]).toBe("nosniff");
      const meta = await sharp(await file.body()).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([480, 640, undefined]);

      // The details page: a gallery, the cover eager with high priority, the other lazy; og:image.
      await card.locator("a").first().click();
      await expect(page).toHaveURL(new RegExp(`/experiences/${experienceId}/`));
      const gallery = page.getByRole("list", { name: /Photos of/ }).locator("img");
      await expect(gallery).toHaveCount(2);
      await expect(gallery.first()).toHaveAttribute("alt", "Two bikes by the lake");
      await expect(gallery.first()).toHaveAttribute("loading", "eager");
      await expect(gallery.first()).toHaveAttribute("fetchpriority", "high");
      await expect(gallery.nth(1)).toHaveAttribute("loading", "lazy");
      await expect(gallery.nth(1)).toHaveAttribute("alt", "A red canoe on the river");
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        new RegExp(`^${ACME}/v1/media/photos/${experienceId}/ph_[\\w-]+/1600\\.jpg$`),
      );

      // Deleted (after its confirmation), the photo leaves the details page.
      await page.goto(photos);
      const last = page.getByTestId("photo").nth(1);
      if (javaScriptEnabled) await last.getByText("Delete…").click();
      else await last.locator("summary").click();
      await last.getByRole("button", { name: "Delete photo 2" }).click();
      await expect(page.getByRole("status").filter({ hasText: "The photo was deleted." })).toBeVisible();
      await expect(page.getByTestId("photo")).toHaveCount(1);
    });
  });
}
